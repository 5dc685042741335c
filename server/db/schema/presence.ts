import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core';

/**
 * Who has a KYC case or an inbox request open, and when their tab last said so
 * (docs/decisions/050-who-has-this-open.md). In the database, not in a process: the holder's
 * tab and the tab that shows them may talk to different replicas. A row not refreshed within
 * PRESENCE_TTL_MS no longer counts, and is cleared the next time anyone announces.
 */
export const itemPresence = pgTable(
  'item_presence',
  {
    holderUserId: integer('holder_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `kyc` or an inbox kind. */
    kind: text('kind').notNull(),
    /** An account number (upper case) or the id within its inbox kind. */
    itemId: text('item_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.holderUserId, t.kind, t.itemId] }), index('item_presence_seen_idx').on(t.seenAt)],
);
