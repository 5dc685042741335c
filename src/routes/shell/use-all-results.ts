import { useMemo } from 'react';
import { menuLinks } from '../../../contract/navigation/menus';
import { matchPath } from '../../../contract/navigation/routes';
import type { MenuSection } from '../../../contract/navigation/types';
import { REPORTS, type TransactionReport } from '../../../contract/reports';
import { formatDateYmd } from '../../i18n/format';
import type { AllResultsFilter } from '../../machines/header-search';

/** A report page with its search: what a Link or navigate() is given. */
interface ReportLink {
  to: string;
  search: never;
}

/** Where the header's "See all results" goes: the report searched by the text, or narrowed to one account. */
export type AllResults = (filter: AllResultsFilter) => ReportLink;

/** The header searches every date; a year back is as far as the report's range is worth reading. */
const DAYS_BACK = 365;

/**
 * The user's widest transaction report with a search box, from the menu: one over every
 * transaction before one sliced to a service or bank. Null when the menu has none.
 */
export function useAllResults(sections: readonly MenuSection[]): AllResults | null {
  return useMemo(() => {
    const links = menuLinks(sections);
    const searchable = REPORTS.filter(
      (r): r is TransactionReport =>
        r.source === 'transactions' &&
        r.filters.includes('search') &&
        links.some((link) => link === r.path || matchPath(r.path, link) !== undefined),
    );
    const report = searchable.find((r) => Object.keys(r.slice).length === 0) ?? searchable[0];
    if (!report) return null;
    return (filter: AllResultsFilter): ReportLink => {
      const now = new Date();
      const from = new Date(now.getTime() - DAYS_BACK * 86_400_000);
      const narrow = 'account' in filter ? { account: filter.account } : { q: filter.text };
      return { to: report.path, search: { ...narrow, from: formatDateYmd(from), to: formatDateYmd(now) } as never };
    };
  }, [sections]);
}
