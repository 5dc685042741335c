// autocannon in a process of its own, so the replicas bench can pin the load generator to a CPU
// of its own (`taskset -c`). Reads LOAD_URL, LOAD_TOKEN (the session header), LOAD_CONNECTIONS and
// LOAD_DURATION_S; prints one line of JSON: requests/s, p50/p95/p99 of each answer's time, count,
// the answers that were not 2xx or failed (the parent refuses a run with any), and the CPU time
// this process used (the load generator's own cost).
import autocannon from 'autocannon';
import { HEADER } from '../../contract/http';
import { summarise } from '../lib/stats';

const { LOAD_URL, LOAD_TOKEN, LOAD_CONNECTIONS, LOAD_DURATION_S } = process.env;
if (!LOAD_URL || !LOAD_TOKEN) {
  console.error('Set LOAD_URL and LOAD_TOKEN');
  process.exit(2);
}
const latencies: number[] = [];
const result = await autocannon({
  url: LOAD_URL,
  connections: Number(LOAD_CONNECTIONS ?? 12),
  duration: Number(LOAD_DURATION_S ?? 10),
  headers: { [HEADER.sessionToken]: LOAD_TOKEN },
  setupClient: (client) => {
    client.on('response', (_status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
    });
  },
});
const { p50, p95, p99 } = summarise(latencies);
const cpu = process.cpuUsage();
process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: Math.round(result.requests.average),
    p50,
    p95,
    p99,
    count: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  })}\n`,
);
