/**
 * The bench's large ledger: 1,000,000 demo transactions (seedDemo size 'large'; 100,000 with
 * BENCH_LARGE_SIZE=medium), built once and cached between runs, plus a real server started against it.
 *
 * - PGlite: `.bench-cache/pglite-<size>/data` (the data dir) and `ledger.json` (what it was built
 *   from). Built in `data.building-<pid>` and renamed once complete, so an interrupted build
 *   never leaves a half-seeded cache behind.
 * - PostgreSQL (DATABASE_URL set): the database `wallet_bench_<size>` next to DATABASE_URL's,
 *   built as `wallet_bench_<size>_building` and renamed; what it was built from is its COMMENT.
 *
 * The cache is rebuilt when the seed, the fixed "now", the ledger size or the migrations
 * change, or with BENCH_LARGE_REBUILD=1 (see ledgerStale). PGlite has no autovacuum, so the
 * build ends with VACUUM ANALYZE on both engines.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { PRIMARY_GROUP_IDS } from '../../contract/groups';
import { type DatabaseHandle, migrationsFolder, openDatabase } from '../../server/db/database';
import { LEDGER_SIZES } from '../../server/db/demo-ledger';
import { queryRows } from '../../server/db/query';
import { seedDemo } from '../../server/db/seed';
import { onCleanup } from './cleanup';
import { scriptsLib } from './scripts-lib';
import { spawnServer } from './server';

/**
 * BENCH_LARGE_SIZE=medium measures a ledger of 100,000 transactions instead of 1,000,000 (which
 * takes most of an hour to build on PGlite); each size is cached apart.
 */
function ledgerSize(): 'large' | 'medium' {
  const size = process.env.BENCH_LARGE_SIZE || 'large';
  if (size !== 'large' && size !== 'medium') throw new Error(`BENCH_LARGE_SIZE is large or medium, not ${size}`);
  return size;
}
export const LEDGER_SIZE = ledgerSize();

const root = scriptsLib.root;
export const CACHE_DIR = join(root, '.bench-cache');
const PGLITE_DIR = join(CACHE_DIR, `pglite-${LEDGER_SIZE}`);
const PGLITE_DATA = join(PGLITE_DIR, 'data');
const PGLITE_KEY_FILE = join(PGLITE_DIR, 'ledger.json');
const PG_DATABASE = `wallet_bench_${LEDGER_SIZE}`;
const PG_BUILDING = `${PG_DATABASE}_building`;

/** The seed of the demo (the server's DEMO_SEED default) and a fixed "now", so the cache stays valid. */
export const LEDGER_SEED = 20231;
export const LEDGER_NOW = new Date('2026-11-15T12:00:00Z');

type Progress = (message: string) => void;

const day = (date: Date) => date.toISOString().slice(0, 10);
/** The seed spreads the history over the 90 days before LEDGER_NOW (and that day itself). */
export const LEDGER_RANGE = {
  from: day(new Date(LEDGER_NOW.getTime() - 90 * 86_400_000)),
  to: day(LEDGER_NOW),
};

/** The demo generator: a change is reported, but does not force a rebuild (see ledgerStale). */
const GENERATOR_SOURCES = ['server/db/seed.ts', 'server/db/demo-ledger.ts', 'server/db/demo-users.ts'];

