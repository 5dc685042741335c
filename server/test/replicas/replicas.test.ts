import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BulkBatchView } from '../../../contract/api/bulk';
import { HEADER } from '../../../contract/http';
import { type Replica, startReplicas } from '../../../scripts/cluster/replicas';
import { startRoundRobin } from '../../../scripts/cluster/round-robin';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { queryRows } from '../../db/query';
import { PAYER, submitApprovedBatch } from '../faults/approved-batch';
import { freePort, httpClient, serverEnv } from '../faults/real-server';
import { expectLedgerBalanced } from '../transfers';

/**
 * Three servers on one PostgreSQL behind a round-robin proxy, as `npm run cluster` runs them
 * (the API suite runs this file only with DATABASE_URL: PGlite cannot be shared). The server
 * paying a bulk batch is killed with SIGKILL midway: another takes the batch over when its lease
 * lapses and every row is paid exactly once; exports finish and download from every server; and
 * every server shows the same report totals, even after a change that adds no transaction.
 */

const ROWS = 5_000;
/** Deadlines of the polls below; none is a pause: each loop ends as soon as its condition holds. */
const WORK_DEADLINE_MS = 600_000;
/** Below the totals cache's own 30 s expiry: an answer in time came from the change notification. */
const NOTIFY_DEADLINE_MS = 20_000;

let databaseUrl: string;
let admin: pg.Client;
let name: string;
let handle: DatabaseHandle;
let replicas: Replica[] = [];
let proxy: Awaited<ReturnType<typeof startRoundRobin>> | undefined;

beforeAll(async () => {
  const template = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (!template || !url) throw new Error('This test needs DATABASE_URL (the API suite leaves it out otherwise).');
  name = `wallet_test_replicas_${randomBytes(6).toString('hex')}`;
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  databaseUrl = dbUrl.toString();
  handle = await openDatabase({ databaseUrl });
  const env = serverEnv({ DATABASE_URL: databaseUrl, STATIC_DIR: '/nonexistent-dashboard', TRUST_PROXY_HOPS: '1' });
  const first = await freePort();
  replicas = await startReplicas({ count: 3, firstPort: first, env });
  proxy = await startRoundRobin({ backends: replicas.map((r) => r.port), port: await freePort() });
}, 300_000);

afterAll(async () => {
  for (const replica of replicas)
    if (replica.child.exitCode === null && replica.child.signalCode === null) replica.child.kill('SIGKILL');
  await Promise.all(replicas.map((r) => r.exited));
  await proxy?.close();
  await handle?.close();
  await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
});

const alive = () => replicas.filter((r) => r.child.exitCode === null && r.child.signalCode === null);

