import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { groupIdTable } from '../../contract/groups';
import { CHANNEL, HEADER, XSRF_COOKIE } from '../../contract/http';
import { createApp } from '../app';
import { sessionXsrfToken } from '../http/xsrf';
import { loadConfig, type Config } from '../config';
import { type DatabaseHandle, openDatabase, PGLITE_EXTENSIONS } from '../db/database';
import type { Clock } from '../http/clock';
import { createLogger } from '../http/logger';
import { createActivityRecorder } from '../http/session-activity';
import { createSessionCache } from '../http/session-cache';
import { listenForSessionChanges } from '../db/session-changes';
import { type BulkRunner, createBulkRunner } from '../resources/bulk/runner';
import { createExportRunner, type ExportRunner } from '../resources/reports/exports';
import { userLoader } from '../resources/reports/routes';
import { createTotalsCache } from '../resources/reports/totals-cache';

/** A clock the test moves by hand; what sleeps on it wakes when the test moves it far enough. */
function manualClock(start = new Date('2026-11-22T09:00:00Z')) {
  let now = start.getTime();
  const sleepers = new Set<{ until: number; wake: () => void }>();
  return {
    now: () => new Date(now),
    sleep(ms: number, signal?: AbortSignal) {
      return new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const sleeper = {
          until: now + ms,
          wake: () => {
            sleepers.delete(sleeper);
            resolve();
          },
        };
        sleepers.add(sleeper);
        signal?.addEventListener('abort', sleeper.wake, { once: true });
      });
    },
    advance(ms: number) {
      now += ms;
      for (const sleeper of [...sleepers]) if (sleeper.until <= now) sleeper.wake();
    },
    /** How many sleeps wait on this clock: a test moves it once what it drives is asleep. */
    sleeping: () => sleepers.size,
  } satisfies Clock & { advance(ms: number): void; sleeping(): number };
}

