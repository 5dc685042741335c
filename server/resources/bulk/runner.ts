import type { AuditAction } from '../../../contract/audit-actions';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { bulkOperation, type BulkKind } from '../../../contract/bulk';
import { findTransferFlow, type TransferFlowId, transactionCode } from '../../../contract/transfers';
import type { TransferSettings } from '../../config';
import type { Db } from '../../db/database';
import { updateFromValues } from '../../db/query';
import { accounts, auditEvents, bulkBatches, bulkRows, feeOverrides, users } from '../../db/schema';
import type { Clock } from '../../http/clock';
import { ApiError } from '../../lib/api-error';
import type { Logger } from '../../http/logger';
import { createJobWorker, type Lease, leaseOwner } from '../../jobs/lease';
import { type AccountRow, COMMISSIONS_ACCOUNT, FEES_ACCOUNT, lockAccounts } from '../../ledger/accounts';
import { splitCommission } from '../../ledger/fees';
import { beneficiaryOf } from '../../ledger/parties';
import { total, type TransferPlan } from '../../ledger/plan';
import { postingsOf, postPlans } from '../../ledger/posting';
import { nextReferences } from '../../ledger/reference';
import { checkCommissionBudget, checkFunds, checkUsable } from '../../ledger/rules';
import type { BatchRow } from './views';

type Row = typeof bulkRows.$inferSelect;
type Data = Record<string, string | number | null>;

/** Rows applied per database transaction: each commits with its rows marked, or not at all. */
export const CHUNK_ROWS = 100;

const num = (value: Data[string] | undefined) => Number(value);

/** Lets pending I/O (incoming requests, responses being written) run before the next chunk. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface BulkRunnerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  settings: TransferSettings;
  /** Called after money moved, so cached report totals are recomputed. */
  onLedgerChange: () => void;
  /** Counts the rows processed, for the metrics. */
  onRows?: (count: number) => void;
}

/**
 * A chunk of payment rows, checked one after another against the balances the rows before
 * leave (the same rules as a single transfer), then posted together.
 */
async function payRows(
  db: Db,
  batch: BatchRow,
  rows: Row[],
  flowId: TransferFlowId,
  houseIds: number[],
  now: Date,
  settings: TransferSettings,
): Promise<Map<number, { transactionId: number } | { error: string }>> {
  const flow = findTransferFlow(flowId);
  const sourceId = batch.sourceAccountId;
  if (!flow || sourceId === null) throw new Error(`Batch ${batch.id} has no payer or flow.`);
  const locked = await lockAccounts(db, [sourceId, ...rows.map((r) => num(r.data.accountId)), ...houseIds]);
  const live = new Map(locked);
  const house = () => houseIds.map((id) => live.get(id)).filter((a): a is AccountRow => a !== undefined);
  const originalHouse = house();
  const outcomes = new Map<number, { transactionId: number } | { error: string }>();
  const plans: TransferPlan[] = [];
  const planned: Row[] = [];
  for (const row of rows) {
    try {
      const source = live.get(sourceId);
      const destination = live.get(num(row.data.accountId));
      if (!source || !destination) throw refused('ACCOUNT_NOT_FOUND', 'The account no longer exists.');
      const beneficiary = beneficiaryOf(batch.userId, source, destination);
      const plan: TransferPlan = {
        flow,
        parties: { source, counterparty: destination, destination, beneficiary },
        amount: num(row.data.amount),
        charges: splitCommission(num(row.data.fee), beneficiary ? num(row.data.commission) : 0),
        needsApproval: false,
        note: row.data.reference ? String(row.data.reference) : null,
        initiatorUserId: batch.userId,
        code: transactionCode(flow, settings.groupIdSet),
      };
      checkUsable(source);
      checkUsable(destination);
      checkFunds(source, total(plan));
      const budget = house().find((a) => a.number === COMMISSIONS_ACCOUNT);
      if (budget) checkCommissionBudget(budget, plan.charges.commissionFromBudget);
      for (const { account, amount } of postingsOf(plan, house())) {
        const current = live.get(account.id) ?? account;
        live.set(account.id, { ...current, balance: current.balance + amount });
      }
      plans.push(plan);
      planned.push(row);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      outcomes.set(row.id, { error: `${error.code}: ${error.longMessage}` });
    }
  }
  const references = await nextReferences(db, now, plans.length);
  const ids = await postPlans(db, plans, originalHouse, references, {
    userId: batch.userId,
    channel: 'dashboard',
    requestId: `bulk:${batch.id}`,
    now,
  });
  planned.forEach((row, i) => {
    outcomes.set(row.id, { transactionId: ids[i] as number });
  });
  return outcomes;
}

