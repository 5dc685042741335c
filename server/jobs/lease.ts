import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { queryRows } from '../db/query';
import type { Logger } from '../http/logger';

/**
 * Background jobs are rows any server may run. A server claims one by setting its lease (owner
 * and deadline), renews the lease while it works and clears it when done; a job whose lease
 * lapsed (its server died or froze) is claimed again by whichever server looks next. Times are
 * the database's, so the servers' clocks need not agree.
 */
const LEASE_SECONDS = 30;
const HEARTBEAT_MS = 10_000;
/** How often a server looks for jobs queued elsewhere or left behind. */
export const JOB_POLL_MS = 2_000;

/** The tables holding jobs (with lease_owner, lease_until and created_at columns). */
type JobTable = 'export_jobs' | 'bulk_batches';

interface JobKind {
  table: JobTable;
  /** Statuses of a job still to run: waiting, or left half done by a server that stopped. */
  statuses: readonly string[];
  /** The status a claimed job takes, if it changes. */
  claimedStatus?: string;
}

/** A claimed job's lease, renewed in the background until `end`. */
export interface Lease {
  /** Who holds it: stored with the job, and checked by writes that only the holder may make. */
  owner: string;
  /** False once a renewal found the job taken by another server (or the lease was ended). */
  held(): boolean;
  end(): Promise<void>;
}

/**
 * Frees every lease, for a server that knows it is alone on its database (PGlite: one process
 * opens a data directory), so jobs a killed predecessor held restart now, not when the lease lapses.
 */
export async function releaseLeasesOfDeadServers(db: Db) {
  for (const table of ['export_jobs', 'bulk_batches'] as const) {
    await db.execute(
      sql`UPDATE ${sql.identifier(table)} SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL`,
    );
  }
}

/** A name for this worker that says where it runs, unique even for several in one process. */
export function leaseOwner(kind: string) {
  return `${hostname()}:${process.pid}:${kind}:${randomUUID().slice(0, 8)}`;
}

/**
 * Claims the oldest runnable job of a kind: one statement, and SKIP LOCKED lets two servers
 * claiming at once take different jobs instead of waiting for each other.
 */
async function claim(db: Db, kind: JobKind, owner: string): Promise<string | null> {
  const table = sql.identifier(kind.table);
  const statuses = sql.join(
    kind.statuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const status = kind.claimedStatus ? sql`, status = ${kind.claimedStatus}` : sql``;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`UPDATE ${table}
        SET lease_owner = ${owner}, lease_until = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS})${status}
        WHERE id = (
          SELECT id FROM ${table}
          WHERE status IN (${statuses}) AND (lease_until IS NULL OR lease_until < clock_timestamp())
          ORDER BY created_at
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id`,
  );
  return row?.id ?? null;
}

function hold(db: Db, kind: JobKind, id: string, owner: string, logger: Logger): Lease {
  const table = sql.identifier(kind.table);
  let held = true;
  const renew = async () => {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`UPDATE ${table} SET lease_until = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS})
          WHERE id = ${id} AND lease_owner = ${owner} RETURNING id`,
    );
    if (rows.length === 0 && held) {
      held = false;
      logger.error('job lease lost', { table: kind.table, id });
    }
  };
  const timer = setInterval(() => {
    // A failed renewal is retried at the next beat; the lease lasts three beats.
    renew().catch((error: unknown) => logger.error('job lease renewal failed', { id, error: String(error) }));
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    owner,
    held: () => held,
    async end() {
      clearInterval(timer);
      held = false;
      // Released, not left to lapse: a job this server stops before its end is taken over at once.
      await db.execute(
        sql`UPDATE ${table} SET lease_owner = NULL, lease_until = NULL WHERE id = ${id} AND lease_owner = ${owner}`,
      );
    },
  };
}

/**
 * Runs the jobs of one kind, one at a time, on any number of servers: `wake` claims and runs
 * jobs until none is left; `start` also looks every `pollMs`, for jobs other servers queued or
 * left behind. `run` should return early when its lease is no longer held or the worker stops.
 */
export function createJobWorker(deps: {
  db: Db;
  logger: Logger;
  kind: JobKind;
  owner: string;
  run(id: string, lease: Lease): Promise<void>;
  /** Called when `run` throws, with the lease still held. */
  fail(id: string, error: unknown, lease: Lease): Promise<void>;
}) {
  const { db, logger, kind, owner } = deps;
  let pumping: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  /** Runs a job whose lease this worker holds, and releases the lease. */
  async function runHeld(id: string) {
    const lease = hold(db, kind, id, owner, logger);
    try {
      await deps.run(id, lease);
    } catch (error) {
      await deps.fail(id, error, lease).catch(() => undefined);
    } finally {
      await lease
        .end()
        .catch((error: unknown) => logger.error('job lease release failed', { id, error: String(error) }));
    }
  }

  async function pump() {
    while (!stopped) {
      const id = await claim(db, kind, owner);
      if (!id) return;
      await runHeld(id);
    }
  }

  function wake() {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    again = false;
    // One turn of the event loop first, so the request that queued a job answers with the job as
    // it stored it before a claim changes it.
    pumping = new Promise((resolve) => setImmediate(resolve))
      .then(pump)
      .catch((error: unknown) => logger.error('job claim failed', { table: kind.table, error: String(error) }))
      .finally(() => {
        pumping = undefined;
        if (again) wake();
      });
  }

  return {
    wake,
    /**
     * The lease columns of a job stored already claimed by this worker (`runNow` runs it), so no
     * worker's claim takes it in between.
     */
    heldLease: () => ({
      leaseOwner: owner,
      leaseUntil: sql`clock_timestamp() + make_interval(secs => ${LEASE_SECONDS})`,
    }),
    /**
     * Runs a job stored with `heldLease()` now, beside whatever job the worker is running: a
     * short job answered within the request that asked for it. If this server dies meanwhile,
     * the lease lapses and any server runs the job in turn.
     */
    runNow: (id: string) => runHeld(id),
    start(pollMs: number) {
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    /** True once `stop` was called: a job under way ends after its current step. */
    stopping: () => stopped,
    /** Resolves when no job is under way (tests and shutdown). */
    async idle() {
      while (pumping) await pumping;
    },
    /** Claims nothing more; the job under way stops after its step and releases its lease. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      while (pumping) await pumping;
    },
  };
}
