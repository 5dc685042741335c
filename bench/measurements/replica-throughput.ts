import autocannon from 'autocannon';
import { HEADER } from '../../contract/http';
import { type Replica, startReplicas } from '../../scripts/cluster/replicas';
import { startRoundRobin } from '../../scripts/cluster/round-robin';
import { ApiClient } from '../lib/api-client';
import { onCleanup } from '../lib/cleanup';
import { scriptsLib } from '../lib/scripts-lib';
import { summarise } from '../lib/stats';
import type { Measurement, Row } from './types';

/**
 * How the report endpoint scales with replicas: 3 server processes on the bench's PostgreSQL
 * (DATABASE_URL), behind the local round-robin of `npm run cluster`, loaded by autocannon through
 * 1, 2 and then 3 of them, in one run. PGlite opens a data folder from one process only, so on
 * PGlite the rows are empty. Timing figures: reported, never asserted.
 */
const REPLICAS = 3;
const CONNECTIONS = 12;
const DURATION_S = 10;
const REPORT_PATH = '/rest/reports/transaction-report?page=1&pageSize=25';

async function load(url: string, token: string): Promise<Row['values']> {
  const latencies: number[] = [];
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { [HEADER.sessionToken]: token },
    setupClient: (client) => {
      client.on('response', (_status: number, _bytes: number, responseTime: number) => {
        latencies.push(responseTime);
      });
    },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} answers were not 2xx and ${result.errors} requests failed at ${url}`);
  }
  const { p50, p95, p99 } = summarise(latencies);
  return { requestsPerSecond: Math.round(result.requests.average), p50, p95, p99, count: result.requests.total };
}

export const replicaThroughput: Measurement = {
  id: 'replicas',
  title: `Transaction report through a round-robin: 1, 2 and 3 replicas (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each)`,
  deterministic: false,
  columns: [
    { key: 'requestsPerSecond', label: 'Requests/s', unit: 'count' },
    { key: 'p50', label: 'p50', unit: 'ms' },
    { key: 'p95', label: 'p95', unit: 'ms' },
    { key: 'p99', label: 'p99', unit: 'ms' },
    { key: 'count', label: 'Requests', unit: 'count' },
  ],
  async run({ engine }) {
    const databaseUrl = process.env.DATABASE_URL;
    if (engine !== 'postgres' || !databaseUrl) {
      const rows = [1, 2, 3].map((n) => ({
        id: `replicas-${n}`,
        label: `${n} replica${n > 1 ? 's' : ''} (needs DATABASE_URL)`,
        values: { requestsPerSecond: null, p50: null, p95: null, p99: null, count: null },
      }));
      return { rows, meta: { skipped: 'PGlite: one process per data folder; set DATABASE_URL' } };
    }

    const firstPort = await scriptsLib.freePort();
    let replicas: Replica[] = [];
    const stopAll = async () => {
      for (const r of replicas) r.child.kill('SIGTERM');
      await Promise.all(replicas.map((r) => r.exited));
    };
    const release = onCleanup(stopAll);
    try {
      replicas = await startReplicas({
        count: REPLICAS,
        firstPort,
        env: {
          ...(process.env as Record<string, string>),
          DATABASE_URL: databaseUrl,
          LOG_LEVEL: 'error',
          // Not production, as the bench's own server: production seeds no demo users and refuses
          // to start without its secrets; the bench's in-process Vite builds set NODE_ENV to it.
          NODE_ENV: 'test',
        },
      });
      const rows: Row[] = [];
      for (let n = 1; n <= REPLICAS; n++) {
        const proxy = await startRoundRobin({ backends: replicas.slice(0, n).map((r) => r.port), port: 0 });
        try {
          const base = `http://127.0.0.1:${proxy.port}`;
          const admin = new ApiClient(base);
          await admin.login('admin');
          if (!admin.token) throw new Error('The sign-in through the round-robin returned no session');
          // Every replica has answered once before the clock starts.
          for (let i = 0; i < n * 2; i++) await admin.get(REPORT_PATH);
          rows.push({
            id: `replicas-${n}`,
            label: `${n} replica${n > 1 ? 's' : ''}`,
            values: await load(`${base}${REPORT_PATH}`, admin.token),
          });
        } finally {
          await proxy.close();
        }
      }
      return { rows, meta: { path: REPORT_PATH, connections: CONNECTIONS, durationSeconds: DURATION_S } };
    } finally {
      release();
      await stopAll();
    }
  },
};
