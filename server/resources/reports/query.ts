import { type SQL, sql } from 'drizzle-orm';
import {
  ACCOUNT_COLUMNS,
  CLOSURE_COLUMNS,
  type ColumnDef,
  type ReportDef,
  TRANSACTION_COLUMNS,
} from '../../../contract/reports';
import type { ResolvedScope } from '../../domain/report-scope/scope';
import { accountWhere, type ReportFilters, transactionWhere } from '../../domain/report-scope/row-conditions';
import { breakdownStatuses, countedStatus } from '../../../contract/totals';
import {
  matchedAccountCount,
  matchedParty,
  namesParties,
  type TransactionSearch,
} from '../../domain/search/transaction-search';

const TX_EXPR: Record<string, SQL> = {
  createdAt: sql`t.created_at`,
  reference: sql`t.reference`,
  type: sql`t.type`,
  service: sql`t.service`,
  status: sql`t.status`,
  amount: sql`t.amount`,
  fee: sql`t.fee`,
  commission: sql`t.commission`,
  fromName: sql`fa.label`,
  fromPhone: sql`fa.phone`,
  toName: sql`ta.label`,
  toPhone: sql`ta.phone`,
  initiator: sql`iu.name`,
  channel: sql`t.channel`,
  bank: sql`b.name`,
  network: sql`t.network`,
  member: sql`coalesce(am.label, t.member_id)`,
  detail: sql`(SELECT string_agg(value, ' · ' ORDER BY key) FROM jsonb_each_text(t.details))`,
};

const ACCOUNT_EXPR: Record<string, SQL> = {
  createdAt: sql`a.created_at`,
  number: sql`a.number`,
  holder: sql`a.label`,
  phone: sql`a.phone`,
  kind: sql`a.kind`,
  region: sql`a.region`,
  kycStatus: sql`a.kyc_status`,
  pinStatus: sql`a.pin_status`,
  status: sql`a.status`,
  activatedAt: sql`a.activated_at`,
  parent: sql`pa.label`,
  bank: sql`b.name`,
  network: sql`a.network`,
  balance: sql`a.balance`,
  lastActivityAt: sql`a.last_activity_at`,
};

const CLOSURE_EXPR: Record<string, SQL> = {
  createdAt: sql`c.created_at`,
  number: sql`a.number`,
  holder: sql`a.label`,
  phone: sql`a.phone`,
  reason: sql`c.reason`,
  status: sql`c.status`,
  balance: sql`a.balance`,
  decidedAt: sql`c.decided_at`,
};

const GROUP_KEY: Record<string, SQL> = {
  service: sql`t.service`,
  network: sql`coalesce(t.network, '—')`,
  type: sql`t.type`,
  member: sql`coalesce(am.label, t.member_id, '—')`,
  bank: sql`coalesce(b.name, '—')`,
};

const TX_NAME_JOINS = sql`LEFT JOIN accounts fa ON fa.id = t.from_account_id
  LEFT JOIN accounts ta ON ta.id = t.to_account_id
  LEFT JOIN users iu ON iu.id = t.initiator_user_id
  LEFT JOIN banks b ON b.id = t.bank_id`;
/**
 * The member's name is joined only for reports that show or group by it: a member id is not a
 * key of accounts, so the planner cannot drop this join when it is unused, and over a million
 * rows it cost about a tenth of an export.
 */
const MEMBER_JOIN = sql`LEFT JOIN accounts am ON am.member_id = t.member_id AND am.kind = 'partner'`;
function txJoins(withMember: boolean): SQL {
  return withMember
    ? sql`${TX_NAME_JOINS}
  ${MEMBER_JOIN}`
    : TX_NAME_JOINS;
}
/**
 * What totals and counts join: the two sides only, for filters on them (cross-bank, a name
 * search). Unused joins on a primary key are removed by the planner; the member join is not.
 */
const TX_TOTALS_FROM = sql`transactions t
  LEFT JOIN accounts fa ON fa.id = t.from_account_id
  LEFT JOIN accounts ta ON ta.id = t.to_account_id`;