const refused = (code: string, message: string) => new ApiError(409, code, message, message);

/** One settings row; a refusal here fails the row, not the batch. */
async function applySetting(db: Db, kind: BulkKind, data: Data, now: Date): Promise<void> {
  const accountId = num(data.accountId);
  switch (kind) {
    case 'change-bank': {
      const changed = await db
        .update(accounts)
        .set({ bankId: num(data.bankId) })
        .where(eq(accounts.id, accountId))
        .returning({ id: accounts.id });
      if (!changed.length) throw refused('ACCOUNT_NOT_FOUND', 'The account no longer exists.');
      return;
    }
    case 'fee-override': {
      const values = {
        fixedFee: data.fixedFee === null ? null : num(data.fixedFee),
        percentFeeBp: data.percentFeeBp === null ? null : num(data.percentFeeBp),
      };
      await db
        .insert(feeOverrides)
        .values({ accountId, flowId: String(data.flow), ...values, createdAt: now })
        .onConflictDoUpdate({ target: [feeOverrides.accountId, feeOverrides.flowId], set: values });
      return;
    }
    case 'fee-removal': {
      const removed = await db
        .delete(feeOverrides)
        .where(and(eq(feeOverrides.accountId, accountId), eq(feeOverrides.flowId, String(data.flow))))
        .returning({ id: feeOverrides.id });
      if (!removed.length)
        throw refused('OVERRIDE_NOT_FOUND', 'This account has no negotiated fee on this flow any more.');
      return;
    }
    case 'payment':
      throw new Error('Payments are paid, not applied.');
  }
}

/**
 * Runs approved batches in the background, a chunk of rows per database transaction, on
 * whichever server claims the batch (server/jobs/lease.ts). A row is marked done in the
 * transaction that applies it, and each chunk re-reads under lock which of its rows are still
 * pending, so a stop at any moment (even SIGKILL) and a takeover by another server leave each
 * row either applied and marked or neither: no row is ever paid twice.
 */
