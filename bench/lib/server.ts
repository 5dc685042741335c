import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onCleanup } from './cleanup';
import { scriptsLib } from './scripts-lib';

export const root = scriptsLib.root;

/** Builds the dashboard when dist/ is missing or older than its sources, so the bench never measures a stale bundle. */
export async function ensureDashboardBuild(): Promise<void> {
  const missing = !existsSync(join(root, 'dist', 'index.html'));
  if (!missing && !scriptsLib.dashboardBuildIsStale()) return;
  console.log(
    missing ? 'Building the dashboard (dist/ is missing)...' : 'Rebuilding the dashboard (dist/ is stale)...',
  );
  const code = await scriptsLib.run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  if (code !== 0) throw new Error(`The dashboard build failed (exit code ${code}).`);
}

export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** What DATABASE_URL / DATA_DIR asked for; the engine actually used comes from /rest/health. */
  requestedEngine: 'pglite' | 'postgres';
  /** The fresh PGlite folder (unused, but still created and removed, when DATABASE_URL is set). */
  dataDir: string;
  /** SIGTERM, wait for a clean exit (SIGKILL after a grace period), remove the data dir. Safe to call twice. */
  stop(): Promise<void>;
}

// A fresh PGlite database is migrated and seeded on start: seconds on an idle machine, minutes on a busy one.
const STARTUP_TIMEOUT_MS = 300_000;
const STOP_GRACE_MS = 15_000;

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export interface SpawnedServer {
  baseUrl: string;
  pid: number;
  /** SIGTERM, wait for a clean exit (SIGKILL after a grace period), remove the scratch folder. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * The real server (`node --import tsx server/index.ts`) on a free port of 127.0.0.1, not in
 * production mode, with `env` (data dir, database) added; resolves once /rest/health answers.
 * `scratch` is a folder of its own, removed when it stops; `name` ("The server") names it in
 * messages.
 */
export async function spawnServer(options: {
  name: string;
  env: Record<string, string>;
  scratch: string;
  stopGraceMs: number;
}): Promise<SpawnedServer> {
  const { name, scratch, stopGraceMs } = options;
  const port = await scriptsLib.freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      // Not production: the demo password is refused there, and the bench signs in as demo users.
      NODE_ENV: 'test',
      STATIC_DIR: join(root, 'dist'),
      ...options.env,
    },
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-8_000);
  });

  let stopped: Promise<void> | undefined;
  let unregister = () => {};
  const server: SpawnedServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    stop() {
      stopped ??= (async () => {
        try {
          if (!exited(child)) {
            child.kill('SIGTERM');
            if (!(await waitForExit(child, stopGraceMs))) {
              console.error(`${name} did not stop within ${stopGraceMs / 1000} s of SIGTERM; killing it.`);
              child.kill('SIGKILL');
              await waitForExit(child, 5_000);
            }
          }
        } finally {
          rmSync(scratch, { recursive: true, force: true });
          unregister();
        }
      })();
      return stopped;
    },
  };

  unregister = onCleanup(() => server.stop());

  try {
    if (child.pid === undefined) throw new Error(`${name} could not be started.`);
    const started = Date.now();
    const deadline = started + STARTUP_TIMEOUT_MS;
    let nextNotice = started + 30_000;
    for (;;) {
      if (exited(child)) {
        throw new Error(`${name} exited during start-up (code ${child.exitCode ?? child.signalCode}).\n${stderr}`);
      }
      try {
        const res = await fetch(`${server.baseUrl}/rest/health`);
        await res.arrayBuffer();
        if (res.ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > nextNotice) {
        process.stderr.write(`  still waiting for the server (${Math.round((Date.now() - started) / 1000)} s)...\n`);
        nextNotice += 30_000;
      }
      if (Date.now() > deadline) {
        throw new Error(`${name} did not answer /rest/health within ${STARTUP_TIMEOUT_MS / 1000} s.\n${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** Starts the real server (`node --import tsx server/index.ts`) on a free port with a fresh data dir. */
export async function startServer(): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-bench-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const server = await spawnServer({
    name: 'The server',
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
    scratch: dataDir,
    stopGraceMs: STOP_GRACE_MS,
  });
  return { ...server, requestedEngine: databaseUrl ? 'postgres' : 'pglite', dataDir };
}
