import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { BatchStatus, BulkBatchView, BulkKind, RowWarning } from '../../../contract/bulk';
import type { Db } from '../../db/database';
import { accounts, bulkBatches, bulkRows, users } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';

export type BatchRow = typeof bulkBatches.$inferSelect;

/** Who decides bulk payments: the groups of the admin menu (an agent's batch included). */
export const mayDecideBatches = (user: SessionUser) => user.group === 'admin';

/** Admins see every batch of an operation; anyone else only their own. */
export const mayRead = (user: SessionUser, batch: Pick<BatchRow, 'userId'>) =>
  batch.userId === user.userId || mayDecideBatches(user);

const batchSelection = {
  batch: bulkBatches,
  maker: users.name,
  checker: sql<string | null>`(SELECT name FROM users c WHERE c.id = ${bulkBatches.checkerUserId})`,
  source: accounts.number,
};

export function batchesQuery(db: Db) {
  return db
    .select(batchSelection)
    .from(bulkBatches)
    .innerJoin(users, eq(users.id, bulkBatches.userId))
    .leftJoin(accounts, eq(accounts.id, bulkBatches.sourceAccountId));
}

type Selected = { batch: BatchRow; maker: string; checker: string | null; source: string | null };

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

/** The rows the check stored with a holder's name: their name differs from the wallet's. */
async function batchWarnings(db: Db, id: string): Promise<RowWarning[]> {
  const holder = sql<string | null>`${bulkRows.data}->>'holder'`;
  const rows = await db
    .select({ rowNo: bulkRows.rowNo, name: sql<string>`${bulkRows.data}->>'name'`, holder })
    .from(bulkRows)
    .where(and(eq(bulkRows.batchId, id), isNotNull(holder)))
    .orderBy(asc(bulkRows.rowNo));
  return rows.map((r) => ({ rowNo: r.rowNo, code: 'NAME_MISMATCH', name: r.name, holder: r.holder ?? '' }));
}

/** One batch as its page shows it: the list's view and the name warnings of its rows. */
export async function oneBatchView(db: Db, row: Selected, viewer: SessionUser): Promise<BulkBatchView> {
  return { ...batchView(row, viewer), warnings: await batchWarnings(db, row.batch.id) };
}
