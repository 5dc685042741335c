import { z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { mayReview } from '../../../contract/kyc';
import type { RegistrationAvailability, TakenBy } from '../../../contract/registration';
import {
  NATIONAL_ID_MESSAGE,
  NATIONAL_ID_PATTERN,
  normaliseNationalId,
  normaliseSenegalMobile,
  PHONE_MESSAGE,
} from '../../../contract/senegal-formats';
import type { Db } from '../../db/database';
import { accountProfiles, accounts } from '../../db/schema';
import { searchText } from '../../http/params';
import type { SessionUser } from '../../lib/session-user';

/**
 * GET registrations/availability: the numbers a form is about to register, as typed (with or
 * without +221, spaces, dots), each read in the one form the API stores.
 */
export const availabilityQuery = z
  .object({
    phone: searchText(24)
      .refine((v) => normaliseSenegalMobile(v) !== null, PHONE_MESSAGE)
      .transform((v) => normaliseSenegalMobile(v) as string)
      .optional()
      .openapi({ example: '77 123 45 67' }),
    nationalId: searchText(20)
      .refine((v) => NATIONAL_ID_PATTERN.test(normaliseNationalId(v)), NATIONAL_ID_MESSAGE)
      .transform(normaliseNationalId)
      .optional()
      .openapi({ example: '1234567890123' }),
  })
  .refine((v) => v.phone !== undefined || v.nationalId !== undefined, 'Give a phone number or a national ID number');

const takenBy = z
  .object({
    taken: z.boolean(),
    account: z
      .string()
      .nullable()
      .openapi({ description: 'The account holding it, when the caller’s group reviews that kind of account' }),
  })
  .nullable();

export const availabilityAnswer = z
  .object({ phone: takenBy, nationalId: takenBy })
  .openapi('RegistrationAvailability', { description: 'Null for a number not asked about' });

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
