import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts, banks, users } from './core';

/** The double-entry ledger: transactions, their postings and the records around each posting. */

/**
 * One business event: a cash-in, a bill payment, an e-money issue... Its money moves only
 * through the postings below, which sum to zero for every transaction.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reference: text('reference').notNull().unique(),
    type: text('type').notNull(),
    service: text('service').notNull(),
    status: text('status').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    commission: bigint('commission', { mode: 'number' }).notNull().default(0),
    fromAccountId: integer('from_account_id').references(() => accounts.id),
    toAccountId: integer('to_account_id').references(() => accounts.id),
    initiatorUserId: integer('initiator_user_id').references(() => users.id),
    channel: text('channel').notNull().default('dashboard'),
    bankId: integer('bank_id').references(() => banks.id),
    network: text('network'),
    memberId: text('member_id'),
    /** Service specifics: meter number, bill reference, bus card, policy number... */
    details: jsonb('details').$type<Record<string, string>>(),
    /** The transfer flow (contract/transfers.ts) that made it; null for history the API did not post. */
    flowId: text('flow_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_created_idx').on(t.createdAt, t.id),
    index('transactions_service_created_idx').on(t.service, t.createdAt),
    index('transactions_type_created_idx').on(t.type, t.createdAt),
    index('transactions_from_created_idx').on(t.fromAccountId, t.createdAt),
    index('transactions_to_created_idx').on(t.toAccountId, t.createdAt),
    index('transactions_bank_created_idx').on(t.bankId, t.createdAt),
    index('transactions_network_created_idx').on(t.network, t.createdAt),
    index('transactions_member_created_idx').on(t.memberId, t.createdAt),
    // Reference search is a prefix match; the pattern operator class serves LIKE 'TX2611%' in any collation.
    index('transactions_reference_prefix_idx').on(t.reference.op('text_pattern_ops')),
    // The most used sort after time: a page sorted by amount reads the index, not a million-row sort.
    index('transactions_amount_idx').on(t.amount, t.id),
  ],
);

export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Signed: credits positive, debits negative. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('postings_account_created_idx').on(t.accountId, t.createdAt),
    index('postings_transaction_idx').on(t.transactionId),
  ],
);

/** Live references are `TR` + YYMMDD + this sequence, so they never meet the demo's `TX…`. */
export const transferReferenceSeq = pgSequence('transfer_reference_seq', { startWith: 1 });

/**
 * A submitted transfer's answer, kept under the client's key: a repeat gets the same answer
 * instead of a second posting. Written in the posting's own database transaction, so a
 * request that fails leaves no key behind and can be retried.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    flowId: text('flow_id').notNull(),
    /** SHA-256 of the flow and the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    httpStatus: integer('http_status'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key_idx').on(t.userId, t.key)],
);

/** Who moved money, when, through which channel, and every balance it changed. */
export const transferAudit = pgTable(
  'transfer_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    channel: text('channel').notNull(),
    requestId: text('request_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    balances: jsonb('balances').$type<{ number: string; before: number; after: number }[]>().notNull(),
  },
  (t) => [index('transfer_audit_transaction_idx').on(t.transactionId)],
);
