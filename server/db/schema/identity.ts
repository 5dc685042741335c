import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './core';

/** Sessions, two-factor sign-in and the members a broker represents: who is calling, and for whom. */

/**
 * Sign-in failures per key (a username, known or not, or a client address), in the database so
 * every replica sees them: past a few failures each further attempt must wait (auth/throttle.ts).
 */
export const loginThrottle = pgTable('login_throttle', {
  /** `user:<lower-case username>` or `address:<client address>`. */
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  /** No attempt for this key is checked before this instant. */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

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

/** TOTP enrolment; enabledAt is null while the user has not yet confirmed a first code. */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Base32 secret, encrypted with the server key (aes-256-gcm, iv:tag:ciphertext). */
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last accepted 30 s step: a code is accepted once. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A password accepted for a user with two-factor: the second step of the login. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    channel: text('channel').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/** Members associated with a broker: the AFTU master's transport partners, one menu section each. */
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
