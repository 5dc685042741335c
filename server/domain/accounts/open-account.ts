import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { accountProfiles, accounts } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { nextAccountNumber } from './numbers';

export const duplicatePhone = (phone: string) =>
  new ApiError(
    409,
    'DUPLICATE_PHONE',
    'Phone already registered',
    `An account already uses the phone number ${phone}.`,
  );

const duplicateNationalId = (nationalId: string) =>
  new ApiError(
    409,
    'DUPLICATE_NATIONAL_ID',
    'ID already registered',
    `An account is already registered with the national ID number ${nationalId}.`,
  );

export type NewAccount = Pick<
  typeof accounts.$inferInsert,
  'kind' | 'label' | 'phone' | 'region' | 'parentAccountId' | 'network'
>;
export type NewProfile = Omit<typeof accountProfiles.$inferInsert, 'id' | 'accountId' | 'createdAt' | 'registeredBy'>;

export async function phoneTaken(db: Db, phone: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, phone)).limit(1);
  return row !== undefined;
}

async function nationalIdTaken(db: Db, nationalId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accountProfiles.id })
    .from(accountProfiles)
    .where(eq(accountProfiles.nationalId, nationalId))
    .limit(1);
  return row !== undefined;
}

/**
 * Opens an account awaiting KYC (inactive until a first approval) with its holder's profile,
 * inside the caller's transaction. Duplicates are refused: a phone under an advisory lock on
 * that number (so two registrations of one phone cannot both pass the check), a national ID
 * also by its unique index, which settles a race the check alone would lose.
 */
export async function openAccount(
  tx: Db,
  input: { prefix: string; account: NewAccount; profile: NewProfile; registeredBy: number; now: Date },
): Promise<typeof accounts.$inferSelect> {
  const { phone } = input.account;
  if (phone) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`phone:${phone}`}))`);
    if (await phoneTaken(tx, phone)) throw duplicatePhone(phone);
  }
  const nationalId = input.profile.nationalId;
  if (nationalId && (await nationalIdTaken(tx, nationalId))) throw duplicateNationalId(nationalId);
  const number = await nextAccountNumber(tx, input.prefix);
  const [account] = await tx
    .insert(accounts)
    .values({
      ...input.account,
      number,
      status: 'inactive',
      kycStatus: 'pending',
      pinStatus: 'not_set',
      createdAt: input.now,
    })
    .returning();
  if (!account) throw new Error('The account row was not written');
  const [profile] = await tx
    .insert(accountProfiles)
    .values({ ...input.profile, accountId: account.id, registeredBy: input.registeredBy, createdAt: input.now })
    .onConflictDoNothing()
    .returning({ id: accountProfiles.id });
  if (!profile) throw duplicateNationalId(nationalId ?? '');
  return account;
}
