import { type ChildProcess, spawn } from 'node:child_process';
import { root } from './server';

export interface PinnedProcess {
  child: ChildProcess;
  /** The first line it printed, parsed as JSON. */
  firstLine: Promise<unknown>;
  /** Resolves when it exits; rejects if it exited with another code than 0. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

/**
 * A TypeScript file of bench/processes/ in a Node process of its own, on `cpus` only when given
 * (`taskset -c` execs Node, so the child's pid is Node's). What it prints on stderr is kept for
 * the error when it fails.
 */
export function startPinned(options: { script: string; args?: string[]; env?: Record<string, string>; cpus?: string }) {
  const node = [process.execPath, '--import', 'tsx', `bench/processes/${options.script}`, ...(options.args ?? [])];
  const [command, ...args] = options.cpus ? ['taskset', '-c', options.cpus, ...node] : node;
  const child = spawn(command as string, args, {
    cwd: root,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<void>((resolve, reject) =>
    child.once('exit', (code, signal) =>
      code === 0 || signal === 'SIGTERM'
        ? resolve()
        : reject(new Error(`${options.script} ended with ${code ?? signal}:\n${stderr}`)),
    ),
  );
  const firstLine = new Promise<unknown>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      stdout += d;
      const end = stdout.indexOf('\n');
      if (end >= 0) resolve(JSON.parse(stdout.slice(0, end)));
    });
    exited.then(() => reject(new Error(`${options.script} printed nothing`)), reject);
  });
  // Callers may await only one of the two: a failure is still reported through the one awaited.
  exited.catch(() => undefined);
  firstLine.catch(() => undefined);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited.catch(() => undefined);
  };
  return { child, firstLine, exited, stop } satisfies PinnedProcess;
}
