import { asc, eq } from 'drizzle-orm';
import { menuProfileName } from '../../../contract/staff-users';
import type { Db } from '../../db/database';
import { accounts, banks, type users } from '../../db/schema';

/** What the user object shows of its user: a stored row, or the session cache's copy of it. */
type UserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'name' | 'username' | 'profile' | 'groupId' | 'bankId' | 'mustChangePassword'
>;

/**
 * The user object (docs/api.md): what the dashboard stores under `currentUser`, with the
 * idle timeout it warns the user about (sessionPolicy).
 */
export async function buildUserObject(db: Db, user: UserRow, sessionId: string, session: { idleMs: number }) {
  const [bankRows, accountRows] = await Promise.all([
    db
      // Deactivated banks stay (report filters, history) with active: false; pickers for new operations drop them.
      .select({ id: banks.id, code: banks.code, name: banks.name, bankGroup: banks.bankGroup, active: banks.active })
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
    profile: { id: user.id, name: user.name, username: user.username, menuProfile: menuProfileName(user) },
    groupDetails: { groupId: user.groupId },
    bankId: user.bankId,
    bankList: bankRows,
    accountsData: accountRows,
    sessionPolicy: { idleSeconds: Math.round(session.idleMs / 1000) },
    mustChangePassword: user.mustChangePassword,
  };
}
