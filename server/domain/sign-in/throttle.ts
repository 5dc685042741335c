import { eq, inArray, or, sql } from 'drizzle-orm';
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
 * source (one client address trying one username), per username across every address, and per
 * address across every username. Past a few, the failing source, or the address, must wait a
 * delay that doubles with every failure, up to a ceiling. The username's count sets how long a
 * failing source waits, but never holds back a source that has not failed: the owner's right
 * password from another address is checked at once however many guesses come from elsewhere.
 * No account is ever locked. Wrong passwords and wrong two-factor codes count alike.
 */

const FIRST_DELAY_MS = 1000;

type Role = 'username' | 'source' | 'address';

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

const normalized = (username: string) => username.trim().toLowerCase();

/** The username's count across every address (the key the users list reads too). */
const usernameKey = (username: string) => `user:${normalized(username)}`;

/**
 * Every source of one username starts with this. The name is percent-encoded, so it holds no
 * `@` and no name's prefix can be another name's.
 */
const sourcePrefix = (username: string) => `source:${encodeURIComponent(normalized(username))}@`;

function keysOf(c: Context<AppEnv>, username: string): { key: string; role: Role }[] {
  const address = clientAddress(c, c.get('deps').config.trustProxyHops);
  const keys: { key: string; role: Role }[] = [
    { key: usernameKey(username), role: 'username' },
    // In-process requests (tests) have no address: all of them are one source.
    { key: `${sourcePrefix(username)}${address ?? ''}`, role: 'source' },
  ];
  if (address) keys.push({ key: `address:${address}`, role: 'address' });
  return keys;
}

/** The wait after `failures` failures: none before the free ones are used, then 1 s, 2 s, 4 s… up to the ceiling. */
function delayAfter(failures: number, scope: { freeFailures: number; maxDelayMs: number }): number {
  const over = failures - scope.freeFailures;
  if (over < 0) return 0;
  return Math.min(scope.maxDelayMs, FIRST_DELAY_MS * 2 ** Math.min(over, 30));
}

interface Row {
  key: string;
  failures: number;
  lastFailureAt: Date;
}

/**
 * The failures each key holds once this attempt is counted, and the wait each sets: the
 * source waits as if every failure at its username were its own; the address by its own count.
 */
function countedFailures(rows: Row[], roles: Map<string, Role>, now: Date, settings: LoginThrottleSettings) {
  const failuresOf = (row: Row) =>
    (now.getTime() - row.lastFailureAt.getTime() <= settings.windowMs ? row.failures : 0) + 1;
  const usernameRow = rows.find((row) => roles.get(row.key) === 'username');
  const usernameFailures = usernameRow ? failuresOf(usernameRow) : 0;
  return rows.map((row) => {
    const failures = failuresOf(row);
    const role = roles.get(row.key);
    const delay =
      role === 'source'
        ? delayAfter(Math.max(failures, usernameFailures), settings.user)
        : role === 'address'
          ? delayAfter(failures, settings.address)
          : 0;
    return { key: row.key, failures, blockedUntil: delay ? new Date(now.getTime() + delay) : null };
  });
}

/**
 * Counts the attempt as a failure before it is checked, in one transaction with its rows
 * locked, so guesses sent in parallel (or to another replica) cannot slip past a delay; the
 * attempt is given back when it succeeds. Throws 429 with Retry-After while its source or its
 * address must wait, and records that in the audit trail.
 */
export async function claimAttempt(c: Context<AppEnv>, username: string, userId: number | null): Promise<Attempt> {
  const { db, clock, config } = c.get('deps');
  const now = clock.now();
  const keys = keysOf(c, username).sort((a, b) => a.key.localeCompare(b.key));
  const roles = new Map(keys.map(({ key, role }) => [key, role]));
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
    // The username's row only counts: waiting on it would hold back its owner too.
    const waits = rows.filter((row) => roles.get(row.key) !== 'username');
    const wait = Math.max(0, ...waits.map((row) => (row.blockedUntil?.getTime() ?? 0) - now.getTime()));
    if (wait > 0) return wait;
    for (const { key, failures, blockedUntil } of countedFailures(rows, roles, now, config.login)) {
      await tx
        .update(loginThrottle)
        .set({ failures, lastFailureAt: now, blockedUntil })
        .where(eq(loginThrottle.key, key));
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
 * The attempt was right (the password, or the code): it stops counting. The username's and
 * this source's failures are forgotten once the whole sign-in succeeds (`clearOwnFailures`); an
 * address keeps its other failures, so one good account cannot wipe the record of guesses at
 * others, and another source keeps its own, so the owner signing in frees no guesser.
 */
export async function releaseAttempt(db: Db, attempt: Attempt) {
  // The claim passed no wait, so the only wait on these rows is the one it set itself.
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, blockedUntil: null })
    .where(inArray(loginThrottle.key, attempt.keys));
}

/** The sign-in (or a code proving the user) succeeded here: the username and this source start again. */
export async function clearOwnFailures(c: Context<AppEnv>, username: string) {
  const keys = keysOf(c, username).filter(({ role }) => role !== 'address');
  await c
    .get('deps')
    .db.delete(loginThrottle)
    .where(
      inArray(
        loginThrottle.key,
        keys.map((k) => k.key),
      ),
    );
}

/** An administrator's unlock or reset: every source of the username starts again. */
export async function clearFailures(db: Db, username: string) {
  await db
    .delete(loginThrottle)
    .where(
      or(
        eq(loginThrottle.key, usernameKey(username)),
        sql`starts_with(${loginThrottle.key}, ${sourcePrefix(username)})`,
      ),
    );
}
