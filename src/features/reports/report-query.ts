/**
 * The report page's state as the URL holds it (filters, sort, page, page size) and the API
 * query it becomes (`GET reports/{id}`, `POST reports/{id}/exports`). Everything read from
 * the URL is checked against the report's definition: a hand-edited link cannot ask for a
 * filter the report does not offer or a column it does not have.
 */
import {
  ACTIVATION_STATUSES,
  KYC_STATUSES,
  NETWORKS,
  SERVICES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '../../../contract/ledger';
import {
  ACCOUNT_COLUMNS,
  AGGREGATE_COLUMNS,
  CLOSURE_COLUMNS,
  type ColumnDef,
  type FilterKind,
  type ReportDef,
  TRANSACTION_COLUMNS,
} from '../../../contract/reports';
import { readRange, type DateRange, type RangePreset } from '../../ui/dates';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ReportQuery } from '../../ui/list/report-result';

const CLOSURE_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** The URL / API parameter of each filter: everything keeps its name except search, `q`. */
export const FILTER_PARAM = {
  status: 'status',
  service: 'service',
  type: 'type',
  bank: 'bank',
  network: 'network',
  kycStatus: 'kycStatus',
  accountStatus: 'accountStatus',
  search: 'q',
  account: 'account',
} as const satisfies Record<FilterKind, string>;
export type FilterParam = (typeof FILTER_PARAM)[FilterKind];

export type SortDir = 'asc' | 'desc';

export interface ReportColumn {
  key: string;
  def: ColumnDef;
}

/** What the page shows, read from the URL. */
export interface ReportView extends DateRange {
  preset: RangePreset;
  filters: Partial<Record<FilterParam, string>>;
  sort?: string;
  dir?: SortDir;
  page: number;
  pageSize: number;
}

const CATALOGUES: Record<ReportDef['source'], Record<string, ColumnDef>> = {
  transactions: TRANSACTION_COLUMNS,
  accounts: ACCOUNT_COLUMNS,
  closures: CLOSURE_COLUMNS,
  aggregate: AGGREGATE_COLUMNS,
};

/** The report's columns in its own order, with their definitions. */
export function columnsOf(report: ReportDef): ReportColumn[] {
  const catalogue = CATALOGUES[report.source];
  return (report.columns as readonly string[]).flatMap((key) => {
    const def = catalogue[key];
    return def ? [{ key, def }] : [];
  });
}

/** Account reports without a date field are snapshots: no date range. */
export function hasDateRange(report: ReportDef): boolean {
  return !(report.source === 'accounts' && report.dateField === null);
}

/**
 * The order the API applies when the URL names none (server/resources/reports/query.ts),
 * so the header can show it; null when that order is not one of the report's columns.
 */
export function defaultSort(report: ReportDef): { key: string; dir: SortDir } | null {
  const cols = report.columns as readonly string[];
  let key: string;
  if (report.source === 'aggregate') key = 'amount';
  else if (report.source === 'accounts' && report.dateField === null) key = cols.includes('balance') ? 'balance' : '';
  else key = 'createdAt';
  return cols.includes(key) ? { key, dir: 'desc' } : null;
}

/** Dates, amounts and counts sort newest / largest first on the first click; words A to Z. */
export function firstDir(column: ColumnDef): SortDir {
  return column.kind === 'text' || column.kind === 'status' ? 'asc' : 'desc';
}

/**
 * The values a filter offers; null for the free-text search. Bank codes come from the
 * signed-in user's bank list; types are narrowed to the report's slice when it has one.
 */
export function filterOptions(
  report: ReportDef,
  filter: FilterKind,
  bankCodes: readonly string[],
): readonly string[] | null {
  switch (filter) {
    case 'status':
      return report.source === 'closures' ? CLOSURE_STATUSES : TRANSACTION_STATUSES;
    case 'service': {
      const slice = 'slice' in report ? (report.slice as { services?: readonly string[] }).services : undefined;
      return slice?.length ? slice : SERVICES;
    }
    case 'type': {
      const slice = 'slice' in report ? (report.slice as { types?: readonly string[] }).types : undefined;
      return slice?.length ? slice : TRANSACTION_TYPES.filter((t) => t !== 'opening');
    }
    case 'bank':
      return bankCodes;
    case 'network':
      return NETWORKS;
    case 'kycStatus':
      return KYC_STATUSES;
    case 'accountStatus':
      return ACTIVATION_STATUSES;
    case 'search':
    case 'account':
      return null;
  }
}

