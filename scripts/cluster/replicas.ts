import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const START_DEADLINE_MS = 180_000;

export interface Replica {
  port: number;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/**
 * One server process (`server/index.ts`, as `npm start` runs it) on a port of 127.0.0.1. With
 * `cpus` (a `taskset -c` list such as "0" or "0-2") it runs on those CPUs only: taskset execs
 * the server, so the child's pid is the server's.
 */
export function startReplica(options: {
  port: number;
  env: Record<string, string>;
  inherit?: boolean;
  cpus?: string;
}): Replica {
  const server = [process.execPath, '--import', 'tsx', 'server/index.ts'];
  const [command, ...args] = options.cpus ? ['taskset', '-c', options.cpus, ...server] : server;
  const child = spawn(command as string, args, {
    cwd: ROOT,
    env: { ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: options.inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { port: options.port, child, exited, output: () => output };
}

/** Resolves once the replica answers /rest/health; fails if it exits or takes too long. */
export async function untilHealthy(replica: Replica): Promise<void> {
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (replica.child.exitCode !== null || replica.child.signalCode !== null)
      throw new Error(`The replica on port ${replica.port} stopped while starting:\n${replica.output()}`);
    const healthy = await fetch(`http://127.0.0.1:${replica.port}/rest/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return;
    if (Date.now() > deadline)
      throw new Error(`The replica on port ${replica.port} did not start:\n${replica.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts `count` replicas on consecutive ports. The first starts alone, so the migrations and the
 * demo seed run once; the others then start together.
 */
export async function startReplicas(options: {
  count: number;
  firstPort: number;
  env: Record<string, string>;
  inherit?: boolean;
  cpus?: string;
}): Promise<Replica[]> {
  const { env, inherit, cpus } = options;
  const first = startReplica({ port: options.firstPort, env, inherit, cpus });
  await untilHealthy(first);
  const rest = Array.from({ length: options.count - 1 }, (_, i) =>
    startReplica({ port: options.firstPort + i + 1, env, inherit, cpus }),
  );
  await Promise.all(rest.map(untilHealthy));
  return [first, ...rest];
}