export function createBulkRunner(deps: BulkRunnerDeps) {
  const { db, clock, logger } = deps;

  async function houseIds(): Promise<number[]> {
    const rows = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(inArray(accounts.number, [FEES_ACCOUNT, COMMISSIONS_ACCOUNT]));
    return rows.map((r) => r.id);
  }

  async function processChunk(batch: BatchRow, rows: Row[], flowId: TransferFlowId | null, house: number[]) {
    const now = clock.now();
    let done = 0;
    let failed = 0;
    await db.transaction(async (tx) => {
      // Another server may have done some of these rows since they were read: only pending rows are applied.
      const pending = await tx
        .select({ id: bulkRows.id })
        .from(bulkRows)
        .where(
          and(
            inArray(
              bulkRows.id,
              rows.map((r) => r.id),
            ),
            eq(bulkRows.status, 'pending'),
          ),
        )
        .for('update');
      const stillPending = new Set(pending.map((r) => r.id));
      const todo = rows.filter((r) => stillPending.has(r.id));
      let outcomes: Map<number, { transactionId: number | null } | { error: string }>;
      if (flowId) outcomes = await payRows(tx, batch, todo, flowId, house, now, deps.settings);
      else {
        outcomes = new Map();
        for (const row of todo) {
          try {
            await tx.transaction((savepoint) => applySetting(savepoint, batch.kind as BulkKind, row.data, now));
            outcomes.set(row.id, { transactionId: null });
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            outcomes.set(row.id, { error: `${error.code}: ${error.longMessage}` });
          }
        }
      }
      if (outcomes.size === 0) return;
      await updateFromValues(tx, {
        table: bulkRows,
        columns: ['id', 'status', 'transaction_id', 'error'],
        rows: [...outcomes].map(([id, outcome]) =>
          'error' in outcome
            ? [sql`${id}::bigint`, sql`'failed'`, sql`NULL::bigint`, sql`${outcome.error}::text`]
            : [sql`${id}::bigint`, sql`'done'`, sql`${outcome.transactionId}::bigint`, sql`NULL::text`],
        ),
        set: sql`status = v.status, transaction_id = v.transaction_id, error = v.error,
                 processed_at = ${now.toISOString()}::timestamptz`,
      });
      for (const outcome of outcomes.values()) {
        if ('error' in outcome) failed += 1;
        else done += 1;
      }
      await tx
        .update(bulkBatches)
        .set({
          rowsDone: sql`${bulkBatches.rowsDone} + ${done}`,
          rowsFailed: sql`${bulkBatches.rowsFailed} + ${failed}`,
        })
        .where(eq(bulkBatches.id, batch.id));
    });
    if (flowId && done > 0) deps.onLedgerChange();
    deps.onRows?.(done + failed);
  }

  async function run(id: string, lease: Lease) {
    const [batch] = await db.select().from(bulkBatches).where(eq(bulkBatches.id, id));
    if (!batch) return;
    const op = bulkOperation(batch.kind);
    if (!op) throw new Error(`Unknown bulk operation ${batch.kind}`);
    let flowId: TransferFlowId | null = null;
    if (op.kind === 'payment') {
      const [maker] = await db.select({ groupId: users.groupId }).from(users).where(eq(users.id, batch.userId));
      const [payer] = await db
        .select({ kind: accounts.kind })
        .from(accounts)
        .where(eq(accounts.id, batch.sourceAccountId ?? -1));
      if (!maker || !payer) throw new Error(`Batch ${id} lost its maker or payer.`);
      flowId = payer.kind === 'agent' ? 'agent-cash-in' : 'payroll-cash-in';
    }
    const house = await houseIds();
    for (;;) {
      // Stopping or lost to another server: what is committed stays, the rest is for the next holder.
      if (worker.stopping() || !lease.held()) return;
      const rows = await db
        .select()
        .from(bulkRows)
        .where(and(eq(bulkRows.batchId, id), eq(bulkRows.status, 'pending')))
        .orderBy(asc(bulkRows.rowNo))
        .limit(CHUNK_ROWS);
      if (!rows.length) break;
      await processChunk(batch, rows, flowId, house);
      // PGlite answers synchronously, so a run is one unbroken chain of microtasks: without
      // this the server would accept no request (not even /health) until the whole batch ended.
      await yieldToEventLoop();
    }
    const now = clock.now();
    const [finished] = await db
      .update(bulkBatches)
      .set({ status: 'done', finishedAt: now })
      .where(and(eq(bulkBatches.id, id), eq(bulkBatches.status, 'processing'), eq(bulkBatches.leaseOwner, lease.owner)))
      .returning();
    if (finished) {
      await db.insert(auditEvents).values({
        at: now,
        userId: finished.userId,
        channel: 'dashboard',
        action: 'bulk.done' satisfies AuditAction,
        targetType: 'bulkBatch',
        targetId: finished.id,
        details: { kind: finished.kind, rowsDone: finished.rowsDone, rowsFailed: finished.rowsFailed },
      });
    }
  }

  async function fail(id: string, error: unknown, lease: Lease) {
    logger.error('bulk batch failed', { batchId: id, error: error instanceof Error ? error.message : String(error) });
    await db
      .update(bulkBatches)
      .set({
        status: 'failed',
        error: 'The batch stopped on an unexpected error; rows not marked done were not applied.',
        finishedAt: clock.now(),
      })
      .where(and(eq(bulkBatches.id, id), eq(bulkBatches.leaseOwner, lease.owner)));
  }

  const worker = createJobWorker({
    db,
    logger,
    kind: { table: 'bulk_batches', statuses: ['queued', 'processing'], claimedStatus: 'processing' },
    owner: leaseOwner('bulk'),
    run,
    fail,
  });

  return {
    /** A batch was queued: claim it (or another one waiting) now rather than at the next look. */
    enqueue: (_batchId: string) => worker.wake(),
    /** Batches a stopped server left queued or half done start again, here or on any server. */
    resume: async () => worker.wake(),
    /** Looks for batches every `pollMs`, for those queued on other servers or left by a dead one. */
    start: (pollMs: number) => worker.start(pollMs),
    /** Resolves when no batch is under way here (tests and shutdown). */
    idle: () => worker.idle(),
    /** Claims nothing more; the batch under way stops after its chunk and is released. */
    stop: () => worker.stop(),
  };
}

export type BulkRunner = ReturnType<typeof createBulkRunner>;
