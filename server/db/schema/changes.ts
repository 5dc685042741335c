import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './core';

/**
 * Administrative changes under maker-checker (docs/decisions/029-administrative-changes-need-a-second-admin.md): one
 * administrator asks, a second one decides in the approvals inbox, and only then the change is
 * applied, by the code of its kind.
 */
export const changeRequests = pgTable(
  'change_requests',
  {
    id: serial('id').primaryKey(),
    /** One of CHANGE_KINDS (contract/change-requests.ts): limits.update, … */
    kind: text('kind').notNull(),
    /**
     * What the change is about (a username, a flow): one change per kind and subject waits at a
     * time, so two requests never race to overwrite each other.
     */
    subject: text('subject').notNull(),
    /** What the checker reads in the inbox, written by the maker's code. */
    summary: text('summary').notNull(),
    /** The change as asked, applied as it is when approved (validated again by its kind). */
    payload: jsonb('payload').notNull(),
    makerUserId: integer('maker_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** pending, approved, rejected or expired (nobody decided it in time). */
    status: text('status').notNull().default('pending'),
    checkerUserId: integer('checker_user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
  },
  (t) => [
    index('change_requests_status_idx').on(t.status, t.createdAt),
    index('change_requests_kind_idx').on(t.kind, t.createdAt),
    // Two makers asking at once cannot both get a waiting change of the same subject.
    uniqueIndex('change_requests_one_pending_idx').on(t.kind, t.subject).where(sql`status = 'pending'`),
  ],
);

/**
 * The transfer limits in force from `effectiveFrom` on; the newest row rules. Before any row
 * exists the environment's values rule, so a fresh install behaves as configured.
 */
export const transferLimits = pgTable(
  'transfer_limits',
  {
    id: serial('id').primaryKey(),
    approvalThreshold: bigint('approval_threshold', { mode: 'number' }).notNull(),
    customerDailyLimit: bigint('customer_daily_limit', { mode: 'number' }).notNull(),
    maxTransfer: bigint('max_transfer', { mode: 'number' }).notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    /** The approved change request that set them. */
    changeRequestId: integer('change_request_id').references(() => changeRequests.id),
  },
  (t) => [index('transfer_limits_effective_idx').on(t.effectiveFrom)],
);

/**
 * The first half of a one-time password a waiting change request will set (decision 031): sealed
 * with the server key (aes-256-gcm, bound to its request), never in the request's payload, and
 * deleted when the request is decided. The second half is made at approval and never stored.
 */
export const credentialHalves = pgTable('credential_halves', {
  changeRequestId: integer('change_request_id')
    .primaryKey()
    .references(() => changeRequests.id, { onDelete: 'cascade' }),
  /** `iv:tag:ciphertext`, each base64url, like a two-factor secret. */
  sealed: text('sealed').notNull(),
  createdAt: createdAt(),
});
