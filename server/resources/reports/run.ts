import type { z } from 'zod';
import { sql } from 'drizzle-orm';

import {
  ACCOUNT_COLUMNS,
  AGGREGATE_COLUMNS,
  CLOSURE_COLUMNS,
  type ColumnDef,
  type ReportDef,
  TRANSACTION_COLUMNS,
} from '../../../contract/reports';
import type { Db } from '../../db/database';
import { isoTimestamp, queryRows } from '../../db/query';
import type { SessionUser } from '../../lib/session-user';
import { breakdownKey, buildReport, type ChunkCursor, chunkQuery, pageQuery, totalsQuery } from './query';
import { breakdownStatuses } from '../../../contract/totals';
import type { ReportFilters } from '../../domain/report-scope/row-conditions';
import type { reportFilters } from '../../../contract/api/reports';
import { checkAccess, resolveScope } from '../../domain/report-scope/scope';
import { resolveTransactionSearch } from '../../domain/search/transaction-search';
import type { TotalsCache } from './totals-cache';

export function columnCatalogue(report: ReportDef): Record<string, ColumnDef> {
  switch (report.source) {
    case 'transactions':
      return TRANSACTION_COLUMNS;
    case 'accounts':
      return ACCOUNT_COLUMNS;
    case 'closures':
      return CLOSURE_COLUMNS;
    case 'aggregate':
      return AGGREGATE_COLUMNS;
  }
}

type Row = Record<string, string | number | null>;

/** Postgres answers bigint sums as text and timestamps as Date: one JSON shape for both engines. */
function normalise(row: Record<string, unknown>, catalogue: Record<string, ColumnDef>): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === '__id' || key === '__sort') continue;
    const kind = catalogue[key]?.kind;
    if (value === null || value === undefined) out[key] = null;
    else if (value instanceof Date) out[key] = isoTimestamp(value);
    else if (kind === 'datetime') out[key] = isoTimestamp(String(value));
    else if (kind === 'amount' || kind === 'number') out[key] = Number(value);
    else out[key] = String(value);
  }
  return out;
}

export async function prepareReport(
  db: Db,
  report: ReportDef,
  user: SessionUser,
  filters: z.infer<typeof reportFilters> & ReportFilters,
) {
  await checkAccess(report, user, db);
  const scope = await resolveScope(report, user, db, filters.memberId);
  const search =
    filters.q && (report.source === 'transactions' || report.source === 'aggregate')
      ? await resolveTransactionSearch(db, filters.q)
      : null;
  return buildReport(report, filters, scope, search);
}

/** Everything a page's totals depend on: the report, the caller (their scope) and the filters. */
function totalsKey(report: ReportDef, user: SessionUser, filters: ReportFilters): string {
  const { page: _page, pageSize: _size, sort: _sort, dir: _dir, ...rest } = filters as Record<string, unknown>;
  const sorted = Object.entries(rest)
    .filter(([, v]) => v !== undefined && v !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([report.id, user.userId, user.groupId, user.bankId, sorted]);
}

async function ledgerVersion(db: Db): Promise<string> {
  const [row] = await queryRows<{ v: unknown }>(db, sql`SELECT coalesce(max(id), 0)::text AS v FROM transactions`);
  return String(row?.v ?? '0');
}

export async function runReportPage(
  db: Db,
  report: ReportDef,
  user: SessionUser,
  query: z.infer<typeof reportFilters> & ReportFilters & { page: number; pageSize: number },
  totalsCache?: TotalsCache,
) {
  const built = await prepareReport(db, report, user, query);
  const catalogue = columnCatalogue(report);
  const computeTotals = async () => (await queryRows<Record<string, unknown>>(db, totalsQuery(built)))[0] ?? {};
  // Account and closure totals read tens of thousands of rows at most and follow every balance change.
  const cacheable = totalsCache && (report.source === 'transactions' || report.source === 'aggregate');
  const [rows, totalsRow] = await Promise.all([
    queryRows<Record<string, unknown>>(db, pageQuery(built, query.pageSize, (query.page - 1) * query.pageSize)),
    cacheable
      ? ledgerVersion(db).then((version) => totalsCache.get(totalsKey(report, user, query), version, computeTotals))
      : computeTotals(),
  ]);
  const totals: Record<string, number> = {};
  for (const [key, value] of Object.entries(totalsRow ?? {})) totals[key] = Number(value ?? 0);
  const total = totals.rowCount ?? totals.count ?? 0;
  delete totals.rowCount;
  const ofTransactions = report.source === 'transactions' || report.source === 'aggregate';
  return {
    rows: rows.map((r) => normalise(r, catalogue)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    totals: ofTransactions ? withoutBreakdown(totals) : totals,
    ...(ofTransactions ? { byStatus: breakdownOf(totals, query.status) } : {}),
  };
}

/** Each listed status's count and volume, the successful one first (contract/totals.ts). */
function breakdownOf(totals: Record<string, number>, statusFilter: string | undefined) {
  return breakdownStatuses(statusFilter).map((status) => ({
    status,
    count: totals[breakdownKey(status, 'count')] ?? 0,
    amount: totals[breakdownKey(status, 'amount')] ?? 0,
  }));
}

function withoutBreakdown(totals: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(totals).filter(([key]) => !key.includes('.')));
}

/** Every row of the filtered result, in chunks: the export's constant-memory reader. */
export async function* reportRows(
  db: Db,
  built: ReturnType<typeof buildReport>,
  report: ReportDef,
  chunkSize = 5000,
): AsyncGenerator<Row[]> {
  const catalogue = columnCatalogue(report);
  let after: ChunkCursor | null = null;
  for (;;) {
    const rows: Record<string, unknown>[] = await queryRows<Record<string, unknown>>(
      db,
      chunkQuery(built, after, chunkSize),
    );
    if (rows.length === 0) return;
    yield rows.map((r) => normalise(r, catalogue));
    if (!built.keyset || rows.length < chunkSize) return;
    const last = rows[rows.length - 1];
    after = {
      id: Number(last?.__id),
      sort: last?.__sort === null || last?.__sort === undefined ? null : String(last.__sort),
    };
  }
}

export async function countRows(db: Db, built: ReturnType<typeof buildReport>): Promise<number> {
  const [row] = await queryRows<Record<string, unknown>>(db, totalsQuery(built));
  return Number(row?.rowCount ?? row?.count ?? 0);
}