function hashFiles(files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.slice(root.length)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** What a cached ledger was built from (ledger.json, or the database's COMMENT). */
interface LedgerStamp {
  format: number;
  seed: number;
  now: string;
  size: string;
  rows: unknown;
  groupIds: string;
  /** The migrations' SQL: a different schema means the cache must be rebuilt. */
  schema: string;
  /** seed.ts, demo-ledger.ts and demo-users.ts. */
  generator: string;
}

function migrationFiles(): string[] {
  return readdirSync(migrationsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => join(migrationsFolder, f));
}

/**
 * Whether a cached ledger's schema is an earlier prefix of today's migrations: then it is
 * migrated forward (new indexes, new tables) instead of rebuilt, which takes the best part of
 * an hour. Migrations are append-only, so a prefix hash identifies the schema it was built on.
 */
function schemaIsEarlierPrefix(cachedSchema: unknown): boolean {
  const files = migrationFiles();
  for (let n = 1; n < files.length; n++) if (hashFiles(files.slice(0, n)) === cachedSchema) return true;
  return false;
}

function ledgerStamp(): LedgerStamp {
  const migrations = migrationFiles();
  return {
    format: 1,
    seed: LEDGER_SEED,
    now: LEDGER_NOW.toISOString(),
    size: LEDGER_SIZE,
    rows: LEDGER_SIZES[LEDGER_SIZE],
    groupIds: 'primary',
    schema: hashFiles(migrations),
    generator: hashFiles(GENERATOR_SOURCES.map((f) => join(root, f))),
  };
}

/**
 * Why a cached ledger cannot be reused (null when it can). A cache is rebuilt when its seed,
 * "now", size or schema differ, or BENCH_LARGE_REBUILD=1. A change of the demo generator alone
 * is only reported: rebuilding takes the best part of an hour on a busy machine, and the
 * report queries' cost depends on the volume rather than on the exact mix of flows.
 */
function ledgerStale(cached: string | null | undefined, current: LedgerStamp): string | null {
  if (!cached) return 'none cached yet';
  if (process.env.BENCH_LARGE_REBUILD === '1') return 'BENCH_LARGE_REBUILD=1';
  let stamp: Partial<LedgerStamp>;
  try {
    stamp = JSON.parse(cached) as Partial<LedgerStamp>;
  } catch {
    return 'unreadable stamp';
  }
  const { generator: _, ...rest } = current;
  if (schemaIsEarlierPrefix(stamp.schema)) rest.schema = stamp.schema as string;
  for (const [key, value] of Object.entries(rest)) {
    if (JSON.stringify(stamp[key as keyof LedgerStamp]) !== JSON.stringify(value)) return `its ${key} changed`;
  }
  return null;
}

/** Said when a cache is reused although the demo generator changed since it was built. */
function generatorNote(cached: string | null | undefined, current: LedgerStamp): string {
  try {
    if ((JSON.parse(cached ?? '{}') as Partial<LedgerStamp>).generator === current.generator) return '';
  } catch {
    // ledgerStale has said so already.
  }
  return '\n  (built by an earlier version of the demo generator; BENCH_LARGE_REBUILD=1 rebuilds it with this one)';
}

export interface LargeLedger {
  handle: DatabaseHandle;
  engine: 'pglite' | 'postgres';
  /** True when this run had to build it. */
  built: boolean;
  /** How long seedDemo took when built by this run, else null. */
  seedMs: number | null;
  /** How long VACUUM ANALYZE took after the seed, when built by this run. */
  analyzeMs: number | null;
  /** What to give the server: DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL). */
  serverEnv: { DATA_DIR?: string; DATABASE_URL?: string };
  /** Bytes on disk: the data dir, or pg_database_size. */
  sizeBytes(): Promise<number>;
}

async function seedInto(handle: DatabaseHandle, progress: Progress) {
  await handle.migrate();
  progress(`  seeding ${LEDGER_SIZES[LEDGER_SIZE].transactions.toLocaleString('en-US')} transactions...`);
  const seedStart = performance.now();
  await seedDemo(handle.db, { seed: LEDGER_SEED, groupIds: PRIMARY_GROUP_IDS, size: LEDGER_SIZE, now: LEDGER_NOW });
  const seedMs = performance.now() - seedStart;
  progress(`  seeded in ${(seedMs / 1000).toFixed(1)} s; VACUUM ANALYZE...`);
  // PGlite has no autovacuum, and PostgreSQL's would analyze at a moment of its choosing:
  // statistics are gathered once here so every run plans against the same ones.
  const analyzeStart = performance.now();
  await handle.db.execute(sql`VACUUM ANALYZE`);
  const analyzeMs = performance.now() - analyzeStart;
  progress(`  VACUUM ANALYZE took ${(analyzeMs / 1000).toFixed(1)} s`);
  return { seedMs, analyzeMs };
}

/** Applies migrations added since the cached ledger was built; true when there were any. */
async function migrateForward(handle: DatabaseHandle, cached: string | null | undefined, progress: Progress) {
  let schema: unknown;
  try {
    schema = (JSON.parse(cached ?? '{}') as Partial<LedgerStamp>).schema;
  } catch {
    return false;
  }
  if (!schemaIsEarlierPrefix(schema)) return false;
  progress('  applying the migrations added since it was built...');
  const started = performance.now();
  await handle.migrate();
  await handle.db.execute(sql`ANALYZE`);
  progress(`  migrated forward in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

function dirBytes(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + dirBytes(join(path, name)), 0);
}

async function openPglite(progress: Progress): Promise<LargeLedger> {
  const stamp = ledgerStamp();
  mkdirSync(PGLITE_DIR, { recursive: true });
  const cached = existsSync(PGLITE_KEY_FILE) && existsSync(PGLITE_DATA) ? readFileSync(PGLITE_KEY_FILE, 'utf8') : null;
  const stale = ledgerStale(cached, stamp);
  let built = false;
  let seedMs: number | null = null;
  let analyzeMs: number | null = null;
  if (stale) {
    progress(
      `Building the large ledger in ${PGLITE_DIR.slice(root.length)} (${stale}; this takes minutes, more on a busy machine)...`,
    );
    // Leftovers of interrupted builds.
    for (const name of readdirSync(PGLITE_DIR)) {
      if (name.startsWith('data.building-')) rmSync(join(PGLITE_DIR, name), { recursive: true, force: true });
    }
    const building = join(PGLITE_DIR, `data.building-${process.pid}`);
    const unregister = onCleanup(async () => rmSync(building, { recursive: true, force: true }));
    const handle = await openDatabase({ dataDir: building });
    try {
      ({ seedMs, analyzeMs } = await seedInto(handle, progress));
    } finally {
      await handle.close();
    }
    rmSync(PGLITE_KEY_FILE, { force: true });
    rmSync(PGLITE_DATA, { recursive: true, force: true });
    renameSync(building, PGLITE_DATA);
    writeFileSync(PGLITE_KEY_FILE, `${JSON.stringify(stamp, null, 2)}\n`);
    unregister();
    built = true;
  } else {
    progress(`Reusing the large ledger cached in ${PGLITE_DATA.slice(root.length)}.${generatorNote(cached, stamp)}`);
  }
  const handle = await openDatabase({ dataDir: PGLITE_DATA });
  if (!built && (await migrateForward(handle, cached, progress))) {
    writeFileSync(PGLITE_KEY_FILE, `${JSON.stringify(stamp, null, 2)}\n`);
  }
  return {
    handle,
    engine: 'pglite',
    built,
    seedMs,
    analyzeMs,
    serverEnv: { DATA_DIR: PGLITE_DATA },
    sizeBytes: async () => dirBytes(PGLITE_DATA),
  };
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Retries a statement that fails while a just-closed pool's connections are still going away. */
async function retry(admin: pg.Client, statement: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await admin.query(statement);
    } catch (error) {
      if (attempt >= 50 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function dropBuilding(admin: pg.Client) {
  await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [PG_BUILDING]);
  await retry(admin, `DROP DATABASE IF EXISTS ${PG_BUILDING}`);
}

async function openPostgres(baseUrl: string, progress: Progress): Promise<LargeLedger> {
  const stamp = ledgerStamp();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  let built = false;
  let seedMs: number | null = null;
  let analyzeMs: number | null = null;
  let cached: string | null | undefined;
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [PG_DATABASE],
    );
    cached = rows[0]?.comment;
    const stale = ledgerStale(cached, stamp);
    if (stale) {
      progress(
        `Building the large ledger in the database ${PG_DATABASE} (${stale}; this takes minutes, more on a busy machine)...`,
      );
      await dropBuilding(admin);
      await admin.query(`CREATE DATABASE ${PG_BUILDING}`);
      // Interrupted: the server would go on with the INSERT it is running, so stop it and drop the rest.
      const unregister = onCleanup(async () => {
        const cleaner = new pg.Client({ connectionString: baseUrl });
        await cleaner.connect();
        try {
          await dropBuilding(cleaner);
        } finally {
          await cleaner.end();
        }
      });
      const handle = await openDatabase({ databaseUrl: databaseUrl(baseUrl, PG_BUILDING) });
      try {
        ({ seedMs, analyzeMs } = await seedInto(handle, progress));
      } finally {
        await handle.close();
      }
      unregister();
      await retry(admin, `DROP DATABASE IF EXISTS ${PG_DATABASE}`);
      await retry(admin, `ALTER DATABASE ${PG_BUILDING} RENAME TO ${PG_DATABASE}`);
      await admin.query(`COMMENT ON DATABASE ${PG_DATABASE} IS ${pg.escapeLiteral(JSON.stringify(stamp))}`);
      built = true;
    } else {
      progress(`Reusing the large ledger in the database ${PG_DATABASE}.${generatorNote(rows[0]?.comment, stamp)}`);
    }
  } finally {
    await admin.end();
  }
  const url = databaseUrl(baseUrl, PG_DATABASE);
  const handle = await openDatabase({ databaseUrl: url });
  if (!built && (await migrateForward(handle, cached, progress))) {
    await handle.db.execute(
      sql.raw(`COMMENT ON DATABASE ${PG_DATABASE} IS ${pg.escapeLiteral(JSON.stringify(stamp))}`),
    );
  }
  return {
    handle,
    engine: 'postgres',
    built,
    seedMs,
    analyzeMs,
    serverEnv: { DATABASE_URL: url },
    sizeBytes: async () => {
      const [row] = await queryRows<{ size: string }>(
        handle.db,
        sql`SELECT pg_database_size(current_database()) AS size`,
      );
      return Number(row?.size ?? 0);
    },
  };
}

/**
 * Opens the cached large ledger, building it first when there is none or it is stale.
 * PostgreSQL when DATABASE_URL is set, else PGlite. Close the handle before starting a
 * server on a PGlite ledger: a data dir can only be open in one process.
 */
export function openLargeLedger(progress: Progress): Promise<LargeLedger> {
  const url = process.env.DATABASE_URL || undefined;
  return url ? openPostgres(url, progress) : openPglite(progress);
}

export interface LedgerServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The real server (`node --import tsx server/index.ts`, as bench/lib/server.ts starts it) on a
 * free port of 127.0.0.1, against the large ledger.
 */
export async function startLedgerServer(ledger: LargeLedger): Promise<LedgerServer> {
  const scratch = mkdtempSync(join(tmpdir(), 'wallet-bench-large-'));
  const server = await spawnServer({
    name: 'The large-ledger server',
    env: {
      DATA_DIR: ledger.serverEnv.DATA_DIR ?? join(scratch, 'data'),
      DATABASE_URL: ledger.serverEnv.DATABASE_URL ?? '',
    },
    scratch,
    stopGraceMs: 30_000,
  });
  return server;
}
