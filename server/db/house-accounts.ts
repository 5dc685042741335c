import { inArray } from 'drizzle-orm';
import type { Db } from './database';
import { accounts } from './schema';

/**
 * The accounts of the house the ledger posts to on every system: e-money comes from SYS-EQUITY,
 * fees go to SYS-FEES, commissions are paid from SYS-COMMISSIONS (server/ledger/accounts.ts).
 * The demo and a production start both create them; nothing else does.
 */
const HOUSE_ACCOUNTS = [
  { number: 'SYS-EQUITY', kind: 'system', label: 'E-money issuance (system)' },
  { number: 'SYS-FEES', kind: 'fees', label: 'Fees collected' },
  { number: 'SYS-COMMISSIONS', kind: 'commissions', label: 'Commissions payable' },
] as const;

/** Creates the house accounts a database lacks (none twice); answers how many it created. */
export async function ensureHouseAccounts(db: Db, at: Date): Promise<number> {
  const created = await db
    .insert(accounts)
    .values(
      HOUSE_ACCOUNTS.map((a) => ({ ...a, status: 'active', kycStatus: 'approved', createdAt: at, activatedAt: at })),
    )
    .onConflictDoNothing({ target: accounts.number })
    .returning({ number: accounts.number });
  return created.length;
}

export async function houseAccountNumbers(db: Db): Promise<string[]> {
  const rows = await db
    .select({ number: accounts.number })
    .from(accounts)
    .where(
      inArray(
        accounts.number,
        HOUSE_ACCOUNTS.map((a) => a.number),
      ),
    );
  return rows.map((r) => r.number).sort();
}
