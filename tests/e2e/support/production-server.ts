import { type ChildProcess, type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The real server with NODE_ENV=production on a fresh PGlite directory and a port of its own,
 * beside the demo server the other files use. One PGlite directory takes one process, so
 * `userCreate` runs while the server is stopped.
 */
export async function productionServer(name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `wallet-${name}-`));
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    XSRF_SECRET: randomBytes(32).toString('hex'),
    TWO_FACTOR_KEY: randomBytes(32).toString('hex'),
  };
  let running: ChildProcess | null = null;

  async function stop() {
    const child = running;
    running = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** Starts the server and waits until it says it is ready; `output` is all it printed. */
    async start(timeout: number) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { env, stdio: 'pipe' });
      let output = '';
      child.stdout?.on('data', (chunk) => {
        output += String(chunk);
      });
      child.stderr?.on('data', (chunk) => {
        output += String(chunk);
      });
      await expect.poll(() => output, { timeout }).toContain('Ready in');
      running = child;
      return { output: () => output };
    },
    stop,
    /** `npm run user:create` as an operator runs it, on the stopped server's data directory. */
    userCreate(args: string[], timeout: number): SpawnSyncReturns<string> {
      return spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/user-create.ts', ...args], {
        env,
        encoding: 'utf8',
        timeout,
      });
    },
    async remove() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The one-time password `user:create` printed. */
export const oneTimePasswordOf = (run: SpawnSyncReturns<string>) =>
  /One-time password[^:]*: (\S+)/.exec(run.stdout)?.[1] ?? '';
