import { apiLatency } from './api-latency';
import { bundleSize } from './bundle-size';
import { lighthouseScores } from './lighthouse';
import { menuNavigation } from './menu-navigation';
import { replicaThroughput } from './replica-throughput';
import { LARGE_MEASUREMENTS } from './report-large';
import { serverMemory } from './server-memory';
import type { Measurement } from './types';

/**
 * Run in this order against one server. Add a file to this folder and list it here.
 * BENCH_ONLY=<id>,<id> (bench/run.ts) runs some of them only.
 */
export const MEASUREMENTS: Measurement[] = [
  bundleSize,
  apiLatency,
  // In the browser: Lighthouse on /login and the signed-in home page; menu clicks to content.
  lighthouseScores,
  menuNavigation,
  // PostgreSQL only: the report endpoint through 1, 2 and 3 replicas behind a round-robin.
  replicaThroughput,
  // The 1,000,000-transaction ledger on a server of its own (bench/lib/ledger-db.ts); minutes,
  // and many more the first time it is built. BENCH_LARGE=0 leaves it out.
  ...(process.env.BENCH_LARGE === '0' ? [] : LARGE_MEASUREMENTS),
  // Last, so the peak covers everything above.
  serverMemory,
];
