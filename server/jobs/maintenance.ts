import type { Db } from '../db/database';
import type { Clock } from '../http/clock';
import type { Logger } from '../http/logger';
import { expireBeforeReading } from '../domain/waiting-requests/expiry';
import { purgeExports } from '../resources/reports/export-file';
import { discardDecidedHalves } from '../domain/users/halves';

/** How often a server tidies up; the work is small and the same on every server. */
const MAINTENANCE_INTERVAL_MS = 60_000;

/**
 * Housekeeping no request waits for: waiting requests of every kind past their lifetime expire
 * (reading or deciding one expires it too, this covers those nobody reads; decision 034),
 * exports past their retention are deleted with their files, and the kept first halves of
 * one-time passwords whose change request was rejected or expired are deleted (decision 031).
 * Each is one idempotent statement, so every server runs it and none needs to
 * own it: two servers at once expire and delete the same rows once.
 */
export function startMaintenance(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  exportRetentionMs: number;
  reportTotals: { invalidate(): void };
  /** Holds the lifetime of a waiting request (APPROVAL_TTL_HOURS). */
  config: { transfers: { approvalTtlMs: number } };
}) {
  const { db, clock, logger } = deps;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = (async () => {
      await expireBeforeReading(deps);
      const purged = await purgeExports(db, new Date(clock.now().getTime() - deps.exportRetentionMs));
      if (purged > 0) logger.info('exports purged', { count: purged });
      await discardDecidedHalves(db);
    })().catch((error: unknown) => logger.error('maintenance failed', { error: String(error) }));
  };
  tick();
  const timer = setInterval(tick, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return {
    /** Stops the timer and waits for the pass under way. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
