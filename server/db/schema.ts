import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /** Integer XOF: the franc CFA has no minor unit. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [index('accounts_owner_idx').on(t.ownerUserId)],
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
