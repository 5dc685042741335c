import { type SQL, sql } from 'drizzle-orm';
import type { AuditEventView, AuditPage } from '../../../contract/api/audit';
import {
  AUDIT_EXPORT_COLUMNS,
  AUDIT_EXPORT_MAX_ROWS,
  type AuditExportFormat,
  type AuditFilters,
} from '../../../contract/audit';
import type { Db } from '../../db/database';
import { isoTimestamp, queryPage, queryRows } from '../../db/query';
import { ApiError } from '../../lib/api-error';
import { XlsxWriter } from '../../lib/xlsx-writer';
import { escapeLike, nameContains } from '../../domain/search/patterns';
import { csvLine } from '../../lib/csv-cell';

interface EventRow {
  id: number | string;
  at: string | Date;
  user_id: number | null;
  username: string | null;
  user_name: string | null;
  channel: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown> | string | null;
  request_id: string | null;
  /** The exact timestamp (microseconds), for the export's keyset cursor. */
  at_key: string;
}

const SELECT_EVENTS = sql`
  SELECT e.id, e.at, e.user_id, u.username, u.name AS user_name, e.channel, e.action,
         e.target_type, e.target_id, e.details, e.request_id, e.at::text AS at_key
  FROM audit_events e LEFT JOIN users u ON u.id = e.user_id`;

const toView = (r: EventRow): AuditEventView => ({
  id: Number(r.id),
  at: isoTimestamp(r.at),
  user: r.user_id === null ? null : { id: r.user_id, username: r.username ?? '', name: r.user_name ?? '' },
  channel: r.channel,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  details: typeof r.details === 'string' ? (JSON.parse(r.details) as Record<string, unknown>) : r.details,
  requestId: r.request_id,
});

/**
 * The filters as SQL on `audit_events e` joined to `users u`. Days are whole UTC days (Dakar
 * time), both ends included. A bare action namespace (`bank`) matches each of its verbs.
 */
function auditWhere(filters: AuditFilters): SQL {
  const where: SQL[] = [sql`TRUE`];
  const user = filters.user?.trim();
  if (user) {
    where.push(sql`(lower(u.username) = lower(${user}) OR ${nameContains(sql`u.name`, user)})`);
  }
  if (filters.action) {
    where.push(
      filters.action.includes('.')
        ? sql`e.action = ${filters.action}`
        : sql`(e.action = ${filters.action} OR e.action LIKE ${`${escapeLike(filters.action)}.%`})`,
    );
  }
  if (filters.channel) where.push(sql`e.channel = ${filters.channel}`);
  if (filters.from) where.push(sql`e.at >= ${filters.from}::date`);
  if (filters.to) where.push(sql`e.at < ${filters.to}::date + 1`);
  return sql.join(where, sql` AND `);
}

/** One page of events, newest first, and how many match. */
export async function listAuditEvents(
  db: Db,
  input: AuditFilters & { page: number; pageSize: number },
): Promise<AuditPage> {
  const where = auditWhere(input);
  return queryPage(
    db,
    input,
    {
      count: sql`SELECT count(*) AS total FROM audit_events e LEFT JOIN users u ON u.id = e.user_id WHERE ${where}`,
      rows: sql`${SELECT_EVENTS} WHERE ${where} ORDER BY e.at DESC, e.id DESC`,
    },
    toView,
  );
}

/** Every action recorded so far, for the filter's choices. */
export async function auditActions(db: Db): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(db, sql`SELECT DISTINCT action FROM audit_events ORDER BY action`);
  return rows.map((r) => r.action);
}

export const exportTooLarge = (total: number) =>
  new ApiError(
    422,
    'EXPORT_TOO_LARGE',
    'Too many events',
    `${total.toLocaleString('en-US')} events match; an export holds at most ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')}. Narrow the dates or filters.`,
  );

export async function countAuditEvents(db: Db, filters: AuditFilters): Promise<number> {
  const [count] = await queryRows<{ total: number | string }>(
    db,
    sql`SELECT count(*) AS total FROM audit_events e LEFT JOIN users u ON u.id = e.user_id WHERE ${auditWhere(filters)}`,
  );
  return Number(count?.total ?? 0);
}

const CHUNK = 2000;

/** The matching events, newest first, read in keyset chunks so memory stays flat. */
async function* eventChunks(db: Db, filters: AuditFilters): AsyncGenerator<AuditEventView[]> {
  const where = auditWhere(filters);
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const cursor: SQL = after ? sql`AND (e.at, e.id) < (${after.at}::timestamptz, ${after.id})` : sql``;
    const rows = await queryRows<EventRow>(
      db,
      sql`${SELECT_EVENTS} WHERE ${where} ${cursor} ORDER BY e.at DESC, e.id DESC LIMIT ${CHUNK}`,
    );
    if (rows.length === 0) return;
    yield rows.map(toView);
    const last = rows.at(-1) as EventRow;
    after = { at: last.at_key, id: Number(last.id) };
    if (rows.length < CHUNK) return;
  }
}

function exportRow(e: AuditEventView): (string | null)[] {
  return [
    e.at,
    e.user?.username ?? null,
    e.user?.name ?? null,
    e.channel,
    e.action,
    e.targetType,
    e.targetId,
    e.details ? JSON.stringify(e.details) : null,
    e.requestId,
  ];
}

/**
 * Writes the export to `sink`: CSV with the cell quoting and formula defusing of the report
 * exports, or XLSX through the same streaming writer.
 */
export async function writeAuditExport(
  db: Db,
  filters: AuditFilters,
  format: AuditExportFormat,
  sink: (chunk: Buffer) => Promise<void>,
) {
  const headers = [...AUDIT_EXPORT_COLUMNS];
  if (format === 'xlsx') {
    const xlsx = new XlsxWriter(sink, 'Audit trail');
    await xlsx.start(headers);
    for await (const rows of eventChunks(db, filters)) {
      for (const row of rows) await xlsx.addRow(exportRow(row));
    }
    await xlsx.finish();
    return;
  }
  await sink(Buffer.from(`\uFEFF${csvLine(headers)}\r\n`));
  for await (const rows of eventChunks(db, filters)) {
    await sink(Buffer.from(`${rows.map((r) => csvLine(exportRow(r))).join('\r\n')}\r\n`));
  }
}