/** Sorts the transactions table can order by itself, without the joined names. */
const TX_OWN_SORTS = new Set([
  'createdAt',
  'reference',
  'type',
  'service',
  'status',
  'amount',
  'fee',
  'commission',
  'channel',
  'network',
]);

const ACCOUNT_FROM = sql`accounts a
  LEFT JOIN accounts pa ON pa.id = a.parent_account_id
  LEFT JOIN banks b ON b.id = a.bank_id`;

const CLOSURE_FROM = sql`closure_requests c JOIN accounts a ON a.id = c.account_id`;

export interface BuiltReport {
  /** Columns in output order, with their SQL. */
  columns: { key: string; expr: SQL }[];
  from: SQL;
  where: SQL;
  groupBy?: SQL;
  orderBy: SQL;
  /** The FROM of the totals query, when lighter than `from`. */
  totalsFrom?: SQL;
  /**
   * Set when the filters and the order need the transactions table alone: a page is then
   * chosen from it first and only its rows are joined, so a deep page (OFFSET 10,000) skips
   * index entries rather than joined rows.
   */
  deferredJoin?: { table: SQL; joins: SQL };
  /**
   * The page's order made unique by the row id, for reading an export in chunks after a
   * cursor: sorted by date, each chunk of transactions is a short range scan of the
   * (created_at, id) index whatever the size of the result. Null for aggregates (few rows).
   */
  keyset: Keyset | null;
  totals: { key: string; expr: SQL }[];
}

interface Keyset {
  sort: SQL;
  /** The SQL type the sort value is read back as, from its text form in the cursor. */
  cast: SQL;
  id: SQL;
  desc: boolean;
  /** A sort that is never null compares (sort, id) as one row value. */
  notNull: boolean;
}

function keysetOf(sort: SQL, column: ColumnDef | undefined, id: SQL, desc: boolean, notNull: boolean): Keyset {
  const kind = column?.kind;
  const cast =
    kind === 'datetime' ? sql`timestamptz` : kind === 'amount' || kind === 'number' ? sql`numeric` : sql`text`;
  return { sort, cast, id, desc, notNull };
}

/** The key of a breakdown figure in the totals row: `failed.count`, `failed.amount`. */
export const breakdownKey = (status: string, figure: 'count' | 'amount') => `${status}.${figure}`;

/**
 * A transaction report's totals in one pass (FILTER clauses, not a query per status): the count
 * and sums of the counted status (contract/totals.ts), then each listed status's count and volume.
 */
function transactionTotals(sums: readonly string[], statusFilter: string | undefined): BuiltReport['totals'] {
  const counted = sql`t.status = ${countedStatus(statusFilter)}`;
  return [
    { key: 'count', expr: sql`count(*) FILTER (WHERE ${counted})` },
    ...sums.map((k) => ({ key: k, expr: sql`coalesce(sum(t.${sql.raw(k)}) FILTER (WHERE ${counted}), 0)` })),
    ...breakdownStatuses(statusFilter).flatMap((status) => [
      { key: breakdownKey(status, 'count'), expr: sql`count(*) FILTER (WHERE t.status = ${status})` },
      {
        key: breakdownKey(status, 'amount'),
        expr: sql`coalesce(sum(t.amount) FILTER (WHERE t.status = ${status}), 0)`,
      },
    ]),
  ];
}

