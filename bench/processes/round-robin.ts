// The round-robin of `npm run cluster` in a process of its own, so the replicas bench can pin it
// to the servers' CPUs (`taskset -c`) apart from the load generator. Backends' ports are the
// arguments; it prints {"port": N} once listening and closes on SIGTERM.
import { startRoundRobin } from '../../scripts/cluster/round-robin';

const backends = process.argv.slice(2).map(Number);
if (backends.length === 0 || backends.some((port) => !Number.isInteger(port) || port <= 0)) {
  console.error('Usage: round-robin.ts <backend port>...');
  process.exit(2);
}
const proxy = await startRoundRobin({ backends, port: 0 });
process.stdout.write(`${JSON.stringify({ port: proxy.port })}\n`);
process.on('SIGTERM', () => {
  void proxy.close().then(() => process.exit(0));
});
