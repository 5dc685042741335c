import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Which CPUs the load generator and the servers run on when a measurement keeps them apart:
 * the load generator on the last CPU this process may use, the servers on the others. Null
 * where that cannot be done (no `taskset`, no /proc, or a single CPU): the caller then runs
 * everything unpinned and says so.
 */
export interface CpuSets {
  /** `taskset -c` lists, e.g. "1" and "0" on two CPUs, "3" and "0,1,2" on four. */
  load: string;
  servers: string;
  loadCpus: number[];
  serverCpus: number[];
}

function allowedCpus(): number[] {
  const status = readFileSync('/proc/self/status', 'utf8');
  const list = /^Cpus_allowed_list:\s*(\S+)/m.exec(status)?.[1] ?? '';
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    if (from === undefined || to === undefined || Number.isNaN(from) || Number.isNaN(to)) return [];
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

export function splitCpus(): CpuSets | null {
  if (spawnSync('taskset', ['--version']).status !== 0) return null;
  let cpus: number[];
  try {
    cpus = allowedCpus();
  } catch {
    return null;
  }
  if (cpus.length < 2) return null;
  const loadCpus = cpus.slice(-1);
  const serverCpus = cpus.slice(0, -1);
  return { load: loadCpus.join(','), servers: serverCpus.join(','), loadCpus, serverCpus };
}

/** Moves a running process, every thread of it (-a), to `cpus`; false if it is gone. */
export function pinProcess(pid: number, cpus: string): boolean {
  return spawnSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' }).status === 0;
}
