import { eq } from 'drizzle-orm';
import { mayReview } from '../../../contract/kyc';
import type { RegistrationAvailability, TakenBy } from '../../../contract/api/registrations';
import type { Db } from '../../db/database';
import { accountProfiles, accounts } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';

/** Who holds a number: the account number only for a caller who may review that account. */
function holder(caller: SessionUser, row: { number: string; kind: string } | undefined): TakenBy {
  if (!row) return { taken: false, account: null };
  return { taken: true, account: mayReview(caller.group, row.kind) ? row.number : null };
}

export async function availability(
  db: Db,
  caller: SessionUser,
  query: { phone?: string; nationalId?: string },
): Promise<RegistrationAvailability> {
  const account = { number: accounts.number, kind: accounts.kind };
  const byPhone = query.phone
    ? await db.select(account).from(accounts).where(eq(accounts.phone, query.phone)).limit(1)
    : null;
  const byNationalId = query.nationalId
    ? await db
        .select(account)
        .from(accountProfiles)
        .innerJoin(accounts, eq(accounts.id, accountProfiles.accountId))
        .where(eq(accountProfiles.nationalId, query.nationalId))
        .limit(1)
    : null;
  return {
    phone: byPhone ? holder(caller, byPhone[0]) : null,
    nationalId: byNationalId ? holder(caller, byNationalId[0]) : null,
  };
}
