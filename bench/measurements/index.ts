import { apiLatency } from './api-latency';
import { bundleSize } from './bundle-size';
import { LARGE_MEASUREMENTS } from './report-large';
import { serverMemory } from './server-memory';
import type { Measurement } from './types';

/** Run in this order against one server. Add a file to this folder and list it here. */
export const MEASUREMENTS: Measurement[] = [
  bundleSize,
  apiLatency,
  // The 1,000,000-transaction ledger on a server of its own (bench/lib/ledger-db.ts); minutes,
  // and many more the first time it is built. BENCH_LARGE=0 leaves it out.
  ...(process.env.BENCH_LARGE === '0' ? [] : LARGE_MEASUREMENTS),
  // Last, so the peak covers everything above.
  serverMemory,
];
