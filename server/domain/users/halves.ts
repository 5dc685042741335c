import { eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { changeRequests, credentialHalves } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { seal, unseal } from '../../lib/sealed';
import { hashOfHalves, issueHalf } from './one-time-password';

/**
 * A one-time password in two halves (decision 031): the maker gets the first when asking, the
 * approving administrator the second, and only the user gets both. The first waits sealed under
 * the server key, bound to its change request, outside the request's payload.
 */

const boundTo = (changeRequestId: number) => `credential_half:${changeRequestId}`;

const noKey = () =>
  new ApiError(
    503,
    'SECRET_KEY_MISSING',
    'Server key missing',
    'This server has no TWO_FACTOR_KEY to keep half a password with: set one (64 hexadecimal digits).',
  );

export const halfLost = () =>
  new ApiError(
    409,
    'HALF_PASSWORD_LOST',
    'First half unreadable',
    'The first half of this one-time password can no longer be read (the server key changed): reject this request and ask again.',
  );

/** Makes the first half for a change request just asked for, keeps it sealed, and returns it once. */
export async function keepFirstHalf(tx: Db, key: Buffer | null, changeRequestId: number): Promise<string> {
  if (!key) throw noKey();
  const half = issueHalf();
  await tx.insert(credentialHalves).values({ changeRequestId, sealed: seal(key, boundTo(changeRequestId), half) });
  return half;
}

/**
 * At approval: the kept first half and a new second half make the password (its hash only); the
 * first half is deleted. Null for a request asked before halves existed (it has none).
 */
export async function completeHalves(
  tx: Db,
  key: Buffer | null,
  changeRequestId: number,
): Promise<{ passwordHash: string; secondHalf: string } | null> {
  const [kept] = await tx
    .delete(credentialHalves)
    .where(eq(credentialHalves.changeRequestId, changeRequestId))
    .returning({ sealed: credentialHalves.sealed });
  if (!kept) return null;
  if (!key) throw noKey();
  let first: string;
  try {
    first = unseal(key, boundTo(changeRequestId), kept.sealed);
  } catch {
    throw halfLost();
  }
  const secondHalf = issueHalf();
  return { passwordHash: await hashOfHalves(first, secondHalf), secondHalf };
}

/** First halves of requests no longer waiting (rejected, expired): nobody will ever complete them. */
export async function discardDecidedHalves(db: Db): Promise<number> {
  const gone = await db
    .delete(credentialHalves)
    .where(
      inArray(
        credentialHalves.changeRequestId,
        db.select({ id: changeRequests.id }).from(changeRequests).where(ne(changeRequests.status, 'pending')),
      ),
    )
    .returning({ id: credentialHalves.changeRequestId });
  return gone.length;
}
