import { ApiError } from './api-error';

/**
 * Every request that waits for a second person lives for one configured time
 * (APPROVAL_TTL_HOURS; docs/decisions/034-every-waiting-request-expires.md). Past it, nobody can
 * approve it, even before the sweep has marked it expired.
 */
export const expiryOf = (createdAt: Date, lifetimeMs: number) => new Date(createdAt.getTime() + lifetimeMs);

/** The moment before which a request still waiting is overdue. */
export const overdueBefore = (now: Date, lifetimeMs: number) => new Date(now.getTime() - lifetimeMs);

const requestExpired = () =>
  new ApiError(
    409,
    'REQUEST_EXPIRED',
    'Request expired',
    'Nobody decided this request in time: it has expired and can no longer be approved or rejected. Its maker may ask again.',
  );

/**
 * Refuses a decision on a request that expired, or whose time ran out before the sweep marked
 * it; `waiting` is the kind's own name for the status of a request that waits.
 */
export function refuseIfExpired(
  row: { status: string; createdAt: Date },
  waiting: string,
  now: Date,
  lifetimeMs: number,
): void {
  const overdue = row.status === waiting && expiryOf(row.createdAt, lifetimeMs).getTime() <= now.getTime();
  if (row.status === 'expired' || overdue) throw requestExpired();
}
