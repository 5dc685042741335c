import { loadavg } from 'node:os';
import { type Replica, startReplicas } from '../../scripts/cluster/replicas';
import { ApiClient } from '../lib/api-client';
import { onCleanup } from '../lib/cleanup';
import { type CpuSets, splitCpus } from '../lib/cpu-sets';
import { type PinnedProcess, startPinned } from '../lib/pinned-process';
import { followBackends } from '../lib/postgres-backends';
import { busyShare, cpusJiffies, processCpuMs } from '../lib/process-cpu';
import { scriptsLib } from '../lib/scripts-lib';
import type { Measurement, Row } from './types';

/**
 * How the report endpoint scales with replicas: 3 server processes on the bench's PostgreSQL
 * (DATABASE_URL), behind the round-robin of `npm run cluster`, loaded by autocannon through 1, 2
 * and then 3 of them, in one run. The load generator runs in a process of its own on a CPU of its
 * own (`taskset`); the replicas, the round-robin and the PostgreSQL backends serving the replicas
 * on the other CPUs, so the load generator's work is not taken from the servers'. The CPU time
 * each side used during the load is read from /proc, which says where a request's time goes.
 * PGlite opens a data folder from one process only, so on PGlite the rows are empty. Timing
 * figures: reported, never asserted.
 */
const REPLICAS = 3;
const CONNECTIONS = 12;
const DURATION_S = 10;
const REPORT_PATH = '/rest/reports/transaction-report?page=1&pageSize=25';
/** How the replicas' connections are told apart in pg_stat_activity. */
const APPLICATION_NAME = 'wallet-bench-replica';
const SAMPLE_EVERY_MS = 250;

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  count: number;
  non2xx: number;
  errors: number;
  cpuMs: number;
}

