// `npm run cluster -- --replicas 3`: several replicas of the server on DATABASE_URL behind a
// round-robin proxy on PORT (default 8080), to try what several servers on one PostgreSQL do.
// Replicas listen on PORT+1, PORT+2, ... Ctrl-C stops them gracefully (SIGTERM), then the proxy.
import { parseArgs } from 'node:util';
import { startReplicas } from './cluster/replicas';
import { startRoundRobin } from './cluster/round-robin';

const { values } = parseArgs({ options: { replicas: { type: 'string', default: '3' } } });
const count = Number(values.replicas);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('--replicas takes a whole number from 1 to 16');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  // PGlite is a database inside one process: replicas need a server they all reach.
  console.error('Set DATABASE_URL to a PostgreSQL database: replicas share it.');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 8080);
const env: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
// The proxy appends the client's address to X-Forwarded-For; replicas trust that one hop.
Object.assign(env, { DATABASE_URL: databaseUrl, TRUST_PROXY_HOPS: '1' });

console.log(`Starting ${count} replicas on ports ${port + 1}-${port + count}...`);
const replicas = await startReplicas({ count, firstPort: port + 1, env, inherit: true });
const proxy = await startRoundRobin({ backends: replicas.map((r) => r.port), port, host: '0.0.0.0' });
console.log(`\n  Round-robin over ${count} replicas at http://localhost:${proxy.port}  (Ctrl-C stops them all)\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  for (const replica of replicas) replica.child.kill('SIGTERM');
  await Promise.all(replicas.map((r) => r.exited));
  await proxy.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
