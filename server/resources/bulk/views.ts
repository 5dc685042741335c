import { and, asc, eq, sql } from 'drizzle-orm';
import type { BatchStatus, BulkKind, FeeBandWarning, NameWarning, RowWarning } from '../../../contract/bulk';
import type { BulkBatchView } from '../../../contract/api/bulk';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/query';
import { accounts, bulkBatches, bulkRows, users } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';

export type BatchRow = typeof bulkBatches.$inferSelect;

/**
 * Who decides the batches that wait (bulk payments, fee overrides and removals): the groups of
 * the admin menu, whose sessions carry the admin group (an agent's batch included).
 */
export const mayDecideBatches = (user: SessionUser) => user.group === 'admin';

/** Admins see every batch of an operation; anyone else only their own. */
export const mayRead = (user: SessionUser, batch: Pick<BatchRow, 'userId'>) =>
  batch.userId === user.userId || mayDecideBatches(user);

const batchSelection = {
  batch: bulkBatches,
  maker: users.name,
  checker: sql<string | null>`(SELECT name FROM users c WHERE c.id = ${bulkBatches.checkerUserId})`,
  source: accounts.number,
  sourceName: accounts.label,
};

export function batchesQuery(db: Db) {
  return db
    .select(batchSelection)
    .from(bulkBatches)
    .innerJoin(users, eq(users.id, bulkBatches.userId))
    .leftJoin(accounts, eq(accounts.id, bulkBatches.sourceAccountId));
}

type Selected = {
  batch: BatchRow;
  maker: string;
  checker: string | null;
  source: string | null;
  sourceName: string | null;
};

export function batchView(row: Selected, viewer: SessionUser): BulkBatchView {
  const { batch } = row;
  return {
    id: batch.id,
    kind: batch.kind as BulkKind,
    fileName: batch.fileName,
    status: batch.status as BatchStatus,
    maker: row.maker,
    mine: batch.userId === viewer.userId,
    canDecide: batch.status === 'awaiting_approval' && batch.userId !== viewer.userId && mayDecideBatches(viewer),
    source: row.source,
    sourceName: row.sourceName,
    rowsTotal: batch.rowsTotal,
    rowsDone: batch.rowsDone,
    rowsFailed: batch.rowsFailed,
    totalAmount: batch.totalAmount,
    totalFees: batch.totalFees,
    checker: row.checker,
    reason: batch.reason,
    error: batch.error,
    createdAt: batch.createdAt.toISOString(),
    decidedAt: batch.decidedAt?.toISOString() ?? null,
    finishedAt: batch.finishedAt?.toISOString() ?? null,
  };
}

export async function findBatch(db: Db, id: string): Promise<Selected | undefined> {
  const [row] = await batchesQuery(db).where(eq(bulkBatches.id, id));
  return row;
}

/** What the check stored with a row that deserves a look: a holder's name, or a fee outside its band. */
function rowWarning(rowNo: number, data: Record<string, string | number | null>): RowWarning | null {
  if (data.holder != null)
    return { rowNo, code: 'NAME_MISMATCH', name: String(data.name ?? ''), holder: String(data.holder) };
  if (data.bandFee == null) return null;
  return {
    rowNo,
    code: 'FEE_OUT_OF_BAND',
    account: String(data.account ?? ''),
    flow: String(data.flow ?? ''),
    amount: Number(data.bandAmount),
    fee: Number(data.bandFee),
    bandMinFee: Number(data.bandMinFee),
    bandMaxFee: Number(data.bandMaxFee),
  };
}

/** The rows of a batch the check flagged (see check.ts), in file order. */
async function batchWarnings(db: Db, id: string): Promise<RowWarning[]> {
  const rows = await db
    .select({ rowNo: bulkRows.rowNo, data: bulkRows.data })
    .from(bulkRows)
    .where(and(eq(bulkRows.batchId, id), sql`(${bulkRows.data} ? 'holder' OR ${bulkRows.data} ? 'bandFee')`))
    .orderBy(asc(bulkRows.rowNo));
  return rows.flatMap((r) => rowWarning(r.rowNo, r.data) ?? []);
}

/**
 * For the inbox: per waiting batch, how many of its rows charge outside their fee band, and the
 * one that strays furthest.
 */
export async function furthestOutsideBands(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { rows: number; furthest: FeeBandWarning }>> {
  if (ids.length === 0) return new Map();
  const found = await queryRows<{
    batch_id: string;
    row_no: number;
    data: Record<string, string | number | null>;
    rows: number | string;
  }>(
    db,
    sql`SELECT DISTINCT ON (batch_id) batch_id, row_no, data, count(*) OVER (PARTITION BY batch_id) AS rows
        FROM bulk_rows
        WHERE batch_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) AND data ? 'bandFee'
        ORDER BY batch_id, (data->>'bandExcess')::bigint DESC, row_no`,
  );
  const out = new Map<string, { rows: number; furthest: FeeBandWarning }>();
  for (const r of found) {
    const warning = rowWarning(r.row_no, r.data);
    if (warning?.code === 'FEE_OUT_OF_BAND') out.set(r.batch_id, { rows: Number(r.rows), furthest: warning });
  }
  return out;
}

/** For the inbox: per waiting payment batch, the rows whose name differs from the holder's, in file order. */
export async function nameWarnings(db: Db, ids: readonly string[]): Promise<Map<string, NameWarning[]>> {
  const out = new Map<string, NameWarning[]>();
  for (const id of ids) {
    const found = (await batchWarnings(db, id)).filter((w): w is NameWarning => w.code === 'NAME_MISMATCH');
    if (found.length > 0) out.set(id, found);
  }
  return out;
}

/** One batch as its page shows it: the list's view and the name warnings of its rows. */
export async function oneBatchView(db: Db, row: Selected, viewer: SessionUser): Promise<BulkBatchView> {
  return { ...batchView(row, viewer), warnings: await batchWarnings(db, row.batch.id) };
}
