import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkRow } from '../../../contract/bulk';
import type { BulkBatchView, BulkCheckResult, BulkSubmitResult } from '../../../contract/api/bulk';
import { queryRows } from '../../db/query';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';

let api: TestApi;
const tokens: Record<string, string> = {};
let phones: string[] = [];
let payroll: { number: string; balance: number };

beforeAll(async () => {
  api = await createTestApi();
  for (const user of ['admin', 'network-supervisor', 'agent', 'report-admin'])
    tokens[user] = (await api.login(user)).token;
  const customers = await queryRows<{ phone: string }>(
    api.handle.db,
    sql`SELECT phone FROM accounts WHERE kind = 'customer' AND status = 'active' AND kyc_status = 'approved'
        AND phone IS NOT NULL ORDER BY id LIMIT 40`,
  );
  phones = customers.map((c) => c.phone);
  const [partner] = await queryRows<{ number: string; balance: string }>(
    api.handle.db,
    sql`SELECT number, balance FROM accounts WHERE number LIKE 'PRT-PAYROLL%' ORDER BY id LIMIT 1`,
  );
  if (!partner) throw new Error('The demo has no payroll partner.');
  payroll = { number: partner.number, balance: Number(partner.balance) };
});
afterAll(() => api.close());

const call = <T>(user: string, method: string, path: string, json?: unknown) =>
  api.call<{ payload: T }>(method, path.startsWith('/') ? `/rest${path}` : `/rest/bulk/${path}`, {
    token: tokens[user],
    json,
  });

const paymentRows = (count: number, amount = 5_000): BulkRow[] =>
  Array.from({ length: count }, (_, i) => ({
    rowNo: i + 2,
    values: { phone: phones[i % phones.length] as string, amount: String(amount), reference: `PAY-${i}`, name: '' },
  }));

async function ledgerSum() {
  const [row] = await queryRows<{ total: string; drift: string }>(
    api.handle.db,
    sql`SELECT (SELECT coalesce(sum(amount), 0) FROM postings) AS total,
               (SELECT count(*) FROM accounts a WHERE a.balance <>
                 (SELECT coalesce(sum(p.amount), 0) FROM postings p WHERE p.account_id = a.id)
                 AND EXISTS (SELECT 1 FROM postings p WHERE p.account_id = a.id)) AS drift`,
  );
  return { total: Number(row?.total), drift: Number(row?.drift) };
}

