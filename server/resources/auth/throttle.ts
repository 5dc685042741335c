import { eq, inArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { LoginThrottleSettings } from '../../config';
import type { Db } from '../../db/database';
import { loginThrottle } from '../../db/schema';
import { clientAddress } from '../../http/client-address';
import type { AppEnv } from '../../http/env';
import { ApiError } from '../../lib/api-error';
import { recordAuthEvent } from '../audit/auth-events';

/**
 * Sign-in throttling (docs/decisions/015-sign-in-throttling.md). Failures are counted per
 * username (known or not: both answer alike) and per client address; past a few, each further
 * attempt for that key must wait a delay that doubles with every failure, up to a ceiling. No
 * account is ever locked: the wait is short for a username, and the right password is checked
 * again as soon as it is over. Wrong passwords and wrong two-factor codes count alike.
 */

const FIRST_DELAY_MS = 1000;

type Scope = keyof Pick<LoginThrottleSettings, 'user' | 'address'>;

/** The rows an attempt counted against, to give back when it succeeds. */
export interface Attempt {
  keys: string[];
}

const throttledError = (retryAfterSeconds: number) =>
  new ApiError(
    429,
    'TOO_MANY_ATTEMPTS',
    'Too many attempts',
    `Too many failed sign-in attempts. Wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} and try again.`,
    false,
    { 'Retry-After': String(retryAfterSeconds) },
  );

function keysOf(c: Context<AppEnv>, username: string): { key: string; scope: Scope }[] {
  const keys: { key: string; scope: Scope }[] = [{ key: `user:${username.trim().toLowerCase()}`, scope: 'user' }];
  const address = clientAddress(c, c.get('deps').config.trustProxyHops);
  // In-process requests (tests) have no address: the username throttle alone applies.
  if (address) keys.push({ key: `address:${address}`, scope: 'address' });
  return keys;
}

/** The wait after `failures` failures: none before the free ones are used, then 1 s, 2 s, 4 s… up to the ceiling. */
function delayAfter(failures: number, scope: { freeFailures: number; maxDelayMs: number }): number {
  const over = failures - scope.freeFailures;
  if (over < 0) return 0;
  return Math.min(scope.maxDelayMs, FIRST_DELAY_MS * 2 ** Math.min(over, 30));
}

/**
 * Counts the attempt as a failure before it is checked, in one transaction with its rows
 * locked, so guesses sent in parallel (or to another replica) cannot slip past a delay; the
 * attempt is given back when it succeeds. Throws 429 with Retry-After while a key must wait,
 * and records that in the audit trail.
 */
export async function claimAttempt(c: Context<AppEnv>, username: string, userId: number | null): Promise<Attempt> {
  const { db, clock, config } = c.get('deps');
  const now = clock.now();
  const keys = keysOf(c, username).sort((a, b) => a.key.localeCompare(b.key));
  const waitMs = await db.transaction(async (tx) => {
    await tx
      .insert(loginThrottle)
      .values(keys.map(({ key }) => ({ key, failures: 0, lastFailureAt: now })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(loginThrottle)
      .where(
        inArray(
          loginThrottle.key,
          keys.map((k) => k.key),
        ),
      )
      .orderBy(loginThrottle.key)
      .for('update');
    const wait = Math.max(0, ...rows.map((row) => (row.blockedUntil?.getTime() ?? 0) - now.getTime()));
    if (wait > 0) return wait;
    for (const row of rows) {
      const scope = config.login[keys.find((k) => k.key === row.key)?.scope ?? 'user'];
      const remembered = now.getTime() - row.lastFailureAt.getTime() <= config.login.windowMs;
      const failures = (remembered ? row.failures : 0) + 1;
      const delay = delayAfter(failures, scope);
      await tx
        .update(loginThrottle)
        .set({ failures, lastFailureAt: now, blockedUntil: delay ? new Date(now.getTime() + delay) : null })
        .where(eq(loginThrottle.key, row.key));
    }
    return 0;
  });
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    await recordAuthEvent(c, 'auth.loginThrottled', userId, { username, retryAfterSeconds: seconds });
    throw throttledError(seconds);
  }
  return { keys: keys.map((k) => k.key) };
}

/**
 * The attempt was right (the password, or the code): it stops counting. The username's
 * failures are forgotten once the whole sign-in succeeds (`clearFailures`); an address keeps
 * its other failures, so one good account cannot wipe the record of guesses at others.
 */
export async function releaseAttempt(db: Db, attempt: Attempt) {
  // The claim passed no wait, so the only wait on these rows is the one it set itself.
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, blockedUntil: null })
    .where(inArray(loginThrottle.key, attempt.keys));
}

/** The sign-in succeeded: the username's count starts again. */
export async function clearFailures(db: Db, username: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, `user:${username.trim().toLowerCase()}`));
}