export function buildReport(
  report: ReportDef,
  filters: ReportFilters,
  scope: ResolvedScope,
  search: TransactionSearch | null = null,
): BuiltReport {
  const dir = filters.dir === 'asc' ? sql`ASC` : sql`DESC`;
  if (report.source === 'transactions') {
    // Under a name search, each row says which matched account it belongs to.
    const party = namesParties(search) ? matchedParty(search) : null;
    // The sides' account numbers ride along, outside the columns, so a holder's name can link to its account page.
    const columns = [
      ...report.columns.map((key) => ({ key, expr: TX_EXPR[key] as SQL })),
      { key: 'fromNumber', expr: sql`fa.number` },
      { key: 'toNumber', expr: sql`ta.number` },
      ...(party
        ? [
            { key: 'party', expr: party.cell },
            { key: 'partyNumber', expr: party.number },
            { key: 'partyPhone', expr: party.phone },
          ]
        : // A search that names nobody (a reference) still has the column an export asked with it.
          search
          ? [{ key: 'party', expr: sql`NULL::text` }]
          : []),
    ];
    const sortKey = filters.sort && report.columns.includes(filters.sort as never) ? filters.sort : 'createdAt';
    // created_at is never null: the plain order lets the (created_at, id) index serve the page
    // directly, which at a million rows is the difference between milliseconds and seconds.
    const orderBy =
      sortKey === 'createdAt'
        ? sql`t.created_at ${dir}, t.id ${dir}`
        : sql`${TX_EXPR[sortKey]} ${dir} NULLS LAST, t.id ${dir}`;
    const slice = report.slice as { crossBank?: boolean };
    const ownColumnsOnly = !slice.crossBank && search?.accountIds !== null && TX_OWN_SORTS.has(sortKey);
    const joins = txJoins((report.columns as readonly string[]).includes('member'));
    return {
      columns,
      from: sql`transactions t ${joins}`,
      totalsFrom: TX_TOTALS_FROM,
      ...(ownColumnsOnly ? { deferredJoin: { table: sql`transactions t`, joins } } : {}),
      where: transactionWhere(report, filters, scope, search),
      orderBy,
      keyset: keysetOf(
        TX_EXPR[sortKey] as SQL,
        TRANSACTION_COLUMNS[sortKey as keyof typeof TRANSACTION_COLUMNS],
        sql`t.id`,
        filters.dir !== 'asc',
        sortKey === 'createdAt',
      ),
      totals: [
        { key: 'rowCount', expr: sql`count(*)` },
        ...transactionTotals(report.totals, filters.status),
        ...(namesParties(search) ? [{ key: 'accounts', expr: matchedAccountCount(search) }] : []),
      ],
    };
  }
  if (report.source === 'aggregate') {
    const key = GROUP_KEY[report.groupBy] as SQL;
    // A group's figures mean what every total means: its successful transactions (or the filtered status's).
    const counted = sql`t.status = ${countedStatus(filters.status)}`;
    const sums: Record<string, SQL> = {
      key,
      count: sql`count(*) FILTER (WHERE ${counted})`,
      amount: sql`coalesce(sum(t.amount) FILTER (WHERE ${counted}), 0)`,
      fee: sql`coalesce(sum(t.fee) FILTER (WHERE ${counted}), 0)`,
      commission: sql`coalesce(sum(t.commission) FILTER (WHERE ${counted}), 0)`,
    };
    const sortExpr = filters.sort && sums[filters.sort] ? sums[filters.sort] : sums.amount;
    return {
      columns: report.columns.map((k) => ({ key: k, expr: sums[k] as SQL })),
      from: sql`transactions t ${txJoins(report.groupBy === 'member')}`,
      where: transactionWhere(report, filters, scope, search),
      groupBy: key,
      orderBy: sql`${sortExpr} ${filters.sort ? dir : sql`DESC`}, 1 ASC`,
      keyset: null,
      totals: transactionTotals(report.totals, filters.status),
    };
  }
  const exprs = report.source === 'accounts' ? ACCOUNT_EXPR : CLOSURE_EXPR;
  const sortKey =
    filters.sort && (report.columns as readonly string[]).includes(filters.sort)
      ? filters.sort
      : report.source === 'accounts' && !report.dateField
        ? 'balance'
        : 'createdAt';
  const sortExpr = exprs[sortKey] ?? (exprs.createdAt as SQL);
  const catalogue: Record<string, ColumnDef> = report.source === 'accounts' ? ACCOUNT_COLUMNS : CLOSURE_COLUMNS;
  const rowId = report.source === 'accounts' ? sql`a.id` : sql`c.id`;
  return {
    columns: report.columns.map((key) => ({ key, expr: exprs[key] as SQL })),
    from: report.source === 'accounts' ? ACCOUNT_FROM : CLOSURE_FROM,
    where: accountWhere(report, filters, scope, report.source === 'accounts' ? 'accounts' : 'closures'),
    orderBy: sql`${sortExpr} ${dir} NULLS LAST, ${rowId} ${dir}`,
    keyset: keysetOf(sortExpr as SQL, catalogue[sortKey], rowId, filters.dir !== 'asc', false),
    totals: [
      { key: 'count', expr: sql`count(*)` },
      { key: 'balance', expr: sql`coalesce(sum(a.balance), 0)` },
    ],
  };
}

