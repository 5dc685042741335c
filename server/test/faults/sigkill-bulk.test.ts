import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BulkBatchView } from '../../../contract/api/bulk';
import { type Replica, startReplica, untilHealthy } from '../../../scripts/cluster/replicas';
import { type DatabaseHandle, openDatabase, PGLITE_EXTENSIONS } from '../../db/database';
import { queryRows } from '../../db/query';
import { CHUNK_ROWS } from '../../resources/bulk/runner';
import { PAYER, submitApprovedBatch } from './approved-batch';
import { freePort, httpClient, serverEnv } from './real-server';
import { expectLedgerBalanced } from '../transfers';

/**
 * The real server, as `npm start` runs it, killed with SIGKILL while a bulk payment is half
 * paid, then started again on the same data: the batch finishes, every row is paid exactly once
 * and the ledger still balances. On PGlite (the default) the server keeps its data directory;
 * with DATABASE_URL the suite runs on PostgreSQL and the server gets a database of its own.
 */

const ROWS = 3_000;
/** Deadline of the polls below; none is a pause: each loop ends as soon as its condition holds. */
const BATCH_DEADLINE_MS = 300_000;

interface Target {
  /** The server's environment for its data. */
  env: Record<string, string>;
  /** Opens the data while no server runs on it. */
  open(): Promise<DatabaseHandle>;
  /**
   * The data as the killed server left it, opened without disturbing what the next server will
   * find: on PGlite a copy of the data directory (opening it runs crash recovery on the copy).
   */
  openAsLeft(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

const work = mkdtempSync(join(tmpdir(), 'wallet-sigkill-'));

async function prepareTarget(): Promise<Target> {
  const pgTemplate = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (pgTemplate && url) {
    const name = `wallet_test_sigkill_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: dbUrl.toString() },
      open: () => openDatabase({ databaseUrl: dbUrl.toString() }),
      openAsLeft: () => openDatabase({ databaseUrl: dbUrl.toString() }),
      dispose: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('The API test template was not built (server/test/global-setup.ts).');
  // The run's seeded template, unpacked into a data directory of the server's own.
  const dataDir = join(work, 'data');
  const seeded = new PGlite(dataDir, { loadDataDir: new Blob([readFileSync(file)]), extensions: PGLITE_EXTENSIONS });
  await seeded.waitReady;
  await seeded.close();
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    openAsLeft: () => {
      const copy = join(work, `as-left-${randomBytes(4).toString('hex')}`);
      cpSync(dataDir, copy, { recursive: true });
      return openDatabase({ dataDir: copy });
    },
    dispose: async () => undefined,
  };
}

/** The real server, as `npm start` runs it, on the target's data. */
const startServer = (target: Target, port: number): Replica =>
  startReplica({ port, env: serverEnv({ ...target.env, STATIC_DIR: join(work, 'no-dashboard') }) });

/** Polls until `check` answers something, or fails with what the server printed. */
async function until<T>(
  server: Replica,
  what: string,
  deadlineMs: number,
  check: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`The server stopped while waiting for ${what}:\n${server.output()}`);
    }
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`No ${what} within ${deadlineMs} ms:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A quoted-field CSV line split (the results file quotes cells that need it). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

let target: Target;
let server: Replica | undefined;

beforeAll(async () => {
  target = await prepareTarget();
});
afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await target?.dispose();
  rmSync(work, { recursive: true, force: true });
});

async function payerBalance(): Promise<number> {
  const handle = await target.open();
  try {
    const [row] = await queryRows<{ balance: string }>(
      handle.db,
      sql`SELECT balance FROM accounts WHERE number = ${PAYER}`,
    );
    return Number(row?.balance);
  } finally {
    await handle.close();
  }
}

describe('a server killed with SIGKILL in the middle of a bulk payment', () => {
  it('finishes the batch after a restart, paying every row exactly once, and the ledger balances', async () => {
    const balanceBefore = await payerBalance();
    const port = await freePort();

    server = startServer(target, port);
    const first = server;
    await untilHealthy(first);
    const http = httpClient(`http://127.0.0.1:${port}`);
    const {
      maker: admin,
      batch,
      rows,
    } = await submitApprovedBatch(http, {
      rows: ROWS,
      fileName: 'paie-sigkill.csv',
      reference: 'SALAIRE',
      amount: (i) => 1_000 + (i % 17) * 50,
    });

    // The first chunks are paid, the rest not yet: kill the server there, without warning.
    const seen = await until(first, 'a half-paid batch', BATCH_DEADLINE_MS, async () => {
      const res = await http.json<BulkBatchView>('GET', `/bulk-batches/${batch.id}`, { token: admin });
      return res.body.payload.rowsDone > 0 ? res.body.payload : undefined;
    });
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // A batch seen only once finished proves nothing. Either it is too small (then ROWS must
    // grow) or the server answered no request while it ran (the runner must yield between chunks).
    expect(
      seen.status,
      `no poll saw the batch in progress (${seen.rowsDone} rows done): too small a batch, or a server deaf while it runs`,
    ).toBe('processing');
    expect(seen.rowsDone).toBeLessThan(ROWS);

    // As the kill left it: whole chunks only, each row marked done with its posting, nothing
    // the API had already shown lost, and the ledger balanced.
    const left = await target.openAsLeft();
    try {
      const [state] = await queryRows<{ marked: string; counted: string; posted: string; paid: string }>(
        left.db,
        sql`SELECT (SELECT count(*) FROM bulk_rows WHERE batch_id = ${batch.id} AND status = 'done') AS marked,
                   (SELECT rows_done FROM bulk_batches WHERE id = ${batch.id}) AS counted,
                   (SELECT count(*) FROM transfer_audit WHERE request_id = ${`bulk:${batch.id}`}) AS posted,
                   (SELECT coalesce(sum(t.amount + t.fee), 0) FROM bulk_rows r JOIN transactions t ON t.id = r.transaction_id
                     WHERE r.batch_id = ${batch.id}) AS paid`,
      );
      const marked = Number(state?.marked);
      expect(marked).toBeGreaterThanOrEqual(seen.rowsDone);
      expect(marked).toBeLessThan(ROWS);
      expect(marked % CHUNK_ROWS).toBe(0);
      expect(Number(state?.counted)).toBe(marked);
      expect(Number(state?.posted)).toBe(marked);
      const [payer] = await queryRows<{ balance: string }>(
        left.db,
        sql`SELECT balance FROM accounts WHERE number = ${PAYER}`,
      );
      expect(balanceBefore - Number(payer?.balance)).toBe(Number(state?.paid));
      await expectLedgerBalanced(left.db);
    } finally {
      await left.close();
    }

    // Started again on the same data, the server resumes the batch by itself.
    server = startServer(target, port);
    const second = server;
    await untilHealthy(second);
    const again = httpClient(`http://127.0.0.1:${port}`);
    const admin2 = await again.login('admin');
    const resumed = await again.json<BulkBatchView>('GET', `/bulk-batches/${batch.id}`, { token: admin2 });
    // What the API had shown as paid before the kill is still paid: no committed chunk was lost.
    expect(resumed.body.payload.rowsDone).toBeGreaterThanOrEqual(seen.rowsDone);
    const done = await until(second, 'the resumed batch to finish', BATCH_DEADLINE_MS, async () => {
      const res = await again.json<BulkBatchView>('GET', `/bulk-batches/${batch.id}`, { token: admin2 });
      return res.body.payload.status === 'done' || res.body.payload.status === 'failed' ? res.body.payload : undefined;
    });
    expect(done).toMatchObject({ status: 'done', rowsDone: ROWS, rowsFailed: 0, error: null });

    // The results file: one line per row, each done with a transaction of its own.
    const csv = await again.send('GET', `/bulk-batches/${batch.id}/results`, { token: admin2 });
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('row,phone,amount,reference,name,status,transaction,error');
    const results = lines.slice(1).map(csvCells);
    expect(results).toHaveLength(ROWS);
    expect(results.map((r) => Number(r[0]))).toEqual(rows.map((r) => r.rowNo));
    expect(results.filter((r) => r[5] !== 'done')).toEqual([]);
    const references = results.map((r) => r[6] as string);
    for (const reference of references) expect(reference).toMatch(/^TR\d{14}$/);
    expect(new Set(references).size).toBe(ROWS);

    // Stopped cleanly, the data is read directly.
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    const handle = await target.open();
    try {
      const db = handle.db;
      const [linked] = await queryRows<{ audited: string; transactions: string; amount: string; fees: string }>(
        db,
        sql`SELECT count(*) AS audited, count(DISTINCT t.id) AS transactions,
                   coalesce(sum(t.amount), 0) AS amount, coalesce(sum(t.fee), 0) AS fees
            FROM transfer_audit a JOIN transactions t ON t.id = a.transaction_id
            WHERE a.request_id = ${`bulk:${batch.id}`}`,
      );
      expect(Number(linked?.audited)).toBe(ROWS);
      expect(Number(linked?.transactions)).toBe(ROWS);
      expect(Number(linked?.amount)).toBe(batch.totalAmount);
      expect(Number(linked?.fees)).toBe(batch.totalFees);
      // Each row marked done names its own transaction, the one the results file showed.
      const marked = await queryRows<{ reference: string }>(
        db,
        sql`SELECT t.reference FROM bulk_rows r JOIN transactions t ON t.id = r.transaction_id
            WHERE r.batch_id = ${batch.id} AND r.status = 'done' ORDER BY r.row_no`,
      );
      expect(marked.map((m) => m.reference)).toEqual(references);
      // The payer paid the batch once: its amounts and fees, nothing more.
      const [payer] = await queryRows<{ balance: string }>(
        db,
        sql`SELECT balance FROM accounts WHERE number = ${PAYER}`,
      );
      expect(balanceBefore - Number(payer?.balance)).toBe(batch.totalAmount + batch.totalFees);
      await expectLedgerBalanced(db);
    } finally {
      await handle.close();
    }
  }, 900_000);
});
