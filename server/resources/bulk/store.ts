import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { BulkOperationDef } from '../../../contract/bulk';
import type { BulkCheckRequest } from '../../../contract/api/bulk';
import type { Db } from '../../db/database';
import { bulkBatches } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';
import { ApiError } from '../../lib/api-error';
import type { CheckOutcome } from './check';

const rowsInvalid = (count: number) =>
  new ApiError(
    422,
    'BULK_ROWS_INVALID',
    'Rows with errors',
    `${count} row(s) of this file have errors. Check the file again, fix or drop them, then submit.`,
  );

const batchUnpayable = (code: string) =>
  new ApiError(422, code, 'Batch cannot be paid', 'The paying account is missing or cannot cover the batch.');

/** The same rows from the same user for the same operation and payer: the same batch. */
function contentHash(op: BulkOperationDef, request: BulkCheckRequest, source: string | null): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([op.kind, source]));
  for (const row of request.rows)
    hash.update(JSON.stringify([row.rowNo, op.columns.map((c) => row.values[c.key] ?? '')]));
  return hash.digest('hex');
}

/**
 * Stores a checked batch and its rows in one transaction (the rows in one INSERT … SELECT, not
 * one statement per row). A file already sent answers the existing batch, so a retried upload
 * never makes a second batch that would pay again.
 */
export async function storeBatch(
  db: Db,
  op: BulkOperationDef,
  caller: SessionUser,
  request: BulkCheckRequest,
  outcome: CheckOutcome,
  now: Date,
): Promise<{ id: string; created: boolean }> {
  if (outcome.errors.length) throw rowsInvalid(new Set(outcome.errors.map((e) => e.rowNo)).size);
  if (outcome.batchError) throw batchUnpayable(outcome.batchError.code);
  const hash = contentHash(op, request, outcome.source?.number ?? null);
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const [inserted] = await tx
      .insert(bulkBatches)
      .values({
        id,
        kind: op.kind,
        userId: caller.userId,
        fileName: request.fileName,
        contentHash: hash,
        status: op.needsApproval ? 'awaiting_approval' : 'queued',
        sourceAccountId: outcome.source?.id ?? null,
        rowsTotal: outcome.resolved.length,
        totalAmount: outcome.totals.amount,
        totalFees: outcome.totals.fees,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: bulkBatches.id });
    if (!inserted) {
      const [existing] = await tx
        .select({ id: bulkBatches.id })
        .from(bulkBatches)
        .where(
          and(eq(bulkBatches.userId, caller.userId), eq(bulkBatches.kind, op.kind), eq(bulkBatches.contentHash, hash)),
        );
      if (!existing) throw new Error('A conflicting batch vanished.');
      return { id: existing.id, created: false };
    }
    const rows = outcome.resolved.map((r) => ({ n: r.rowNo, d: { ...r.values, ...r.resolved } }));
    await tx.execute(sql`
      INSERT INTO bulk_rows (batch_id, row_no, data)
      SELECT ${id}, (r->>'n')::int, r->'d' FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS r`);
    return { id, created: true };
  });
}
