import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { accounts, banks, type users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

/** The user object of DESIGN.md §3: what the dashboard stores under `currentUser`. */
export async function buildUserObject(db: Db, user: UserRow, sessionId: string) {
  const [bankRows, accountRows] = await Promise.all([
    db
      .select({ id: banks.id, code: banks.code, name: banks.name, bankGroup: banks.bankGroup })
      .from(banks)
      .orderBy(asc(banks.name)),
    db
      .select({
        number: accounts.number,
        kind: accounts.kind,
        label: accounts.label,
        currency: accounts.currency,
        balance: accounts.balance,
        status: accounts.status,
      })
      .from(accounts)
      .where(eq(accounts.ownerUserId, user.id))
      .orderBy(asc(accounts.number)),
  ]);
  return {
    sessionId,
    profile: { id: user.id, name: user.name, username: user.username },
    groupDetails: { groupId: user.groupId },
    bankId: user.bankId,
    bankList: bankRows,
    accountsData: accountRows,
  };
}
