/**
 * The audit trail's state as the URL holds it (filters and page) and the `GET audit-events`
 * query it becomes. Each value read from the URL is checked with the contract's own schema,
 * field by field: a hand-edited link loses the one bad filter, not the page.
 */
import { AUDIT_CHANNELS, type AuditFilters, auditFilterShape } from '../../../contract/audit';
import { pagingSearch, readPaging, searchText } from '../../ui/list/list-search';

export interface AuditFilterValues {
  user: string;
  action: string;
  channel: string;
  from: string;
  to: string;
}

export interface AuditView extends AuditFilterValues {
  page: number;
  pageSize: number;
}

type AuditChannel = (typeof AUDIT_CHANNELS)[number];
const isAuditChannel = (value: string): value is AuditChannel => (AUDIT_CHANNELS as readonly string[]).includes(value);

const DEFAULT_AUDIT_PAGE_SIZE = 50;
export const EMPTY_AUDIT_FILTERS: AuditFilterValues = { user: '', action: '', channel: '', from: '', to: '' };

const valid = (schema: { safeParse(v: unknown): { success: boolean } }, value: string) =>
  value !== '' && schema.safeParse(value).success;

export function readAuditView(search: Record<string, unknown>): AuditView {
  const text = (key: string) => searchText(search[key]);
  let from = valid(auditFilterShape.from, text('from')) ? text('from') : '';
  let to = valid(auditFilterShape.to, text('to')) ? text('to') : '';
  if (from && to && from > to) [from, to] = [to, from];
  const channel = text('channel');
  return {
    user: valid(auditFilterShape.user, text('user')) ? text('user') : '',
    action: valid(auditFilterShape.action, text('action')) ? text('action') : '',
    channel: isAuditChannel(channel) ? channel : '',
    from,
    to,
    ...readPaging(search, DEFAULT_AUDIT_PAGE_SIZE),
  };
}

/** The filters only, without empty ones: what the API and the export receive. */
export function auditFilterParams(view: AuditFilterValues): AuditFilters {
  const out: AuditFilters = {};
  if (view.user) out.user = view.user;
  if (view.action) out.action = view.action;
  if (isAuditChannel(view.channel)) out.channel = view.channel;
  if (view.from) out.from = view.from;
  if (view.to) out.to = view.to;
  return out;
}

/** `GET /audit-events`: the filters, the page and its size. */
export function auditParams(view: AuditView): AuditFilters & { page: number; pageSize: number } {
  return { ...auditFilterParams(view), page: view.page, pageSize: view.pageSize };
}

/** The URL's search: defaults left out, so a plain /audit-trail is the unfiltered first page. */
export function auditSearch(view: AuditView): Record<string, string | number> {
  return { ...auditFilterParams(view), ...pagingSearch(view, DEFAULT_AUDIT_PAGE_SIZE) };
}

/** Text of an event's details for the table: key: value pairs, nested values as JSON. */
export function detailsText(details: Record<string, unknown> | null): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}
