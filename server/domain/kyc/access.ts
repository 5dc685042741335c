import { eq, sql } from 'drizzle-orm';
import { listKindOf, mayReview, mayUploadDocuments } from '../../../contract/kyc';
import type { Db } from '../../db/database';
import { accounts } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';
import { ApiError, forbiddenError } from '../../lib/api-error';

export type ReviewedAccount = typeof accounts.$inferSelect;

const accountNotFound = (number: string) =>
  new ApiError(
    404,
    'ACCOUNT_NOT_FOUND',
    'Account not found',
    `There is no customer, agent, merchant or partner account ${number}.`,
  );

/**
 * The account a reviewer names, if the caller's group may review its kind. Accounts outside
 * KYC (system, bank floats, networks) read as missing, whoever asks.
 */
export async function reviewableAccount(
  db: Db,
  user: SessionUser,
  number: string,
  options: { forUpdate?: boolean } = {},
): Promise<ReviewedAccount> {
  const query = db
    .select()
    .from(accounts)
    .where(eq(accounts.number, sql`upper(${number})`));
  const [account] = options.forUpdate ? await query.for('update') : await query;
  if (!account || !listKindOf(account.kind)) throw accountNotFound(number.toUpperCase());
  if (!mayReview(user.group, account.kind)) {
    throw forbiddenError(`Your group does not review ${account.kind} accounts.`);
  }
  return account;
}

export function assertMayUpload(user: SessionUser, account: ReviewedAccount) {
  if (!mayUploadDocuments(user.group, account.kind)) {
    throw forbiddenError('Your group may review this account but not add documents to it.');
  }
}

export const accountClosed = (number: string) =>
  new ApiError(
    409,
    'ACCOUNT_CLOSED',
    'Account closed',
    `The account ${number} is closed: its KYC can no longer change.`,
  );
