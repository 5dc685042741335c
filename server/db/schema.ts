import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const banks = pgTable('banks', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** BBG and BIS banks have their own report pages and groups (DESIGN.md §4). */
  bankGroup: text('bank_group'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    groupId: integer('group_id').notNull(),
    phone: text('phone'),
    email: text('email'),
    bankId: integer('bank_id').references(() => banks.id),
    passwordHash: text('password_hash').notNull(),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the token: a leaked table cannot be replayed. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    loginChannel: text('login_channel').notNull(),
    lastChannel: text('last_channel').notNull(),
    requestCount: integer('request_count').notNull().default(0),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One row a request made in a session: which channel it came through, and what it asked. */
export const sessionActivity = pgTable(
  'session_activity',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    channel: text('channel').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
  },
  (t) => [index('session_activity_session_idx').on(t.sessionId, t.at)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    kind: text('kind').notNull(),
    label: text('label').notNull(),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    bankId: integer('bank_id').references(() => banks.id),
    currency: text('currency').notNull().default('XOF'),
    /** Integer XOF: the franc CFA has no minor unit. Always the sum of the account's postings. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull().default('active'),
    phone: text('phone'),
    region: text('region'),
    kycStatus: text('kyc_status').notNull().default('approved'),
    pinStatus: text('pin_status').notNull().default('set'),
    /** Agent hierarchy and merchant chains (head, master, location). */
    parentAccountId: integer('parent_account_id'),
    network: text('network'),
    memberId: text('member_id'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('accounts_owner_idx').on(t.ownerUserId),
    index('accounts_kind_created_idx').on(t.kind, t.createdAt),
    index('accounts_kind_activated_idx').on(t.kind, t.activatedAt),
    index('accounts_parent_idx').on(t.parentAccountId),
    index('accounts_phone_idx').on(t.phone),
    index('accounts_bank_idx').on(t.bankId, t.kind),
  ],
);

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

/** Customers asking to close their account (the "Closed Account Request" report). */
export const closureRequests = pgTable(
  'closure_requests',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('closure_requests_created_idx').on(t.createdAt)],
);

/** Members associated with a broker (the AFTU master's transport partners, SPEC.md §7). */
export const associatedMembers = pgTable(
  'associated_members',
  {
    id: serial('id').primaryKey(),
    brokerUserId: integer('broker_user_id')
      .notNull()
      .references(() => users.id),
    memberId: text('member_id').notNull(),
    memberName: text('member_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('associated_members_broker_member_idx').on(t.brokerUserId, t.memberId)],
);

/** Report exports run in the background; the page lists them, so a reload loses nothing. */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reportId: text('report_id').notNull(),
    format: text('format').notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    status: text('status').notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    /**
     * The capability in the download link, so a plain <a href> can fetch the file without the
     * session header. Only the job's owner ever sees it; the data it opens is theirs anyway.
     */
    downloadKey: text('download_key').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('export_jobs_user_created_idx').on(t.userId, t.createdAt)],
);