/** A private clone of the run's migrated, seeded template database. */
async function cloneTestDatabase(): Promise<DatabaseHandle> {
  const pgTemplate = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (pgTemplate && url) {
    const name = `wallet_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: dbUrl.toString() });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        // pool.end() resolves before its connections have closed. A plain DROP waits (up to
        // 5 s) for them to go; FORCE would kill them mid-close and pg would report the
        // termination as an unhandled error. FORCE stays as the fallback for a leak.
        try {
          await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        } catch {
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }
        await admin.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('The API test template was not built (server/test/global-setup.ts).');
  const pglite = new PGlite({ loadDataDir: new Blob([readFileSync(file)]), extensions: PGLITE_EXTENSIONS });
  return openDatabase({ pglite });
}

export interface TestApi {
  handle: DatabaseHandle;
  clock: ReturnType<typeof manualClock>;
  config: Config;
  /** The app's own handler, to serve it on a real socket (`@hono/node-server`) as production does. */
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>;
  request(path: string, init?: RequestInit & { json?: unknown; cookies?: boolean }): Promise<Response>;
  /** Cookie jar and XSRF handled like a browser; returns the parsed JSON body too. */
  call<T = unknown>(
    method: string,
    path: string,
    options?: { json?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  login(username: string, password?: string): Promise<{ token: string; user: Record<string, unknown> }>;
  exports: ExportRunner;
  bulk: BulkRunner;
  /** Resolves once this app listens for the session changes other instances commit (PostgreSQL). */
  sessionChangesHeard(): Promise<void>;
  /**
   * Another app with its own settings, clock and cookie jar over this same database (no
   * second clone, which is the slow part); closing it leaves the database open.
   */
  derive(env?: Record<string, string>): TestApi;
  close(): Promise<void>;
}

export async function createTestApi(env: Record<string, string> = {}): Promise<TestApi> {
  return buildTestApi(await cloneTestDatabase(), env, true);
}

function buildTestApi(handle: DatabaseHandle, env: Record<string, string>, ownsDatabase: boolean): TestApi {
  const clock = manualClock();
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const groupIds = groupIdTable({ usePrimary: config.groupIdSet === 'primary' });
  const exports = createExportRunner({
    db: handle.db,
    clock,
    logger: createLogger('silent'),
    userFor: userLoader({ db: handle.db, groupIds }),
  });
  const logger = createLogger('silent');
  const reportTotals = createTotalsCache({ clock });
  const bulk = createBulkRunner({
    db: handle.db,
    clock,
    logger,
    settings: config.transfers,
    onLedgerChange: () => reportTotals.invalidate(),
  });
  const sessionCache = createSessionCache({ clock });
  const sessionActivity = createActivityRecorder({ db: handle.db, clock });
  // As production wires it: a change another app instance commits reaches this one's cache.
  const sessionChanges = listenForSessionChanges(handle, {
    logger,
    onChange: (userId) => sessionCache.forgetUser(userId),
    onMissed: () => sessionCache.forgetAll(),
  });
  const app = createApp({
    exports,
    bulk,
    reportTotals,
    sessionCache,
    sessionActivity,
    db: handle.db,
    config,
    clock,
    logger: createLogger('silent'),
    groupIds,
    engine: handle.engine,
    staticHandler: null,
  });
  const jar = new Map<string, string>();
  const request = async (path: string, init: RequestInit & { json?: unknown; cookies?: boolean } = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size && init.cookies !== false) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = await app.request(path, { ...init, headers, body });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name && value !== undefined) jar.set(name, value);
    }
    return response;
  };
  const call: TestApi['call'] = async (method, path, options = {}) => {
    if (method !== 'GET' && !jar.has(XSRF_COOKIE)) await request('/rest/health');
    // A browser tab holds the cookie bound to its own session (any answer to that session sets it).
    if (method !== 'GET' && options.token) jar.set(XSRF_COOKIE, sessionXsrfToken(config.xsrfSecret, options.token));
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers[HEADER.sessionToken] = options.token;
    if (method !== 'GET' && jar.has(XSRF_COOKIE) && !(HEADER.xsrf in headers)) {
      headers[HEADER.xsrf] = jar.get(XSRF_COOKIE) as string;
    }
    if (!(HEADER.channel in headers)) headers[HEADER.channel] = CHANNEL.dashboard;
    const response = await request(path, { method, headers, json: options.json });
    const text = new TextDecoder().decode(await bodyBytes(response));
    // CSV, HTML and images come back as text; everything else the API answers is JSON.
    const json = (response.headers.get('content-type') ?? '').includes('json');
    const body = text ? (json ? JSON.parse(text) : text) : null;
    return { status: response.status, body: body as never, headers: response.headers };
  };
  return {
    handle,
    clock,
    config,
    fetch: app.fetch,
    request,
    call,
    async login(username, password = 'demo1234') {
      const res = await call<{ payload: { sessionId: string } & Record<string, unknown> }>('POST', '/rest/auth/login', {
        json: { username, password },
      });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { token: res.body.payload.sessionId, user: res.body.payload };
    },
    derive: (derivedEnv = {}) => buildTestApi(handle, derivedEnv, false),
    exports,
    bulk,
    sessionChangesHeard: () => sessionChanges.ready,
    close: async () => {
      await exports.idle();
      await Promise.all([exports.stop(), bulk.stop(), sessionChanges.close()]);
      await sessionActivity.writeAll();
      if (ownsDatabase) await handle.close();
    },
  };
}

/** The body's bytes; of an event stream, which does not end, its first event only. */
export async function bodyBytes(response: Response): Promise<Uint8Array> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream') || !response.body) {
    return new Uint8Array(await response.arrayBuffer());
  }
  const reader = response.body.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return value ?? new Uint8Array();
}

/** Waits until every export the test API has queued is finished. */
export async function waitForExports(api: TestApi) {
  await api.exports.idle();
}
