import { z } from 'zod';
import type { GroupKey } from './groups';
import { calendarDaySchema, dateRangeInOrder, noControlCharacters } from './fields';
import { CHANNEL } from './http';

/**
 * The admins' audit trail (/audit-trail; docs/settings.md): who did what, when and through which
 * channel, read from audit_events. Filterable and exportable; the filters are the same for
 * the page, the API and the export.
 */

/** The groups whose menu links to /audit-trail (the admin menu); the API refuses everyone else. */
export const AUDIT_VIEWERS: readonly GroupKey[] = ['admin', 'networkSupervisor'];

export const AUDIT_CHANNELS = [CHANNEL.dashboard, CHANNEL.wap] as const;
const AUDIT_MAX_PAGE_SIZE = 200;
/** The most rows one export carries; narrow the filters for more. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
const AUDIT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

/** Actions are dot-namespaced verbs (bank.create); a bare namespace (bank) matches all of its verbs. */
const AUDIT_ACTION_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*$/;

/** A calendar day, YYYY-MM-DD, that exists. */
const day = calendarDaySchema(2000, 2100, 'Not a real date between 2000 and 2100');

export const auditFilterShape = {
  /** The username or part of the name of who acted. */
  user: z.string().trim().max(80).refine(noControlCharacters, 'Must not contain control characters').optional(),
  action: z.string().trim().max(80).regex(AUDIT_ACTION_PATTERN, 'An action such as bank.create, or bank').optional(),
  channel: z.enum(AUDIT_CHANNELS).optional(),
  /** Inclusive days, UTC (Dakar time). */
  from: day.optional(),
  to: day.optional(),
};

export const auditQuerySchema = z
  .object({
    ...auditFilterShape,
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE).default(50),
  })
  .refine(...dateRangeInOrder);
type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditExportQuerySchema = z
  .object({ ...auditFilterShape, format: z.enum(AUDIT_EXPORT_FORMATS).default('csv') })
  .refine(...dateRangeInOrder);

export type AuditFilters = Pick<AuditQuery, 'user' | 'action' | 'channel' | 'from' | 'to'>;

/** The column titles of an export, in order. */
export const AUDIT_EXPORT_COLUMNS = [
  'Time (UTC)',
  'Username',
  'User',
  'Channel',
  'Action',
  'Target type',
  'Target',
  'Details',
  'Request id',
] as const;
