import { readFileSync } from 'node:fs';
import type { Measurement } from './types';

/** Reads a `VmXxx:  1234 kB` line of /proc/<pid>/status, in bytes; null where there is no /proc. */
function procStatusBytes(pid: number, field: string): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = status.match(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The server's peak resident memory (VmHWM) so far; list this last so it covers every other measurement. */
export const serverMemory: Measurement = {
  id: 'memory',
  title: 'Server memory (/proc/<pid>/status, after all measurements)',
  deterministic: false,
  columns: [
    { key: 'peakRss', label: 'Peak RSS (VmHWM)', unit: 'bytes' },
    { key: 'rss', label: 'RSS now (VmRSS)', unit: 'bytes' },
  ],
  async run({ serverPid }) {
    const peakRss = procStatusBytes(serverPid, 'VmHWM');
    if (peakRss === null) console.warn('  (no /proc/<pid>/status here: server memory not measured)');
    return {
      rows: [
        { id: 'server', label: 'API server process', values: { peakRss, rss: procStatusBytes(serverPid, 'VmRSS') } },
      ],
    };
  },
};
