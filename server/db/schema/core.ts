import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Banks, users and accounts: every other table hangs off these three. They name each other (a
 * bank's float account, a user's bank, an account's holder and bank), so they live in one module.
 */

export const banks = pgTable('banks', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** BBG and BIS banks have their own report pages and groups (docs/product.md). */
  bankGroup: text('bank_group'),
  /** BCEAO bank code or SWIFT BIC, as the settlement files name the bank. */
  bic: text('bic'),
  /** The bank's e-money float account. */
  floatAccountId: integer('float_account_id').references((): AnyPgColumn => accounts.id),
  /** Deactivated banks stay for history and reports but leave every picker. */
  active: boolean('active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
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
    /** Set by a one-time password (user:create): every call but the password change is refused until it is changed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * What the menus read for a bank user (Bridge, Checker), chosen from contract/staff-users.ts.
     * Null for users made before it existed: their name is read instead, as it always was.
     */
    profile: text('profile'),
    /** A deactivated user cannot sign in and has no live session; the row stays for the history. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
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
    // Phone search matches the end of a number: on the reversed digits that is a prefix (reports/search.ts).
    index('accounts_phone_digits_rev_idx').using(
      'btree',
      sql`reverse(regexp_replace(${t.phone}, '\\D', '', 'g')) text_pattern_ops`,
    ),
    index('accounts_bank_idx').on(t.bankId, t.kind),
    // A name or account number searched anywhere in it ('%x%') reads these trigram indexes
    // instead of every account (domain/search/patterns.ts). A name is searched without case or
    // accents, so its index holds lower_unaccent(label); pg_trgm, unaccent and lower_unaccent
    // are created by the migrations (0012, 0018).
    index('accounts_label_unaccent_trgm_idx').using('gin', sql`lower_unaccent(${t.label}) gin_trgm_ops`),
    index('accounts_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')),
  ],
);
