/**
 * Reading a list's view from the URL's search and writing it back. Every value is checked as it
 * is read: a hand-edited link loses the one bad value, not the page.
 */
import { PAGE_SIZES } from './report-result';
import type { PagedView } from './use-list-page';

/** The router parses `?q=771234567` as a number: read every value back as text. */
export const searchText = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** The page and its size: anything but a page number or an offered size reads as the default. */
export function readPaging(search: Record<string, unknown>, defaultPageSize: number): PagedView {
  const page = Number(searchText(search.page));
  const size = Number(searchText(search.pageSize));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultPageSize,
  };
}

/** The page and its size for the URL, left out when they are the defaults. */
export function pagingSearch(view: PagedView, defaultPageSize: number): Record<string, number> {
  return {
    ...(view.page !== 1 ? { page: view.page } : {}),
    ...(view.pageSize !== defaultPageSize ? { pageSize: view.pageSize } : {}),
  };
}
