import { and, eq, sql } from 'drizzle-orm';
import type { MigrationBody, MigrationDecisionBody } from '../../../contract/wallet-migrations';
import type { MigrationRecord } from '../../../contract/api/wallet-migrations';
import type { AuditEntry } from '../../domain/audit/record';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/query';
import { walletMigrations } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { isMaker } from '../../lib/maker-checker';
import type { SessionUser } from '../../lib/session-user';
import { lockWallet, planChange, readRecord } from './migrations';
import { refuseIfExpired } from '../../lib/request-lifetime';

/**
 * Wallet changes under maker-checker (docs/decisions/017-wallet-changes-maker-checker.md): a
 * new phone number is how a SIM-swap takeover starts, so one person only asks for it; another
 * permitted user approves it before anything changes, or rejects it.
 */

interface Step {
  caller: SessionUser;
  now: Date;
  /** Records the audit entry in the step's own database transaction. */
  audit: (tx: Db, entry: AuditEntry) => Promise<void>;
}

const alreadyPending = (number: string) =>
  new ApiError(
    409,
    'MIGRATION_PENDING',
    'A change already waits',
    `A migration of ${number} already waits for approval: have it decided first.`,
  );

const requestNotFound = () =>
  new ApiError(404, 'MIGRATION_NOT_FOUND', 'Not found', 'There is no such migration request.');

const alreadyDecided = () =>
  new ApiError(409, 'MIGRATION_ALREADY_DECIDED', 'Already decided', 'This migration request was already decided.');

const selfApproval = () =>
  new ApiError(
    403,
    'SELF_APPROVAL',
    'Not your decision',
    'You asked for this migration: another permitted user must decide it.',
  );

/**
 * The maker's step: every check a migration needs runs now, on the locked wallet, so a request
 * that could not be applied is refused at once; nothing about the wallet changes.
 */
export async function requestMigration(db: Db, body: MigrationBody, step: Step): Promise<MigrationRecord> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const state = await lockWallet(t, body.number);
    const pending = await queryRows<{ id: number }>(
      t,
      sql`SELECT id FROM wallet_migrations WHERE account_id = ${state.id} AND status = 'pending'`,
    );
    if (pending.length > 0) throw alreadyPending(state.number);
    const plan = await planChange(t, state, body, false);
    const [row] = await t
      .insert(walletMigrations)
      .values({
        accountId: state.id,
        kind: body.kind,
        fromValue: plan.fromValue,
        toValue: plan.toValue,
        reason: body.reason,
        userId: step.caller.userId,
        createdAt: step.now,
        status: 'pending',
        request: body,
      })
      .returning({ id: walletMigrations.id });
    if (!row) throw new Error('The migration request was not written');
    await step.audit(t, {
      action: 'wallet.migrationRequested',
      targetType: 'account',
      targetId: state.number,
      details: { migrationId: row.id, kind: body.kind, ...plan.details },
    });
    return readRecord(t, row.id, step.caller.userId);
  });
}

/**
 * The checker's step, never the maker's: a rejection closes the request; an approval checks the
 * wallet again under its lock (it may have changed since) and applies the change as asked.
 */
export async function decideMigration(
  db: Db,
  id: number,
  decision: MigrationDecisionBody,
  step: Step & { lifetimeMs: number },
): Promise<MigrationRecord> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t.select().from(walletMigrations).where(eq(walletMigrations.id, id)).for('update');
    if (!row) throw requestNotFound();
    refuseIfExpired(row, 'pending', step.now, step.lifetimeMs);
    if (row.status !== 'pending' || !row.request) throw alreadyDecided();
    if (isMaker(step.caller.userId, row.userId)) throw selfApproval();
    const decided = { checkerUserId: step.caller.userId, decidedAt: step.now, decisionReason: decision.reason ?? null };
    if (decision.decision === 'reject') {
      await t
        .update(walletMigrations)
        .set({ status: 'rejected', ...decided })
        .where(and(eq(walletMigrations.id, id), eq(walletMigrations.status, 'pending')));
      await step.audit(t, {
        action: 'wallet.migrationRejected',
        targetType: 'migration',
        targetId: String(id),
        details: { migrationId: id, reason: decision.reason },
      });
      return readRecord(t, id, step.caller.userId);
    }
    const state = await lockWallet(t, row.request.number);
    const plan = await planChange(t, state, row.request, true);
    await t
      .update(walletMigrations)
      .set({ status: 'applied', fromValue: plan.fromValue, toValue: plan.toValue, ...decided })
      .where(eq(walletMigrations.id, id));
    await step.audit(t, {
      action: 'wallet.migrate',
      targetType: 'account',
      targetId: state.number,
      details: { migrationId: id, kind: row.kind, ...plan.details },
    });
    return readRecord(t, id, step.caller.userId);
  });
}