describe('bulk payment', () => {
  it('reports each row’s errors: format, duplicates, unknown wallets and amounts outside the fee bands', async () => {
    const rows: BulkRow[] = [
      { rowNo: 2, values: { phone: phones[0] as string, amount: '5000', reference: 'A' } },
      { rowNo: 3, values: { phone: '79 123 45 67', amount: '5000', reference: 'B' } },
      { rowNo: 4, values: { phone: phones[1] as string, amount: '-3', reference: 'C' } },
      { rowNo: 5, values: { phone: phones[0] as string, amount: '5 000', reference: 'A' } },
      { rowNo: 6, values: { phone: '+221 70 000 00 01', amount: '5000', reference: 'D' } },
    ];
    const res = await call<BulkCheckResult>('admin', 'POST', 'payment/check', {
      fileName: 'paie.csv',
      source: payroll.number,
      rows,
    });
    expect(res.status).toBe(200);
    const codes = res.body.payload.errors.map((e) => [e.rowNo, e.code]);
    expect(codes).toEqual([
      [3, 'PHONE_INVALID'],
      [4, 'AMOUNT_INVALID'],
      [5, 'DUPLICATE_ROW'],
      [6, 'WALLET_NOT_FOUND'],
    ]);
    expect(res.body.payload.errors.find((e) => e.rowNo === 5)?.params).toEqual({ row: 2 });
    // Every row counts; only the one without errors is paid, and the totals say so.
    expect(res.body.payload.totals).toMatchObject({ rows: 5, payable: 1, amount: 5_000 });
    expect(res.body.payload.totals.fees).toBeGreaterThanOrEqual(0);
  });

  it('finds each wallet by its phone in every usual local format, and knows the same phone twice', async () => {
    const [holder] = await queryRows<{ phone: string; label: string }>(
      api.handle.db,
      sql`SELECT phone, label FROM accounts WHERE phone = ${phones[7]}`,
    );
    if (!holder) throw new Error('The demo wallet is missing.');
    const nine = holder.phone.replace(/\D/g, '').slice(-9);
    const spaced = `${nine.slice(0, 2)} ${nine.slice(2, 5)} ${nine.slice(5, 7)} ${nine.slice(7)}`;
    const local = [spaced, nine, spaced.replace(/ /g, '.'), `00221 ${spaced}`];
    const rows: BulkRow[] = local.map((phone, i) => ({
      rowNo: i + 2,
      values: { phone, amount: '3000', reference: `L${i}`, name: holder.label },
    }));
    rows.push({ rowNo: 6, values: { phone: holder.phone, amount: '3000', reference: 'L0', name: holder.label } });
    const res = await call<BulkCheckResult>('admin', 'POST', 'payment/check', {
      fileName: 'locaux.csv',
      source: payroll.number,
      rows,
    });
    expect(res.status).toBe(200);
    // The holder's name matches on every local-format row: each found the holder's own wallet.
    expect(res.body.payload.warnings).toEqual([]);
    expect(res.body.payload.errors).toEqual([{ rowNo: 6, field: null, code: 'DUPLICATE_ROW', params: { row: 2 } }]);
    expect(res.body.payload.totals).toMatchObject({ rows: 5, payable: 4, amount: 12_000 });
  });

  it('warns, without blocking, of a name that is not the wallet holder’s, and shows it to the approver', async () => {
    const holders = await queryRows<{ phone: string; label: string }>(
      api.handle.db,
      sql`SELECT phone, label FROM accounts WHERE phone IN (${phones[5]}, ${phones[6]}) ORDER BY phone`,
    );
    const [same, other] = holders;
    if (!same || !other) throw new Error('The demo wallets are missing.');
    // The holder's own name, written surname first and in capitals, is the same name.
    const reordered = same.label.split(' ').reverse().join(' ').toUpperCase();
    const rows: BulkRow[] = [
      { rowNo: 2, values: { phone: same.phone, amount: '4000', reference: 'N1', name: reordered } },
      { rowNo: 3, values: { phone: other.phone, amount: '4000', reference: 'N2', name: 'Quelqu’un Dautre' } },
    ];
    const body = { fileName: 'noms.csv', source: payroll.number, rows };
    const checked = await call<BulkCheckResult>('admin', 'POST', 'payment/check', body);
    expect(checked.body.payload.errors).toEqual([]);
    expect(checked.body.payload.warnings).toEqual([
      { rowNo: 3, code: 'NAME_MISMATCH', name: 'Quelqu’un Dautre', holder: other.label },
    ]);
    expect(checked.body.payload.totals).toMatchObject({ rows: 2, payable: 2, amount: 8_000 });

    const submitted = await call<BulkSubmitResult>('admin', 'POST', 'payment/batches', body);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    const { batch } = submitted.body.payload;
    const seen = await call<BulkBatchView>('network-supervisor', 'GET', `/bulk-batches/${batch.id}`);
    expect(seen.body.payload.canDecide).toBe(true);
    expect(seen.body.payload.warnings).toEqual([
      { rowNo: 3, code: 'NAME_MISMATCH', name: 'Quelqu’un Dautre', holder: other.label },
    ]);
    await call('network-supervisor', 'POST', `/bulk-batches/${batch.id}/decision`, {
      decision: 'reject',
      reason: 'Noms à vérifier',
    });
  });

  it('refuses to store a file with errors, and a payer that cannot cover it', async () => {
    const bad = await call('admin', 'POST', 'payment/batches', {
      fileName: 'bad.csv',
      source: payroll.number,
      rows: [{ rowNo: 2, values: { phone: 'nope', amount: '1' } }],
    });
    expectFailure(bad, 422, 'BULK_ROWS_INVALID');
    const huge = await call<BulkCheckResult>('admin', 'POST', 'payment/check', {
      fileName: 'huge.csv',
      source: payroll.number,
      rows: paymentRows(phones.length, 9_000_000),
    });
    expect(huge.body.payload.batchError).toEqual({ code: 'SOURCE_FUNDS', available: payroll.balance });
    const missing = await call<BulkCheckResult>('admin', 'POST', 'payment/check', {
      fileName: 'x.csv',
      rows: paymentRows(1),
    });
    expect(missing.body.payload.batchError).toEqual({ code: 'SOURCE_REQUIRED' });
  });

  it('waits for a second person, pays every row exactly once, and a resend is the same batch', async () => {
    const before = await ledgerSum();
    const body = { fileName: 'paie-novembre.csv', source: payroll.number, rows: paymentRows(250) };
    const first = await call<BulkSubmitResult>('admin', 'POST', 'payment/batches', body);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const batch = first.body.payload.batch;
    expect(batch).toMatchObject({ status: 'awaiting_approval', rowsTotal: 250, totalAmount: 250 * 5_000, mine: true });
    const again = await call<BulkSubmitResult>('admin', 'POST', 'payment/batches', body);
    expect(again.status).toBe(200);
    expect(again.body.payload).toMatchObject({ created: false, batch: { id: batch.id } });

    // Nothing is paid before the decision, and the maker cannot decide.
    expect(await api.bulk.idle()).toBeUndefined();
    expect((await call<BulkBatchView>('admin', 'GET', `/bulk-batches/${batch.id}`)).body.payload.rowsDone).toBe(0);
    expectFailure(
      await call('admin', 'POST', `/bulk-batches/${batch.id}/decision`, { decision: 'approve' }),
      403,
      'MAKER_CANNOT_APPROVE',
    );
    expectFailure(
      await call('agent', 'POST', `/bulk-batches/${batch.id}/decision`, { decision: 'approve' }),
      404,
      'BATCH_NOT_FOUND',
    );
    const listed = await call<{ batches: BulkBatchView[] }>('network-supervisor', 'GET', 'payment/batches');
    expect(listed.body.payload.batches.find((b) => b.id === batch.id)?.canDecide).toBe(true);

    const approved = await call<BulkBatchView>('network-supervisor', 'POST', `/bulk-batches/${batch.id}/decision`, {
      decision: 'approve',
    });
    expect(approved.status).toBe(200);
    expectFailure(
      await call('network-supervisor', 'POST', `/bulk-batches/${batch.id}/decision`, { decision: 'approve' }),
      409,
      'BATCH_ALREADY_DECIDED',
    );
    await api.bulk.idle();
    const done = (await call<BulkBatchView>('admin', 'GET', `/bulk-batches/${batch.id}`)).body.payload;
    expect(done).toMatchObject({ status: 'done', rowsDone: 250, rowsFailed: 0, checker: expect.any(String) });

    const [paid] = await queryRows<{ n: string; total: string }>(
      api.handle.db,
      sql`SELECT count(*) AS n, sum(t.amount) AS total FROM bulk_rows r JOIN transactions t ON t.id = r.transaction_id
          WHERE r.batch_id = ${batch.id} AND t.status = 'success' AND t.type = 'payroll'`,
    );
    expect(Number(paid?.n)).toBe(250);
    expect(Number(paid?.total)).toBe(250 * 5_000);
    const after = await ledgerSum();
    expect(after).toEqual({ total: before.total, drift: 0 });
    expect(after.total).toBe(0);

    // The results file: one line per row with its transaction reference.
    const csv = await api.request(`/rest/bulk-batches/${batch.id}/results`, {
      headers: { 'x-session-token': tokens.admin as string },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(251);
    expect(lines[0]?.replace(/^\uFEFF/, '')).toBe('row,phone,amount,reference,name,status,transaction,error');
    expect(lines[1]).toMatch(/^2,.*,5000,PAY-0,,done,TR\d{14},$/);
  });

  it('resumes a batch a stop interrupted without paying any row twice', async () => {
    const body = { fileName: 'reprise.csv', source: payroll.number, rows: paymentRows(30, 7_000) };
    const { batch } = (await call<BulkSubmitResult>('admin', 'POST', 'payment/batches', body)).body.payload;
    // Half done by a server that then died: the first rows marked done, the batch still processing.
    await call('network-supervisor', 'POST', `/bulk-batches/${batch.id}/decision`, { decision: 'approve' });
    await api.bulk.idle();
    const paidOnce = await queryRows<{ n: string }>(
      api.handle.db,
      sql`SELECT count(*) AS n FROM transactions t JOIN bulk_rows r ON r.transaction_id = t.id WHERE r.batch_id = ${batch.id}`,
    );
    // Pretend the stop came after the chunk committed but before the batch was closed.
    await api.handle.db.execute(
      sql`UPDATE bulk_batches SET status = 'processing', finished_at = NULL WHERE id = ${batch.id}`,
    );
    await api.bulk.resume();
    await api.bulk.idle();
    const paidAfter = await queryRows<{ n: string }>(
      api.handle.db,
      sql`SELECT count(*) AS n FROM transactions t JOIN bulk_rows r ON r.transaction_id = t.id WHERE r.batch_id = ${batch.id}`,
    );
    expect(Number(paidAfter[0]?.n)).toBe(30);
    expect(paidAfter).toEqual(paidOnce);
    expect((await call<BulkBatchView>('admin', 'GET', `/bulk-batches/${batch.id}`)).body.payload.status).toBe('done');
  });

  it('a rejected batch pays nothing; groups without the operation are refused', async () => {
    const body = { fileName: 'rejet.csv', source: payroll.number, rows: paymentRows(3, 6_000) };
    const { batch } = (await call<BulkSubmitResult>('admin', 'POST', 'payment/batches', body)).body.payload;
    expectFailure(
      await call('network-supervisor', 'POST', `/bulk-batches/${batch.id}/decision`, {
        decision: 'reject',
        reason: '',
      }),
      400,
      'VALIDATION_FAILED',
    );
    const rejected = await call<BulkBatchView>('network-supervisor', 'POST', `/bulk-batches/${batch.id}/decision`, {
      decision: 'reject',
      reason: 'Mauvais mois',
    });
    expect(rejected.body.payload).toMatchObject({ status: 'rejected', reason: 'Mauvais mois', rowsDone: 0 });
    expectFailure(await call('report-admin', 'GET', 'payment/batches'), 403, 'FORBIDDEN');
    expectFailure(await call('agent', 'GET', 'change-bank/batches'), 403, 'FORBIDDEN');
  });

  it('an agent pays from its own till and earns the commission', async () => {
    const res = await call<BulkSubmitResult>('agent', 'POST', 'payment/batches', {
      fileName: 'agent.csv',
      rows: paymentRows(2, 2_000),
    });
    expect(res.status).toBe(202);
    expect(res.body.payload.batch.source).toMatch(/^AGT-/);
    await call('admin', 'POST', `/bulk-batches/${res.body.payload.batch.id}/decision`, { decision: 'approve' });
    await api.bulk.idle();
    const done = (await call<BulkBatchView>('agent', 'GET', `/bulk-batches/${res.body.payload.batch.id}`)).body.payload;
    expect(done).toMatchObject({ status: 'done', rowsDone: 2 });
  });
});

describe('bulk settings', () => {
  it('changes banks, sets fee overrides and removes them, with per-row errors first', async () => {
    const accounts = await queryRows<{ number: string; bank: string | null }>(
      api.handle.db,
      sql`SELECT a.number, b.code AS bank FROM accounts a LEFT JOIN banks b ON b.id = a.bank_id
          WHERE a.kind = 'merchant' ORDER BY a.id LIMIT 3`,
    );
    const banks = await queryRows<{ code: string }>(api.handle.db, sql`SELECT code FROM banks ORDER BY id`);
    const target = (current: string | null) => (banks.find((b) => b.code !== current) as { code: string }).code;
    const change = accounts.map((a, i) => ({ rowNo: i + 2, values: { account: a.number, bank: target(a.bank) } }));
    const check = await call<BulkCheckResult>('admin', 'POST', 'change-bank/check', {
      fileName: 'banques.csv',
      rows: [...change, { rowNo: 9, values: { account: 'MRC-99999', bank: 'NOPE' } }],
    });
    expect(check.body.payload.errors.map((e) => e.code)).toEqual(['ACCOUNT_NOT_FOUND']);
    const stored = await call<BulkSubmitResult>('admin', 'POST', 'change-bank/batches', {
      fileName: 'banques.csv',
      rows: change,
    });
    // Created and started, not held for approval; the answer reads the batch as it stands, and
    // the runner, woken at once, may already have claimed it.
    expect(stored.status).toBe(201);
    expect(['queued', 'processing']).toContain(stored.body.payload.batch.status);
    await api.bulk.idle();
    const after = await queryRows<{ number: string; bank: string }>(
      api.handle.db,
      sql`SELECT a.number, b.code AS bank FROM accounts a JOIN banks b ON b.id = a.bank_id
          WHERE a.number IN (${sql.join(
            accounts.map((a) => sql`${a.number}`),
            sql`, `,
          )}) ORDER BY a.id`,
    );
    expect(after.map((a) => a.bank)).toEqual(accounts.map((a) => target(a.bank)));

    const number = accounts[0]?.number as string;
    const overrides = await call<BulkSubmitResult>('admin', 'POST', 'fee-override/batches', {
      fileName: 'frais.csv',
      rows: [
        { rowNo: 2, values: { account: number, flow: 'agent-cash-in', fixedFee: '50', percentFee: '' } },
        { rowNo: 3, values: { account: number, flow: 'cash-out', fixedFee: '', percentFee: '0,5' } },
      ],
    });
    // What customers pay changes with a second administrator only (fee-approval.test.ts).
    expect(overrides.status).toBe(202);
    await call('network-supervisor', 'POST', `/bulk-batches/${overrides.body.payload.batch.id}/decision`, {
      decision: 'approve',
    });
    await api.bulk.idle();
    const set = await queryRows<{ flow_id: string; fixed_fee: string | null; percent_fee_bp: number | null }>(
      api.handle.db,
      sql`SELECT flow_id, fixed_fee, percent_fee_bp FROM fee_overrides o JOIN accounts a ON a.id = o.account_id
          WHERE a.number = ${number} ORDER BY flow_id`,
    );
    expect(set.map((r) => [r.flow_id, r.fixed_fee === null ? null : Number(r.fixed_fee), r.percent_fee_bp])).toEqual([
      ['agent-cash-in', 50, null],
      ['cash-out', null, 50],
    ]);
    const outOfRange = await call<BulkCheckResult>('admin', 'POST', 'fee-override/check', {
      fileName: 'frais.csv',
      rows: [{ rowNo: 2, values: { account: number, flow: 'cash-out', percentFee: '45' } }],
    });
    expect(outOfRange.body.payload.errors.map((e) => e.code)).toEqual(['FEE_OUT_OF_RANGE']);

    const removal = await call<BulkCheckResult>('admin', 'POST', 'fee-removal/check', {
      fileName: 'suppr.csv',
      rows: [
        { rowNo: 2, values: { account: number, flow: 'agent-cash-in' } },
        { rowNo: 3, values: { account: number, flow: 'uv-remote' } },
      ],
    });
    expect(removal.body.payload.errors.map((e) => [e.rowNo, e.code])).toEqual([[3, 'OVERRIDE_NOT_FOUND']]);
    const removed = await call<BulkSubmitResult>('admin', 'POST', 'fee-removal/batches', {
      fileName: 'suppr.csv',
      rows: [{ rowNo: 2, values: { account: number, flow: 'agent-cash-in' } }],
    });
    expect(removed.status).toBe(202);
    await call('network-supervisor', 'POST', `/bulk-batches/${removed.body.payload.batch.id}/decision`, {
      decision: 'approve',
    });
    await api.bulk.idle();
    const left = await queryRows<{ flow_id: string }>(
      api.handle.db,
      sql`SELECT flow_id FROM fee_overrides o JOIN accounts a ON a.id = o.account_id WHERE a.number = ${number}`,
    );
    expect(left.map((r) => r.flow_id)).toEqual(['cash-out']);
    const audit = await queryRows<{ action: string }>(
      api.handle.db,
      sql`SELECT action FROM audit_events WHERE action LIKE 'bulk.%' ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toContain('bulk.done');
  });
});
