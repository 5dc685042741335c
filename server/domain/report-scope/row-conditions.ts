import { type SQL, sql } from 'drizzle-orm';
import type { ReportDef, ReportFilterValues } from '../../../contract/reports';
import type { ResolvedScope } from './scope';
import { accountMatch } from '../search/patterns';
import { type TransactionSearch, transactionSearchCondition } from '../search/transaction-search';

export type ReportFilters = ReportFilterValues;

/** Dates are whole days in Dakar time, which is UTC all year. */
function dayStart(date: string) {
  return `${date}T00:00:00Z`;
}
function dayAfter(date: string) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

function inList(expr: SQL, values: readonly string[]) {
  return sql`${expr} IN (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

function dateRange(expr: SQL, filters: ReportFilters): SQL[] {
  const out: SQL[] = [];
  if (filters.from) out.push(sql`${expr} >= ${dayStart(filters.from)}::timestamptz`);
  if (filters.to) out.push(sql`${expr} < ${dayAfter(filters.to)}::timestamptz`);
  return out;
}

export function transactionWhere(
  report: ReportDef & { slice: object },
  filters: ReportFilters,
  scope: ResolvedScope,
  search: TransactionSearch | null,
) {
  const slice = (
    report as {
      slice: {
        types?: readonly string[];
        services?: readonly string[];
        network?: string;
        bankCode?: string;
        crossBank?: boolean;
      };
    }
  ).slice;
  const where: SQL[] = [sql`t.type <> 'opening'`, scope.transactions, ...dateRange(sql`t.created_at`, filters)];
  if (slice.types?.length) where.push(inList(sql`t.type`, slice.types));
  if (slice.services?.length) where.push(inList(sql`t.service`, slice.services));
  if (slice.network) where.push(sql`t.network = ${slice.network}`);
  if (slice.bankCode) where.push(sql`t.bank_id = (SELECT id FROM banks WHERE code = ${slice.bankCode})`);
  if (slice.crossBank) where.push(sql`fa.bank_id IS NOT NULL AND ta.bank_id IS NOT NULL AND fa.bank_id <> ta.bank_id`);
  if (filters.status) where.push(sql`t.status = ${filters.status}`);
  if (filters.service) where.push(sql`t.service = ${filters.service}`);
  if (filters.type) where.push(sql`t.type = ${filters.type}`);
  if (filters.network) where.push(sql`t.network = ${filters.network}`);
  if (filters.bank) where.push(sql`t.bank_id = (SELECT id FROM banks WHERE code = ${filters.bank})`);
  if (search) where.push(transactionSearchCondition(search));
  if (filters.account) where.push(accountSideCondition(filters.account));
  return sql.join(where, sql` AND `);
}

/** Rows the account paid or received; each side is an index lookup on its account id. */
function accountSideCondition(number: string): SQL {
  const id = sql`(SELECT id FROM accounts WHERE number = ${number})`;
  return sql`(t.from_account_id = ${id} OR t.to_account_id = ${id})`;
}

export function accountWhere(
  report: ReportDef,
  filters: ReportFilters,
  scope: ResolvedScope,
  alias: 'accounts' | 'closures',
) {
  const where: SQL[] = [scope.accounts];
  if (report.source === 'accounts') {
    where.push(inList(sql`a.kind`, report.slice.kinds));
    if (report.slice.bankCode)
      where.push(sql`a.bank_id = (SELECT id FROM banks WHERE code = ${report.slice.bankCode})`);
    if (report.dateField) {
      where.push(...dateRange(report.dateField === 'createdAt' ? sql`a.created_at` : sql`a.activated_at`, filters));
    }
    if (filters.accountStatus) where.push(sql`a.status = ${filters.accountStatus}`);
    if (filters.kycStatus) where.push(sql`a.kyc_status = ${filters.kycStatus}`);
    if (filters.bank) where.push(sql`a.bank_id = (SELECT id FROM banks WHERE code = ${filters.bank})`);
  }
  if (alias === 'closures') {
    where.push(...dateRange(sql`c.created_at`, filters));
    if (filters.status) where.push(sql`c.status = ${filters.status}`);
  }
  if (filters.q) where.push(accountMatch(filters.q, sql`a`));
  return sql.join(where, sql` AND `);
}
