/**
 * What QA reviewed for each machine with a graph: one file per machine (`<graph id>.json`), so a
 * new graph adds a file rather than editing a shared list.
 *
 * - `transitions`: every transition as the coverage test prints it. A transition dropped from the
 *   machine fails as `dropped`, one added without review as `unreviewed`.
 * - `guardsNotYetRefused`: guarded transitions no path yet shows refusing. The list only shrinks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Reviewed {
  transitions: string[];
  guardsNotYetRefused: string[];
}

const folder = __dirname;

export function readReviewed(): Record<string, Reviewed> {
  const out: Record<string, Reviewed> = {};
  for (const name of readdirSync(folder)) {
    if (!name.endsWith('.json')) continue;
    out[name.slice(0, -'.json'.length)] = JSON.parse(readFileSync(join(folder, name), 'utf8')) as Reviewed;
  }
  return out;
}
