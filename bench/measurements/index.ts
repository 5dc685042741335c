import { apiLatency } from './api-latency';
import { bundleSize } from './bundle-size';
import { serverMemory } from './server-memory';
import type { Measurement } from './types';

/** Run in this order against one server. Add a file to this folder and list it here. */
export const MEASUREMENTS: Measurement[] = [
  bundleSize,
  apiLatency,
  // Last, so the peak covers everything above.
  serverMemory,
];
