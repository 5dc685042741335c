import pg from 'pg';
import { pinProcess } from './cpu-sets';
import { processCpuMs } from './process-cpu';

/**
 * The PostgreSQL backends serving the connections named `applicationName` (pg_stat_activity),
 * followed while a load runs: each newly seen backend is pinned to `cpus` (when given) and its
 * CPU time read from /proc. PostgreSQL runs on this machine, so its backends are processes here.
 * A pool opens connections while the load starts, so `sample()` is called every few hundred ms;
 * a backend that ends between two samples loses what it used since the last one.
 */
export async function followBackends(options: { databaseUrl: string; applicationName: string; cpus?: string }) {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  /** CPU ms of each backend when first seen in this phase (0 for one born during it), and last read. */
  let first = new Map<number, number>();
  let last = new Map<number, number>();
  let pinned = new Set<number>();
  let busy: Promise<void> = Promise.resolve();

  const read = async (bornDuringPhase: boolean) => {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
      [options.applicationName],
    );
    for (const { pid } of rows) {
      if (options.cpus && !pinned.has(pid) && pinProcess(pid, options.cpus)) pinned.add(pid);
      const ms = processCpuMs(pid);
      if (ms === null) continue;
      if (!first.has(pid)) first.set(pid, bornDuringPhase ? 0 : ms);
      last.set(pid, ms);
    }
  };
  const queue = (bornDuringPhase: boolean) => {
    busy = busy.then(() => read(bornDuringPhase));
    return busy;
  };

  return {
    /** Starts counting from now: the backends that exist now count from their current CPU time. */
    async startPhase() {
      await busy;
      first = new Map();
      last = new Map();
      await queue(false);
    },
    sample: () => queue(true),
    /** CPU ms the backends used since startPhase, and how many were seen. */
    async endPhase() {
      await queue(true);
      let cpuMs = 0;
      for (const [pid, ms] of last) cpuMs += ms - (first.get(pid) ?? 0);
      return { cpuMs, backends: last.size, pinned: pinned.size };
    },
    async close() {
      await busy.catch(() => undefined);
      pinned = new Set();
      await client.end();
    },
  };
}
