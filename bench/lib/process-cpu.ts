import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/**
 * The CPU time a process has used so far (user + system, /proc/<pid>/stat utime + stime), in ms;
 * null when it is gone or there is no /proc. Resolution: one clock tick (10 ms on Linux).
 */
export function processCpuMs(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/** Busy and total jiffies of some CPUs so far, from the per-CPU lines of /proc/stat; null without /proc. */
export function cpusJiffies(cpus: readonly number[]): { busy: number; total: number } | null {
  let stat: string;
  try {
    stat = readFileSync('/proc/stat', 'utf8');
  } catch {
    return null;
  }
  let busy = 0;
  let total = 0;
  for (const cpu of cpus) {
    const line = stat.split('\n').find((l) => l.startsWith(`cpu${cpu} `));
    if (!line) return null;
    // user nice system idle iowait irq softirq steal ...: idle and iowait are the idle time.
    const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const sum = values.reduce((a, b) => a + b, 0);
    total += sum;
    busy += sum - (values[3] ?? 0) - (values[4] ?? 0);
  }
  return { busy, total };
}

/** The share of the time some CPUs were busy (every process, not only ours) between two readings. */
export function busyShare(
  before: ReturnType<typeof cpusJiffies>,
  after: ReturnType<typeof cpusJiffies>,
  cpuCount: number,
) {
  if (!before || !after || after.total === before.total) return null;
  return Math.round(((after.busy - before.busy) / (after.total - before.total)) * cpuCount * 100) / 100;
}