const asText = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  // The router's default search parser reads `?q=7712` as a number.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
};

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** Reads the page's state from the URL's search object, dropping what the report does not offer. */
export function readReportView(
  report: ReportDef,
  search: Record<string, unknown>,
  bankCodes: readonly string[] = [],
  now: Date = new Date(),
): ReportView {
  const filters: ReportView['filters'] = {};
  for (const kind of report.filters) {
    const param = FILTER_PARAM[kind];
    const value = asText(search[param])?.trim();
    if (!value) continue;
    const options = filterOptions(report, kind, bankCodes);
    // Bank codes are validated by the server: the stored bank list may be stale.
    if (options === null || kind === 'bank' || options.includes(value)) filters[param] = value;
  }
  const columnKeys = report.columns as readonly string[];
  const sortValue = asText(search.sort);
  const sort = sortValue && columnKeys.includes(sortValue) ? sortValue : undefined;
  const dir = search.dir === 'asc' || search.dir === 'desc' ? search.dir : undefined;
  const size = positiveInt(search.pageSize);
  const pageSize = size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  const range = readRange(search, 'today', now);
  return {
    ...range,
    filters,
    sort,
    dir: sort ? (dir ?? 'asc') : undefined,
    page: positiveInt(search.page) ?? 1,
    pageSize,
  };
}

/** The API query for a view (dates only when the report has a date range). */
export function reportQuery(report: ReportDef, view: ReportView, memberId?: string): ReportQuery {
  const query: ReportQuery = { reportId: report.id, page: view.page, pageSize: view.pageSize, ...view.filters };
  if (memberId) query.memberId = memberId;
  if (hasDateRange(report)) {
    query.from = view.from;
    query.to = view.to;
  }
  if (view.sort) {
    query.sort = view.sort;
    query.dir = view.dir ?? 'asc';
  }
  return query;
}

/** The query string of `GET reports/{reportId}`: the query without the id. */
export function apiParams(query: ReportQuery): Omit<ReportQuery, 'reportId'> {
  const { reportId: _id, ...rest } = query;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== '')) as Omit<
    ReportQuery,
    'reportId'
  >;
}

type ExportFilters = Omit<ReportQuery, 'reportId' | 'page' | 'pageSize' | 'sort' | 'dir'>;

/** The `filters` of an export job: the query without paging and sorting. */
export function exportFilters(query: ReportQuery): ExportFilters {
  const { reportId: _id, page: _p, pageSize: _s, sort: _sort, dir: _dir, ...rest } = query;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => typeof v === 'string' && v !== '')) as ExportFilters;
}

/** What an export copies from the screen besides its filters: the visible columns in their order, and the sort. */
export function exportScreen(
  query: ReportQuery,
  visible: readonly ReportColumn[],
): { columns: string[]; sort?: string; dir?: SortDir } {
  const screen: { columns: string[]; sort?: string; dir?: SortDir } = { columns: visible.map((c) => c.key) };
  if (query.sort) {
    screen.sort = query.sort;
    screen.dir = query.dir ?? 'asc';
  }
  return screen;
}

/** A stable key for a query, so the same query is not fetched twice. */
export function queryKey(query: ReportQuery): string {
  return JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The URL search object for a view: only what differs from the defaults, so a plain
 * visit stays a plain URL. A custom range is written as its days, a preset by its name.
 */
export function viewSearch(view: ReportView): Record<string, string | number> {
  const search: Record<string, string | number> = {};
  if (view.preset === 'custom') {
    search.from = view.from;
    search.to = view.to;
  } else if (view.preset !== 'today') search.range = view.preset;
  for (const [param, value] of Object.entries(view.filters)) if (value) search[param] = value;
  if (view.sort) {
    search.sort = view.sort;
    search.dir = view.dir ?? 'asc';
  }
  if (view.page > 1) search.page = view.page;
  if (view.pageSize !== DEFAULT_PAGE_SIZE) search.pageSize = view.pageSize;
  return search;
}