async function load(url: string, token: string, cpus: CpuSets | null): Promise<LoadResult> {
  const loader = startPinned({
    script: 'load.ts',
    env: {
      LOAD_URL: url,
      LOAD_TOKEN: token,
      LOAD_CONNECTIONS: String(CONNECTIONS),
      LOAD_DURATION_S: String(DURATION_S),
    },
    cpus: cpus?.load,
  });
  const release = onCleanup(loader.stop);
  try {
    const result = (await loader.firstLine) as LoadResult;
    await loader.exited;
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${result.non2xx} answers were not 2xx and ${result.errors} requests failed at ${url}`);
    }
    return result;
  } finally {
    release();
    await loader.stop();
  }
}

/** CPU ms used by the processes of `pids` between two readings. */
function cpuSince(before: Map<number, number | null>): number {
  let ms = 0;
  for (const [pid, start] of before) ms += (processCpuMs(pid) ?? start ?? 0) - (start ?? 0);
  return ms;
}

const readCpu = (pids: number[]) => new Map(pids.map((pid) => [pid, processCpuMs(pid)]));

const rounded = (ms: number) => Math.round(ms);

function sidesLabel(cpus: CpuSets | null): string {
  return cpus ? `servers on CPU ${cpus.servers}, load on CPU ${cpus.load}` : 'unpinned: no taskset or one CPU';
}

export const replicaThroughput: Measurement = {
  id: 'replicas',
  title: `Transaction report through a round-robin: 1, 2 and 3 replicas (autocannon in its own process, ${CONNECTIONS} connections, ${DURATION_S} s each; CPU time of each side during the load)`,
  deterministic: false,
  columns: [
    { key: 'requestsPerSecond', label: 'Requests/s', unit: 'count' },
    { key: 'p50', label: 'p50', unit: 'ms' },
    { key: 'p95', label: 'p95', unit: 'ms' },
    { key: 'p99', label: 'p99', unit: 'ms' },
    { key: 'count', label: 'Requests', unit: 'count' },
    // CPU time during the load, from /proc/<pid>/stat (utime + stime).
    { key: 'replicasCpu', label: 'CPU replicas', unit: 'ms' },
    { key: 'postgresCpu', label: 'CPU postgres', unit: 'ms' },
    { key: 'proxyCpu', label: 'CPU round-robin', unit: 'ms' },
    { key: 'loadCpu', label: 'CPU autocannon', unit: 'ms' },
    // Replicas + postgres + round-robin, per request answered.
    { key: 'serverCpuPerRequest', label: 'Server CPU/request', unit: 'ms' },
    // The same over the load's wall time: how many CPUs the server side kept busy.
    { key: 'serverCpus', label: 'Server CPUs busy', unit: 'ratio' },
    // How many of the servers' CPUs, and of the load generator's, were busy with anything (/proc/stat):
    // on a shared machine, what other work took from each side.
    { key: 'serverSetBusy', label: 'Server set busy (all)', unit: 'ratio' },
    { key: 'loadSetBusy', label: 'Load set busy (all)', unit: 'ratio' },
  ],
  async run({ engine }) {
    const databaseUrl = process.env.DATABASE_URL;
    if (engine !== 'postgres' || !databaseUrl) {
      const rows = [1, 2, 3].map((n) => ({
        id: `replicas-${n}`,
        label: `${n} replica${n > 1 ? 's' : ''} (needs DATABASE_URL)`,
        values: Object.fromEntries(replicaThroughput.columns.map((c) => [c.key, null])),
      }));
      return { rows, meta: { skipped: 'PGlite: one process per data folder; set DATABASE_URL' } };
    }

    const cpus = splitCpus();
    const replicaUrl = new URL(databaseUrl);
    replicaUrl.searchParams.set('application_name', APPLICATION_NAME);
    const firstPort = await scriptsLib.freePort();
    let replicas: Replica[] = [];
    const stopAll = async () => {
      for (const r of replicas) r.child.kill('SIGTERM');
      await Promise.all(replicas.map((r) => r.exited));
    };
    const release = onCleanup(stopAll);
    const backends = await followBackends({ databaseUrl, applicationName: APPLICATION_NAME, cpus: cpus?.servers });
    try {
      replicas = await startReplicas({
        count: REPLICAS,
        firstPort,
        cpus: cpus?.servers,
        env: {
          ...(process.env as Record<string, string>),
          DATABASE_URL: replicaUrl.toString(),
          LOG_LEVEL: 'error',
          // Not production, as the bench's own server: production seeds no demo users and refuses
          // to start without its secrets; the bench's in-process Vite builds set NODE_ENV to it.
          NODE_ENV: 'test',
        },
      });
      const rows: Row[] = [];
      for (let n = 1; n <= REPLICAS; n++) {
        const used = replicas.slice(0, n);
        const proxy: PinnedProcess = startPinned({
          script: 'round-robin.ts',
          args: used.map((r) => String(r.port)),
          cpus: cpus?.servers,
        });
        const releaseProxy = onCleanup(proxy.stop);
        try {
          const { port } = (await proxy.firstLine) as { port: number };
          const base = `http://127.0.0.1:${port}`;
          const admin = new ApiClient(base);
          await admin.login('admin');
          if (!admin.token) throw new Error('The sign-in through the round-robin returned no session');
          // Every replica has answered once before the clock starts.
          for (let i = 0; i < n * 2; i++) await admin.get(REPORT_PATH);

          await backends.startPhase();
          const replicaCpu = readCpu(used.map((r) => r.child.pid as number));
          const proxyCpu = readCpu([proxy.child.pid as number]);
          const sampler = setInterval(() => void backends.sample().catch(() => undefined), SAMPLE_EVERY_MS);
          const serverSet = cpus ? cpusJiffies(cpus.serverCpus) : null;
          const loadSet = cpus ? cpusJiffies(cpus.loadCpus) : null;
          const started = performance.now();
          let result: LoadResult;
          try {
            result = await load(`${base}${REPORT_PATH}`, admin.token, cpus);
          } finally {
            clearInterval(sampler);
          }
          const wallMs = performance.now() - started;
          const serverSetBusy = cpus
            ? busyShare(serverSet, cpusJiffies(cpus.serverCpus), cpus.serverCpus.length)
            : null;
          const loadSetBusy = cpus ? busyShare(loadSet, cpusJiffies(cpus.loadCpus), cpus.loadCpus.length) : null;
          const postgres = await backends.endPhase();
          const replicasMs = cpuSince(replicaCpu);
          const proxyMs = cpuSince(proxyCpu);
          const serverMs = replicasMs + postgres.cpuMs + proxyMs;
          rows.push({
            id: `replicas-${n}`,
            label: `${n} replica${n > 1 ? 's' : ''} (${sidesLabel(cpus)})`,
            values: {
              requestsPerSecond: result.requestsPerSecond,
              p50: result.p50,
              p95: result.p95,
              p99: result.p99,
              count: result.count,
              replicasCpu: rounded(replicasMs),
              postgresCpu: rounded(postgres.cpuMs),
              proxyCpu: rounded(proxyMs),
              loadCpu: result.cpuMs,
              serverCpuPerRequest: result.count > 0 ? Math.round((serverMs / result.count) * 1000) / 1000 : null,
              serverCpus: Math.round((serverMs / wallMs) * 100) / 100,
              serverSetBusy,
              loadSetBusy,
            },
            detail: { postgresBackends: postgres.backends, wallMs: rounded(wallMs), loadAverage: loadavg() },
          });
        } finally {
          releaseProxy();
          await proxy.stop();
        }
      }
      return {
        rows,
        meta: {
          path: REPORT_PATH,
          connections: CONNECTIONS,
          durationSeconds: DURATION_S,
          cpus: cpus ?? 'unpinned',
          postgres: `backends of application_name=${APPLICATION_NAME}, ${cpus ? `pinned to CPU ${cpus.servers}` : 'unpinned'}; the rest of PostgreSQL (WAL writer, checkpointer, other clients) is not counted nor pinned`,
        },
      };
    } finally {
      release();
      await stopAll();
      await backends.close();
    }
  },
};
