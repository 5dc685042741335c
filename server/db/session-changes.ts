import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Logger } from '../http/logger';
import type { DatabaseHandle, Db } from './database';

/**
 * Every server caches the sessions it resolves (server/http/session-cache.ts, decision 062). A
 * change that ends a session or changes what a request reads of its user announces the user
 * here, in the transaction that makes it: PostgreSQL delivers the notification to every server
 * once the transaction commits, and not at all if it rolls back.
 */
const CHANNEL = 'session_changed';

/** The users announced by the request under way, forgotten by this server once it has answered. */
const announcedInRequest = new AsyncLocalStorage<Set<number>>();

export async function announceSessionChange(tx: Pick<Db, 'execute'>, userId: number) {
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${String(userId)})`);
  announcedInRequest.getStore()?.add(userId);
}

/**
 * Runs a request, then calls `forget` with the users it announced: by then its transactions have
 * committed, so the next request of this server reads them as changed, without waiting for the
 * notification (which PGlite, a single server, has no listener for).
 */
export async function forgetAnnouncedAfter(run: () => Promise<void>, forget: (userId: number) => void) {
  const announced = new Set<number>();
  try {
    await announcedInRequest.run(announced, run);
  } finally {
    for (const userId of announced) forget(userId);
  }
}

/**
 * Every announcement committed on the database: on PostgreSQL by any server, on PGlite by the
 * one server there is. A lost listener connection (which may have missed some) calls `onMissed`,
 * as does its reconnection.
 */
export function listenForSessionChanges(
  database: Pick<DatabaseHandle, 'listen'>,
  deps: { logger: Logger; onChange: (userId: number) => void; onMissed: () => void },
) {
  return database.listen(CHANNEL, {
    logger: deps.logger,
    onMessage: (payload) => {
      const userId = Number(payload);
      if (Number.isInteger(userId)) deps.onChange(userId);
      else deps.onMissed();
    },
    onMissed: deps.onMissed,
  });
}
