import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { changeRequests } from './changes';
import { createdAt } from './columns';
import { accounts, banks, users } from './core';
import { transactions } from './ledger';

/** Money movement rules and workflows: fees, maker-checker approvals, withdrawal codes, chargebacks. */

/**
 * One flow's fee schedule over a period: its bands (fee_schedule) are in force from
 * `effectiveFrom`, the moment the second administrator approved them, until the next schedule
 * of the flow replaces them (docs/decisions/026-effective-dated-fee-schedules.md). Rows are
 * never changed but to close them, so the history of every flow stays readable.
 */
export const feeScheduleVersions = pgTable(
  'fee_schedule_versions',
  {
    id: serial('id').primaryKey(),
    flowId: text('flow_id').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    /** Null: the schedule in force. */
    effectiveTo: timestamp('effective_to', { withTimezone: true }),
    /** Null for the schedule the migrations installed. */
    makerUserId: integer('maker_user_id').references(() => users.id),
    checkerUserId: integer('checker_user_id').references(() => users.id),
    /** The approved change request that made it. */
    changeRequestId: integer('change_request_id').references(() => changeRequests.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fee_schedule_versions_current_idx').on(t.flowId).where(sql`${t.effectiveTo} IS NULL`),
    index('fee_schedule_versions_flow_from_idx').on(t.flowId, t.effectiveFrom),
  ],
);

/**
 * The fee of a flow by amount band. An amount outside every band of its flow is refused, so
 * the bands are also each flow's minimum and maximum. Basis points: 100 bp = 1 %.
 */
export const feeSchedule = pgTable(
  'fee_schedule',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id')
      .notNull()
      .references(() => feeScheduleVersions.id),
    flowId: text('flow_id').notNull(),
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    fixedFee: bigint('fixed_fee', { mode: 'number' }).notNull().default(0),
    percentFeeBp: integer('percent_fee_bp').notNull().default(0),
    minFee: bigint('min_fee', { mode: 'number' }).notNull().default(0),
    /** Null: no cap. */
    maxFee: bigint('max_fee', { mode: 'number' }),
    /** Share of the fee paid on to the agent who served the customer. */
    commissionShareBp: integer('commission_share_bp').notNull().default(0),
    /** Commission on the amount itself, paid to the agent out of SYS-COMMISSIONS (no fee to share). */
    commissionRateBp: integer('commission_rate_bp').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('fee_schedule_flow_idx').on(t.flowId, t.minAmount),
    index('fee_schedule_version_idx').on(t.versionId, t.minAmount),
    check('fee_schedule_band_check', sql`${t.minAmount} > 0 AND ${t.minAmount} <= ${t.maxAmount}`),
  ],
);

/** A negotiated fee for one debited account on one flow; it replaces the schedule's fee. */
export const feeOverrides = pgTable(
  'fee_overrides',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    flowId: text('flow_id').notNull(),
    fixedFee: bigint('fixed_fee', { mode: 'number' }),
    percentFeeBp: integer('percent_fee_bp'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fee_overrides_account_flow_idx').on(t.accountId, t.flowId),
    check('fee_overrides_some_fee_check', sql`${t.fixedFee} IS NOT NULL OR ${t.percentFeeBp} IS NOT NULL`),
  ],
);

/** Maker-checker: a transfer waiting for a second person (/authorize-transactions). */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: serial('id').primaryKey(),
    flowId: text('flow_id').notNull(),
    makerUserId: integer('maker_user_id')
      .notNull()
      .references(() => users.id),
    sourceAccountId: integer('source_account_id')
      .notNull()
      .references(() => accounts.id),
    counterpartyAccountId: integer('counterparty_account_id')
      .notNull()
      .references(() => accounts.id),
    destinationAccountId: integer('destination_account_id')
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    note: text('note'),
    status: text('status').notNull(),
    reason: text('reason'),
    checkerUserId: integer('checker_user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id),
    /** Bank flows: only this bank's checkers decide, and only its users see the request. */
    bankId: integer('bank_id').references(() => banks.id),
  },
  (t) => [
    uniqueIndex('approval_requests_transaction_idx').on(t.transactionId),
    index('approval_requests_status_created_idx').on(t.status, t.createdAt),
    index('approval_requests_status_expires_idx').on(t.status, t.expiresAt),
    index('approval_requests_bank_created_idx').on(t.bankId, t.createdAt),
  ],
);

/** One-time codes a customer makes in the wallet app to authorise a cash-out. */
export const withdrawalCodes = pgTable(
  'withdrawal_codes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** sha256$salt$hash: the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id),
    /** Wrong codes tried since this code was made; at the limit the customer must make a new one. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('withdrawal_codes_account_idx').on(t.accountId, t.id)],
);

/**
 * A chargeback: the reversal of one transaction, asked by a maker and decided by a checker.
 * The reversal is a new transaction with opposite postings; nothing is deleted.
 */
export const chargebacks = pgTable(
  'chargebacks',
  {
    id: serial('id').primaryKey(),
    originalTransactionId: bigint('original_transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id),
    reversalTransactionId: bigint('reversal_transaction_id', { mode: 'number' }).references(() => transactions.id),
    reason: text('reason').notNull(),
    /** pending, approved, rejected, expired (nobody decided it in time). */
    status: text('status').notNull(),
    makerUserId: integer('maker_user_id')
      .notNull()
      .references(() => users.id),
    checkerUserId: integer('checker_user_id').references(() => users.id),
    decisionReason: text('decision_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One live chargeback per transaction: a rejected or expired one may be asked again.
    uniqueIndex('chargebacks_open_original_idx')
      .on(t.originalTransactionId)
      .where(sql`${t.status} NOT IN ('rejected', 'expired')`),
    index('chargebacks_status_created_idx').on(t.status, t.createdAt),
  ],
);
