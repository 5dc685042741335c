import { count } from 'drizzle-orm';
import type { Db } from './database';
import { ensureHouseAccounts } from './house-accounts';
import { users } from './schema';

/**
 * A production start (docs/decisions/024-production-start-and-one-time-passwords.md): no demo
 * customers, transactions, banks or users, only what the ledger needs to post. The schema and
 * the default fee schedule come with the migrations. Safe to run on every start.
 */
export async function seedProduction(db: Db, now: Date): Promise<{ created: boolean; userCount: number }> {
  const created = await ensureHouseAccounts(db, now);
  const [row] = await db.select({ n: count() }).from(users);
  return { created: created > 0, userCount: row?.n ?? 0 };
}

/** What the start-up banner says when nobody can sign in yet. */
export const FIRST_ADMIN_HINT = [
  '  No users yet. Create the first admin (a one-time password is printed once):',
  '    NODE_ENV=production npm run user:create -- --username <name> --group admin --name "<Full Name>"',
  '  (with the same DATABASE_URL or DATA_DIR as the server).',
];
