/**
 * A review list's state as the URL holds it (filters, sort, page, the account open in the
 * detail view) and the `GET kyc/{kind}` query it becomes. Each value read from the URL is
 * checked with the contract's own query schema, field by field: a hand-edited link loses the
 * one bad filter, not the page.
 */
import { KYC_LIST_SORTS, type KycListSort, type KycStatus, kycListQuerySchema } from '../../../contract/kyc';
import { KYC_STATUSES } from '../../../contract/ledger';
import { readPaging, searchText } from '../../ui/list/list-search';
import type { KycListRequest } from './kyc-api';

export type SortDir = 'asc' | 'desc';

/** The status filter's choice of every status, as the URL writes it (the API takes no status for it). */
export const ALL_STATUSES = 'all';
export type StatusChoice = KycStatus | typeof ALL_STATUSES;

export interface ReviewFilters {
  q: string;
  kycStatus: StatusChoice;
  from: string;
  to: string;
  agent: string;
  region: string;
}

export interface ReviewView extends ReviewFilters {
  sort: KycListSort;
  dir: SortDir;
  page: number;
  pageSize: number;
  /** The account shown in the detail view, if any. */
  account: string;
}

const DEFAULT_REVIEW_PAGE_SIZE = 25;

/**
 * A list opens on what waits for a reviewer: pending accounts, the longest waiting first.
 * Any other status, or all of them, is a choice the URL keeps.
 */
export const DEFAULT_FILTERS: ReviewFilters = {
  q: '',
  kycStatus: 'pending',
  from: '',
  to: '',
  agent: '',
  region: '',
};

const DEFAULT_VIEW: ReviewView = {
  ...DEFAULT_FILTERS,
  sort: 'createdAt',
  dir: 'asc',
  page: 1,
  pageSize: DEFAULT_REVIEW_PAGE_SIZE,
  account: '',
};

const shape = kycListQuerySchema.shape;
const valid = (schema: { safeParse(v: unknown): { success: boolean } }, value: string) =>
  value !== '' && schema.safeParse(value).success;

const ACCOUNT_NUMBER = /^[A-Za-z]{2,5}-[A-Za-z0-9_-]{1,40}$/;

export function isAgentNumber(value: string): boolean {
  return valid(shape.agent, value);
}

export function readReviewView(search: Record<string, unknown>): ReviewView {
  const text = (key: string) => searchText(search[key]);
  const kycStatus = text('kycStatus');
  const sort = text('sort');
  let from = valid(shape.from, text('from')) ? text('from') : '';
  let to = valid(shape.to, text('to')) ? text('to') : '';
  if (from && to && from > to) [from, to] = [to, from];
  const account = text('account');
  return {
    q: valid(shape.q, text('q')) ? text('q') : '',
    kycStatus: [...KYC_STATUSES, ALL_STATUSES].includes(kycStatus)
      ? (kycStatus as StatusChoice)
      : DEFAULT_VIEW.kycStatus,
    from,
    to,
    agent: isAgentNumber(text('agent')) ? text('agent').toUpperCase() : '',
    region: valid(shape.region, text('region')) ? text('region') : '',
    sort: (KYC_LIST_SORTS as readonly string[]).includes(sort) ? (sort as KycListSort) : DEFAULT_VIEW.sort,
    dir: search.dir === 'asc' || search.dir === 'desc' ? search.dir : sort ? 'asc' : DEFAULT_VIEW.dir,
    ...readPaging(search, DEFAULT_VIEW.pageSize),
    account: ACCOUNT_NUMBER.test(account) ? account.toUpperCase() : '',
  };
}

/** The URL search of a view: defaults are left out, so a plain list has a plain address. */
export function viewSearch(view: ReviewView): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(view) as [keyof ReviewView, string | number][]) {
    if (value === '' || value === DEFAULT_VIEW[key]) continue;
    out[key] = value;
  }
  // The default order is oldest first; any other sort says its direction.
  if (view.sort !== DEFAULT_VIEW.sort || view.dir !== DEFAULT_VIEW.dir) {
    out.sort = view.sort;
    out.dir = view.dir;
  }
  return out;
}

/** What the API is asked: the list part of the view. */
export function listQuery(view: ReviewView): KycListRequest {
  const query: KycListRequest = { page: view.page, pageSize: view.pageSize, sort: view.sort, dir: view.dir };
  for (const key of ['q', 'from', 'to', 'agent', 'region'] as const) {
    if (view[key] !== '') Object.assign(query, { [key]: view[key] });
  }
  if (view.kycStatus !== ALL_STATUSES) query.kycStatus = view.kycStatus;
  return query;
}

/** The direction a column sorts in first: names and numbers A→Z, dates and statuses newest/most urgent first. */
export function nextSort(view: ReviewView, sort: KycListSort): { sort: KycListSort; dir: SortDir } {
  if (view.sort === sort) return { sort, dir: view.dir === 'asc' ? 'desc' : 'asc' };
  return { sort, dir: sort === 'createdAt' ? 'desc' : 'asc' };
}
