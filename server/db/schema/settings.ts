import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { accounts, users } from './core';
import type { MigrationBody } from '../../../contract/wallet-migrations';

/** Settings pages: the audit trail, merchant QR codes, wallet migrations and the wallet app banners. */

/** Who did what, when and through which channel: the admins' audit trail page. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for events with no signed-in user (a failed login of an unknown name). */
    userId: integer('user_id').references(() => users.id),
    channel: text('channel').notNull(),
    /** Dot-namespaced: bank.create, qr.unlink, twoFactor.enable, wallet.migrate... */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at, t.id),
    index('audit_events_user_at_idx').on(t.userId, t.at),
    index('audit_events_action_at_idx').on(t.action, t.at),
  ],
);

/** A merchant's payment QR code; an unlinked code no longer resolves. */
export const merchantQrCodes = pgTable(
  'merchant_qr_codes',
  {
    id: serial('id').primaryKey(),
    /** The public code printed under the QR image and carried in its payload. */
    code: text('code').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Null: the customer types the amount. */
    amount: bigint('amount', { mode: 'number' }),
    payload: text('payload').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    unlinkedAt: timestamp('unlinked_at', { withTimezone: true }),
    unlinkedBy: integer('unlinked_by').references(() => users.id),
    unlinkReason: text('unlink_reason'),
  },
  (t) => [index('merchant_qr_codes_account_idx').on(t.accountId, t.createdAt)],
);

/** A wallet moved to a new phone number or another account type. */
export const walletMigrations = pgTable(
  'wallet_migrations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** phone or type. */
    kind: text('kind').notNull(),
    fromValue: text('from_value').notNull(),
    toValue: text('to_value').notNull(),
    reason: text('reason').notNull(),
    /** The maker: who asked for the change. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** pending (nothing changed yet), applied, rejected or expired: a second person decides (maker-checker). */
    status: text('status').notNull().default('applied'),
    /** The change as asked (MigrationBody), applied as it is when a checker approves. */
    request: jsonb('request').$type<MigrationBody>(),
    checkerUserId: integer('checker_user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    index('wallet_migrations_account_idx').on(t.accountId, t.createdAt),
    index('wallet_migrations_status_idx').on(t.status, t.createdAt),
  ],
);

/** The wallet app's banners, managed from /banner. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    link: text('link'),
    /** en, fr or all. */
    language: text('language').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    imageMime: text('image_mime').notNull(),
    imageSha256: text('image_sha256').notNull(),
    image: bytea('image').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    index('banners_position_idx').on(t.position, t.id),
    check('banners_dates_check', sql`${t.endsOn} IS NULL OR ${t.endsOn} >= ${t.startsOn}`),
  ],
);
