import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, leaseColumns } from './columns';
import { accounts, users } from './core';
import { transactions } from './ledger';

/** Bulk operations from files: one batch per uploaded file, one row per line. */

/**
 * One uploaded file of rows to process: a bulk payment, change of bank, fee override or fee
 * removal. The same file sent twice by the same user is the same batch (unique content hash).
 */
export const bulkBatches = pgTable(
  'bulk_batches',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the validated rows as submitted: the idempotency key of the upload. */
    contentHash: text('content_hash').notNull(),
    /** awaiting_approval, rejected, expired (nobody decided in time), queued, processing, done, failed. */
    status: text('status').notNull(),
    sourceAccountId: integer('source_account_id').references(() => accounts.id),
    rowsTotal: integer('rows_total').notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsFailed: integer('rows_failed').notNull().default(0),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull().default(0),
    totalFees: bigint('total_fees', { mode: 'number' }).notNull().default(0),
    checkerUserId: integer('checker_user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...leaseColumns(),
  },
  (t) => [
    uniqueIndex('bulk_batches_user_kind_hash_idx').on(t.userId, t.kind, t.contentHash),
    index('bulk_batches_kind_created_idx').on(t.kind, t.createdAt),
    index('bulk_batches_status_idx').on(t.status),
  ],
);

/** A batch's rows; a row is marked done in the same database transaction that applies it. */
export const bulkRows = pgTable(
  'bulk_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: text('batch_id')
      .notNull()
      .references(() => bulkBatches.id),
    rowNo: integer('row_no').notNull(),
    data: jsonb('data').$type<Record<string, string | number | null>>().notNull(),
    /** pending, done, failed. */
    status: text('status').notNull().default('pending'),
    error: text('error'),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bulk_rows_batch_row_idx').on(t.batchId, t.rowNo),
    index('bulk_rows_batch_status_idx').on(t.batchId, t.status, t.rowNo),
  ],
);
