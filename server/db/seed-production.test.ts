import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_TWO_FACTOR_KEY } from '../config';
import { productionSecretProblems } from '../production-secrets';
import { type DatabaseHandle, openDatabase, PGLITE_EXTENSIONS } from './database';
import { houseAccountNumbers } from './house-accounts';
import { accounts, banks, feeSchedule, transactions, users } from './schema';
import { seedProduction } from './seed-production';

const KEY = 'ab'.repeat(32);

describe('a production start', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ pglite: new PGlite({ extensions: PGLITE_EXTENSIONS }) });
    await handle.migrate();
  });
  afterAll(() => handle.close());

  it('creates the house accounts and the fee schedule, and no demo users, banks, customers or transactions', async () => {
    const first = await seedProduction(handle.db, new Date('2026-11-27T09:00:00Z'));
    expect(first).toEqual({ created: true, userCount: 0 });
    expect(await houseAccountNumbers(handle.db)).toEqual(['SYS-COMMISSIONS', 'SYS-EQUITY', 'SYS-FEES']);
    const total = async (table: typeof users | typeof banks | typeof accounts | typeof transactions) =>
      (await handle.db.select({ n: count() }).from(table))[0]?.n;
    expect(await total(users)).toBe(0);
    expect(await total(banks)).toBe(0);
    expect(await total(transactions)).toBe(0);
    expect(await total(accounts)).toBe(3);
    expect((await handle.db.select({ n: count() }).from(feeSchedule))[0]?.n).toBeGreaterThan(0);
  });

  it('changes nothing on the next start', async () => {
    expect(await seedProduction(handle.db, new Date())).toEqual({ created: false, userCount: 0 });
    expect((await handle.db.select({ n: count() }).from(accounts))[0]?.n).toBe(3);
  });
});

describe('production secrets', () => {
  it('names each missing or unusable secret', () => {
    expect(productionSecretProblems({})).toEqual([
      expect.stringContaining('XSRF_SECRET is not set'),
      expect.stringContaining('TWO_FACTOR_KEY is not set'),
    ]);
    expect(
      productionSecretProblems({ XSRF_SECRET: 'short', TWO_FACTOR_KEY: DEV_TWO_FACTOR_KEY.toString('hex') }),
    ).toEqual([
      expect.stringContaining('XSRF_SECRET must be 64 hexadecimal digits'),
      expect.stringContaining('development key'),
    ]);
    expect(productionSecretProblems({ XSRF_SECRET: KEY, TWO_FACTOR_KEY: KEY })).toEqual([]);
  });

  it('stops the real server before it opens the database, with a message naming them', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'prodstart-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', XSRF_SECRET: KEY },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('Refusing to start with NODE_ENV=production');
      expect(run.stderr).toContain('TWO_FACTOR_KEY is not set');
      expect(run.stderr).not.toContain('XSRF_SECRET');
      expect(run.stdout).not.toContain('running at');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