function selectList(built: BuiltReport): SQL {
  return sql.join(
    built.columns.map((c) => sql`${c.expr} AS ${sql.identifier(c.key)}`),
    sql`, `,
  );
}

export function pageQuery(built: BuiltReport, limit: number, offset: number): SQL {
  if (built.deferredJoin && !built.groupBy) {
    const { table, joins } = built.deferredJoin;
    const page = sql`(SELECT t.* FROM ${table} WHERE ${built.where} ORDER BY ${built.orderBy} LIMIT ${limit} OFFSET ${offset}) t`;
    return sql`SELECT ${selectList(built)} FROM ${page} ${joins} ORDER BY ${built.orderBy}`;
  }
  const group = built.groupBy ? sql` GROUP BY ${built.groupBy}` : sql``;
  return sql`SELECT ${selectList(built)} FROM ${built.from} WHERE ${built.where}${group} ORDER BY ${built.orderBy} LIMIT ${limit} OFFSET ${offset}`;
}

export function totalsQuery(built: BuiltReport): SQL {
  const totals = sql.join(
    built.totals.map((t) => sql`${t.expr} AS ${sql.identifier(t.key)}`),
    sql`, `,
  );
  const groups = built.groupBy
    ? sql`, (SELECT count(*) FROM (SELECT 1 FROM ${built.from} WHERE ${built.where} GROUP BY ${built.groupBy}) g) AS "rowCount"`
    : sql``;
  return sql`SELECT ${totals}${groups} FROM ${built.totalsFrom ?? built.from} WHERE ${built.where}`;
}

export interface ChunkCursor {
  /** The last row's sort value as text (null when that value was null). */
  sort: string | null;
  id: number;
}

/** Rows after the cursor in the keyset's order; nulls come last, as on the page. */
function afterCursor(k: Keyset, after: ChunkCursor): SQL {
  const op = k.desc ? sql`<` : sql`>`;
  if (k.notNull) return sql`(${k.sort}, ${k.id}) ${op} (${after.sort}::${k.cast}, ${after.id})`;
  if (after.sort === null) return sql`(${k.sort} IS NULL AND ${k.id} ${op} ${after.id})`;
  const value = sql`${after.sort}::${k.cast}`;
  return sql`(${k.sort} ${op} ${value} OR (${k.sort} = ${value} AND ${k.id} ${op} ${after.id}) OR ${k.sort} IS NULL)`;
}

/** The most rows of an aggregate report (read in one go: it has no keyset). */
const AGGREGATE_ROWS = 100_000;

/**
 * Export chunks after a cursor, in the page's order, so memory stays flat at any size and
 * the file lists the rows as the screen does. No limit: every row after the cursor (a COPY
 * streamed by PostgreSQL).
 */
export function chunkQuery(built: BuiltReport, after: ChunkCursor | null, limit: number | null): SQL {
  const k = built.keyset;
  if (!k) return pageQuery(built, AGGREGATE_ROWS, 0);
  const dir = k.desc ? sql`DESC` : sql`ASC`;
  const nulls = k.notNull ? sql`` : sql` NULLS LAST`;
  const cursor = after ? sql` AND ${afterCursor(k, after)}` : sql``;
  const limited = limit === null ? sql`` : sql` LIMIT ${limit}`;
  return sql`SELECT ${selectList(built)}, ${k.id} AS "__id", (${k.sort})::text AS "__sort" FROM ${built.from}
    WHERE ${built.where}${cursor} ORDER BY ${k.sort} ${dir}${nulls}, ${k.id} ${dir}${limited}`;
}
