import { REPORTS } from '../reports';
import type { KnownIconName } from './icon-names';
import type { LocalizedText } from './types';

/**
 * Pages that show one row of a report: no menu links to them, a report row does. Such a page
 * opens for a caller whose menu links to a report listing rows of its kind, and the API answers
 * 404 for a row none of the caller's reports lists
 * (docs/decisions/013-detail-pages-scoped-like-reports.md).
 */
export interface DetailRoute {
  title: LocalizedText;
  icon: KnownIconName;
  /** The report pages whose rows it opens (patterns allowed, as a member report's). */
  openedFrom: readonly string[];
}

const pagesListing = (sources: readonly string[]) =>
  REPORTS.filter((r) => sources.includes(r.source)).map((r) => r.path);

export const TRANSACTION_DETAIL_PATH = '/transactions/$reference';
export const ACCOUNT_DETAIL_PATH = '/accounts/$number';

export const DETAIL_ROUTES: Readonly<Record<string, DetailRoute>> = {
  [TRANSACTION_DETAIL_PATH]: {
    title: { en: 'Transaction', fr: 'Transaction' },
    icon: 'ReceiptText',
    openedFrom: pagesListing(['transactions']),
  },
  [ACCOUNT_DETAIL_PATH]: {
    title: { en: 'Account', fr: 'Compte' },
    icon: 'Wallet',
    openedFrom: pagesListing(['accounts', 'closures']),
  },
};

/** The report pages whose rows a detail page (by its route pattern) opens; empty for any other path. */
export function detailOpeners(path: string): readonly string[] {
  return Object.hasOwn(DETAIL_ROUTES, path) ? (DETAIL_ROUTES[path]?.openedFrom ?? []) : [];
}