async function until<T>(what: string, deadlineMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`No ${what} within ${deadlineMs} ms:\n${replicas.map((r) => r.output()).join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The replica whose process holds a job's lease (owners are `host:pid:kind:random`). */
async function holderOf(table: 'bulk_batches' | 'export_jobs', id: string): Promise<Replica | undefined> {
  const [row] = await queryRows<{ owner: string | null }>(
    handle.db,
    sql`SELECT lease_owner AS owner FROM ${sql.identifier(table)} WHERE id = ${id}`,
  );
  const pid = Number(row?.owner?.split(':')[1]);
  return replicas.find((r) => r.child.pid === pid);
}

type Totals = { total: number; totals: Record<string, number> };

describe('three replicas on one PostgreSQL', () => {
  it('survive the SIGKILL of the one paying a batch: each row paid once, exports and totals the same everywhere', async () => {
    const base = `http://127.0.0.1:${proxy?.port}`;
    const http = httpClient(base);
    const [before] = await queryRows<{ balance: string }>(
      handle.db,
      sql`SELECT balance FROM accounts WHERE number = ${PAYER}`,
    );
    const { maker, batch } = await submitApprovedBatch(http, {
      rows: ROWS,
      fileName: 'paie-replicas.csv',
      reference: 'REPLICA',
      amount: (i) => 1_000 + (i % 13) * 100,
    });

    // Two exports, asked through whichever replicas the proxy picks.
    const exportIds: string[] = [];
    for (const format of ['csv', 'xlsx'] as const) {
      const created = await http.json<{ id: string }>('POST', '/reports/transaction-report/exports', {
        token: maker,
        json: { format, filters: {} },
      });
      // Written at once (201) when the demo's rows are few enough, else queued (202): either way a job whose file every replica serves.
      expect([201, 202], JSON.stringify(created.body)).toContain(created.status);
      exportIds.push(created.body.payload.id);
    }

    // Midway through the batch, its holder dies without warning.
    const victim = await until('a half-paid batch and its holder', WORK_DEADLINE_MS, async () => {
      const res = await http.json<BulkBatchView>('GET', `/bulk-batches/${batch.id}`, { token: maker });
      if (res.body.payload.rowsDone === 0) return undefined;
      return holderOf('bulk_batches', batch.id);
    });
    victim.child.kill('SIGKILL');
    await victim.exited;
    const [left] = await queryRows<{ done: string }>(
      handle.db,
      sql`SELECT count(*) AS done FROM bulk_rows WHERE batch_id = ${batch.id} AND status = 'done'`,
    );
    expect(Number(left?.done)).toBeLessThan(ROWS);

    // Another replica takes the batch over once the lease lapses, and finishes it.
    const done = await until('the batch to finish', WORK_DEADLINE_MS, async () => {
      const res = await http.json<BulkBatchView>('GET', `/bulk-batches/${batch.id}`, { token: maker });
      const status = res.body.payload.status;
      return status === 'done' || status === 'failed' ? res.body.payload : undefined;
    });
    expect(done).toMatchObject({ status: 'done', rowsDone: ROWS, rowsFailed: 0 });

    // Every row paid exactly once: one transaction each, the payer charged the batch once.
    const [paid] = await queryRows<{ rows: string; posted: string; distinct: string }>(
      handle.db,
      sql`SELECT (SELECT count(*) FROM bulk_rows WHERE batch_id = ${batch.id} AND status = 'done'
                    AND transaction_id IS NOT NULL) AS rows,
                 (SELECT count(*) FROM transfer_audit WHERE request_id = ${`bulk:${batch.id}`}) AS posted,
                 (SELECT count(DISTINCT transaction_id) FROM bulk_rows WHERE batch_id = ${batch.id}) AS distinct`,
    );
    expect(paid).toEqual({ rows: String(ROWS), posted: String(ROWS), distinct: String(ROWS) });
    const [after] = await queryRows<{ balance: string }>(
      handle.db,
      sql`SELECT balance FROM accounts WHERE number = ${PAYER}`,
    );
    expect(Number(before?.balance) - Number(after?.balance)).toBe(batch.totalAmount + batch.totalFees);
    await expectLedgerBalanced(handle.db);

    // Both exports complete, and every surviving replica serves the same bytes.
    for (const id of exportIds) {
      const job = await until(`export ${id}`, WORK_DEADLINE_MS, async () => {
        const res = await http.json<{ status: string; rowsDone: number }>('GET', `/exports/${id}`, { token: maker });
        return res.body.payload.status === 'done' || res.body.payload.status === 'failed'
          ? res.body.payload
          : undefined;
      });
      expect(job.status).toBe('done');
      expect(job.rowsDone).toBeGreaterThan(0);
      const files = await Promise.all(
        alive().map(async (replica) => {
          const res = await fetch(`http://127.0.0.1:${replica.port}/rest/exports/${id}/download`, {
            headers: { [HEADER.sessionToken]: maker },
          });
          expect(res.status).toBe(200);
          return Buffer.from(await res.arrayBuffer());
        }),
      );
      expect(files.length).toBe(2);
      expect(files[0]?.length).toBeGreaterThan(0);
      expect(files[1]?.equals(files[0] as Buffer)).toBe(true);
    }

    // The same totals from every replica, and a change that adds no transaction (a status) seen by all.
    const totalsOf = async (replica: Replica) => {
      const res = await fetch(`http://127.0.0.1:${replica.port}/rest/reports/transaction-report?status=success`, {
        headers: { [HEADER.sessionToken]: maker },
      });
      return ((await res.json()) as { payload: Totals }).payload;
    };
    const seen = await Promise.all(alive().map(totalsOf));
    expect(seen[0]?.total).toBeGreaterThanOrEqual(ROWS);
    expect(seen[1]).toEqual(seen[0]);
    await handle.db.execute(
      sql`UPDATE transactions SET status = 'failed'
          WHERE id = (SELECT transaction_id FROM bulk_rows WHERE batch_id = ${batch.id} ORDER BY row_no LIMIT 1)`,
    );
    const expected = (seen[0]?.total ?? 0) - 1;
    const changed = await Promise.all(
      alive().map((replica) =>
        until('the status change on every replica', NOTIFY_DEADLINE_MS, async () => {
          const totals = await totalsOf(replica);
          return totals.total === expected ? totals : undefined;
        }),
      ),
    );
    expect(changed[1]).toEqual(changed[0]);
  }, 1_200_000);
});
