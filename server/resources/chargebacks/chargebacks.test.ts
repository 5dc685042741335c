import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChargebackLookup, ChargebackPage, ChargebackView } from '../../../contract/api/chargebacks';
import { queryRows } from '../../db/query';
import { expectFailure, expectSessionExpired } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { expectLedgerBalanced, reportRow } from '../../test/transfers';

let api: TestApi;
const tokens: Record<string, string> = {};
const USERS = ['admin', 'network-supervisor', 'support-plus', 'support', 'agent', 'kyc-admin'];
beforeAll(async () => {
  api = await createTestApi();
  for (const user of USERS) tokens[user] = (await api.login(user)).token;
});
afterAll(() => api.close());

const rows = <T>(query: SQL) => queryRows<T>(api.handle.db, query);

const lookup = (user: string, reference: string) =>
  api.call<{ payload: ChargebackLookup }>('GET', `/rest/chargeback-transactions/${encodeURIComponent(reference)}`, {
    token: tokens[user],
  });
const ask = (user: string, reference: string, reason = 'Customer paid the wrong merchant') =>
  api.call<{ payload: ChargebackView }>('POST', '/rest/chargebacks', {
    token: tokens[user],
    json: { reference, reason },
  });
const decide = (user: string, id: number, decision: string, reason = 'Checked with the customer by phone') =>
  api.call<{ payload: ChargebackView }>('POST', `/rest/chargebacks/${id}/decision`, {
    token: tokens[user],
    json: { decision, reason },
  });
const list = (user: string, query = '') =>
  api.call<{ payload: ChargebackPage }>('GET', `/rest/chargebacks${query}`, { token: tokens[user] });

/** References already used by a test, so each test works on its own transaction. */
const taken: string[] = [];
async function reference(where: SQL): Promise<string> {
  const [row] = await rows<{ reference: string }>(
    sql`SELECT t.reference FROM transactions t
        LEFT JOIN accounts fa ON fa.id = t.from_account_id
        LEFT JOIN accounts ta ON ta.id = t.to_account_id
        WHERE ${where}
          AND t.reference <> ALL(${sql`ARRAY[${sql.join(
            ['-', ...taken].map((s) => sql`${s}`),
            sql`, `,
          )}]::text[]`})
        ORDER BY t.id LIMIT 1`,
  );
  if (!row) throw new Error('No demo transaction matches the test’s condition');
  taken.push(row.reference);
  return row.reference;
}

/** A successful transaction between open wallets whose receiver can give the money back. */
const reversible = (extra: SQL = sql`TRUE`) =>
  sql`t.status = 'success' AND t.type NOT IN ('opening', 'chargeback')
      AND fa.status = 'active' AND ta.status = 'active' AND ta.balance >= t.amount * 2 AND ${extra}`;

async function postingsOf(ref: string) {
  return rows<{ number: string; amount: string }>(
    sql`SELECT a.number, p.amount FROM postings p JOIN transactions t ON t.id = p.transaction_id
        JOIN accounts a ON a.id = p.account_id WHERE t.reference = ${ref} ORDER BY p.id`,
  );
}

async function balances(numbers: string[]) {
  const list = await rows<{ number: string; balance: string }>(
    sql`SELECT number, balance FROM accounts WHERE number IN (${sql.join(
      numbers.map((n) => sql`${n}`),
      sql`, `,
    )})`,
  );
  return Object.fromEntries(list.map((r) => [r.number, Number(r.balance)]));
}

describe('who handles chargebacks', () => {
  it('answers 401 without a session and 403 to groups whose menu has no /chargeback-voucher', async () => {
    const ref = await reference(reversible());
    expectSessionExpired(await api.call('GET', '/rest/chargebacks'));
    for (const user of ['support', 'agent', 'kyc-admin']) {
      expectFailure(await lookup(user, ref), 403, 'FORBIDDEN');
      expectFailure(await list(user), 403, 'FORBIDDEN');
      expectFailure(await ask(user, ref), 403, 'FORBIDDEN');
      expectFailure(await decide(user, 1, 'approve'), 403, 'FORBIDDEN');
    }
    for (const user of ['support-plus', 'admin', 'network-supervisor']) {
      expect((await lookup(user, ref)).status, user).toBe(200);
    }
  });
});

describe('looking a transaction up and asking', () => {
  it('shows the transaction, its parties and postings, and whether it can be charged back', async () => {
    const ref = await reference(reversible(sql`t.fee > 0`));
    const res = await lookup('support-plus', ref.toLowerCase());
    expect(res.status).toBe(200);
    const { transaction, refusal, existing } = res.body.payload;
    expect(transaction).toMatchObject({ reference: ref, status: 'success', amount: expect.any(Number) });
    expect(transaction.from?.number).toMatch(/^[A-Z]{2,5}-/);
    expect(transaction.to?.number).toMatch(/^[A-Z]{2,5}-/);
    expect(transaction.postings.reduce((s, p) => s + p.amount, 0)).toBe(0);
    expect(transaction.postings.length).toBeGreaterThanOrEqual(3);
    expect(refusal).toBeNull();
    expect(existing).toBeNull();

    expectFailure(await lookup('support-plus', 'TR99010100000000'), 404, 'TRANSACTION_NOT_FOUND');
    expectFailure(await lookup('support-plus', 'not a reference'), 400, 'VALIDATION_FAILED');
  });

  it('creates a pending chargeback once, audited, and refuses what cannot be reversed', async () => {
    const ref = await reference(reversible());
    const created = await ask('support-plus', ref);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.payload).toMatchObject({
      status: 'pending',
      reason: 'Customer paid the wrong merchant',
      checker: null,
      reversalReference: null,
      canDecide: false,
      original: { reference: ref },
    });
    expectFailure(await ask('admin', ref), 409, 'CHARGEBACK_EXISTS');
    expect((await lookup('admin', ref)).body.payload).toMatchObject({
      existing: { id: created.body.payload.id, status: 'pending' },
      refusal: { code: 'CHARGEBACK_EXISTS' },
    });
    const [audit] = await rows<{ action: string; details: Record<string, unknown> }>(
      sql`SELECT action, details FROM audit_events WHERE action = 'chargeback.request' AND target_id = ${ref}`,
    );
    expect(audit?.details).toMatchObject({ chargebackId: created.body.payload.id });

    expectFailure(
      await ask('support-plus', await reference(sql`t.status = 'failed'`)),
      409,
      'TRANSACTION_NOT_SUCCESSFUL',
    );
    expectFailure(
      await ask('support-plus', await reference(sql`t.status = 'pending'`)),
      409,
      'TRANSACTION_NOT_SUCCESSFUL',
    );
    expectFailure(await ask('support-plus', await reference(sql`t.type = 'opening'`)), 409, 'NOT_REVERSIBLE');
    expectFailure(await ask('support-plus', 'TR99010100000000'), 404, 'TRANSACTION_NOT_FOUND');
    expectFailure(await ask('support-plus', await reference(reversible()), 'no'), 400, 'VALIDATION_FAILED');
  });
});

describe('deciding', () => {
  it('lets neither the maker nor an outsider decide, needs a reason, and lets a rejected one be asked again', async () => {
    const ref = await reference(reversible());
    const id = (await ask('support-plus', ref)).body.payload.id;
    expectFailure(await decide('support-plus', id, 'approve'), 403, 'MAKER_CANNOT_DECIDE');
    expectFailure(await decide('admin', id, 'approve', ''), 400, 'VALIDATION_FAILED');
    expectFailure(await decide('admin', id, 'cancel'), 400, 'VALIDATION_FAILED');
    expectFailure(await decide('admin', 999_999, 'reject'), 404, 'CHARGEBACK_NOT_FOUND');

    const pending = await list('admin', `?status=pending&q=${ref}`);
    expect(pending.body.payload.rows.map((r) => [r.id, r.canDecide])).toEqual([[id, true]]);
    expect((await list('support-plus', `?q=${ref}`)).body.payload.rows[0]?.canDecide).toBe(false);

    const before = await postingsOf(ref);
    const rejected = await decide('network-supervisor', id, 'reject', 'The customer confirmed the payment');
    expect(rejected.status).toBe(200);
    expect(rejected.body.payload).toMatchObject({
      status: 'rejected',
      checker: expect.any(String),
      decisionReason: 'The customer confirmed the payment',
      reversalReference: null,
      canDecide: false,
    });
    expect(await postingsOf(ref)).toEqual(before);
    expectFailure(await decide('admin', id, 'approve'), 409, 'CHARGEBACK_ALREADY_DECIDED');
    expect((await list('admin', `?status=rejected&q=${ref}`)).body.payload.total).toBe(1);
    expect((await ask('support-plus', ref, 'Customer sent new evidence')).status).toBe(201);
  });

  it('posts the exact opposite of the original, fees and commissions included, and leaves the original untouched', async () => {
    const ref = await reference(reversible(sql`t.fee > 0 AND t.commission > 0`));
    const [original] = await rows<Record<string, unknown>>(sql`SELECT * FROM transactions WHERE reference = ${ref}`);
    const originalPostings = await postingsOf(ref);
    const numbers = [...new Set(originalPostings.map((p) => p.number))];
    const balancesBefore = await balances(numbers);
    const id = (await ask('support-plus', ref)).body.payload.id;

    const approved = await decide('admin', id, 'approve', 'Merchant confirmed the double charge');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const view = approved.body.payload;
    expect(view).toMatchObject({ status: 'approved', decisionReason: 'Merchant confirmed the double charge' });
    expect(view.reversalReference).toMatch(/^TR\d{14}$/);
    const reversalRef = view.reversalReference as string;

    const reversal = await postingsOf(reversalRef);
    expect(reversal.map((p) => [p.number, Number(p.amount)])).toEqual(
      originalPostings.map((p) => [p.number, -Number(p.amount)]),
    );
    const balancesAfter = await balances(numbers);
    for (const n of numbers)
      expect(balancesAfter[n], n).toBe(
        balancesBefore[n]! - originalPostings.filter((p) => p.number === n).reduce((s, p) => s + Number(p.amount), 0),
      );

    const [stored] = await rows<Record<string, unknown>>(
      sql`SELECT * FROM transactions WHERE reference = ${reversalRef}`,
    );
    expect(stored).toMatchObject({
      type: 'chargeback',
      service: 'chargeback',
      status: 'success',
      from_account_id: original?.to_account_id,
      to_account_id: original?.from_account_id,
      details: {
        originalReference: ref,
        chargebackId: String(id),
        reversedFee: String(original?.fee),
        reversedCommission: String(original?.commission),
      },
    });
    expect(await rows(sql`SELECT * FROM transactions WHERE reference = ${ref}`)).toEqual([original]);
    expect(await postingsOf(ref)).toEqual(originalPostings);
    const [audit] = await rows<{ balances: unknown[] }>(
      sql`SELECT a.balances FROM transfer_audit a JOIN transactions t ON t.id = a.transaction_id WHERE t.reference = ${reversalRef}`,
    );
    expect(audit?.balances).toHaveLength(numbers.length);
    await expectLedgerBalanced(api.handle.db);

    // The admin's transaction report lists the reversal (the totals cache was invalidated).
    expect(await reportRow(api, tokens.admin as string, reversalRef)).toMatchObject({ reference: reversalRef });

    expectFailure(await decide('network-supervisor', id, 'approve'), 409, 'CHARGEBACK_ALREADY_DECIDED');
    expectFailure(await ask('support-plus', ref), 409, 'CHARGEBACK_EXISTS');
    expectFailure(await ask('support-plus', reversalRef), 409, 'CHARGEBACK_OF_REVERSAL');
    expect(
      (await rows(sql`SELECT 1 FROM audit_events WHERE action = 'chargeback.approve' AND target_id = ${String(id)}`))
        .length,
    ).toBe(1);
  });

  it('posts once when two checkers approve at the same moment', async () => {
    const ref = await reference(reversible());
    const id = (await ask('support-plus', ref)).body.payload.id;
    const answers = await Promise.all([decide('admin', id, 'approve'), decide('network-supervisor', id, 'approve')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [n] = await rows<{ n: string }>(
      sql`SELECT count(*) AS n FROM transactions WHERE type = 'chargeback' AND details->>'originalReference' = ${ref}`,
    );
    expect(Number(n?.n)).toBe(1);
    await expectLedgerBalanced(api.handle.db);
  });

  it('refuses with 409 and keeps the chargeback pending when the receiver no longer holds the money', async () => {
    const ref = await reference(
      sql`t.status = 'success' AND t.type NOT IN ('opening', 'chargeback') AND ta.kind IN ('customer', 'merchant')
          AND ta.status = 'active' AND fa.status = 'active' AND ta.balance < t.amount`,
    );
    const id = (await ask('support-plus', ref)).body.payload.id;
    const [count] = await rows<{ n: string }>(sql`SELECT count(*) AS n FROM postings`);
    expectFailure(await decide('admin', id, 'approve'), 409, 'CHARGEBACK_INSUFFICIENT_FUNDS');
    expect((await list('admin', `?q=${ref}`)).body.payload.rows[0]).toMatchObject({
      status: 'pending',
      canDecide: true,
    });
    const [after] = await rows<{ n: string }>(sql`SELECT count(*) AS n FROM postings`);
    expect(after?.n).toBe(count?.n);
    await expectLedgerBalanced(api.handle.db);
  });

  it('refuses to move money to or from a closed account, when asked and when approved', async () => {
    const closed = await reference(
      sql`t.status = 'success' AND t.type NOT IN ('opening', 'chargeback') AND (fa.status = 'closed' OR ta.status = 'closed')`,
    );
    expect((await lookup('support-plus', closed)).body.payload.refusal?.code).toBe('ACCOUNT_CLOSED');
    expectFailure(await ask('support-plus', closed), 409, 'ACCOUNT_CLOSED');

    // Closed after it was asked: the approval refuses, and the chargeback stays pending.
    const ref = await reference(reversible(sql`ta.kind = 'merchant'`));
    const id = (await ask('support-plus', ref)).body.payload.id;
    await api.handle.db.execute(
      sql`UPDATE accounts SET status = 'closed' WHERE id = (SELECT to_account_id FROM transactions WHERE reference = ${ref})`,
    );
    expectFailure(await decide('admin', id, 'approve'), 409, 'ACCOUNT_CLOSED');
    expect((await list('admin', `?q=${ref}`)).body.payload.rows[0]?.status).toBe('pending');
  });

  it('lists with filters by status, day and text', async () => {
    const all = await list('admin', '?status=all&pageSize=100');
    expect(all.status).toBe(200);
    expect(all.body.payload.total).toBeGreaterThanOrEqual(5);
    const statuses = new Set(all.body.payload.rows.map((r) => r.status));
    expect(statuses).toEqual(new Set(['pending', 'approved', 'rejected']));
    const approved = await list('admin', '?status=approved');
    expect(approved.body.payload.rows.length).toBeGreaterThan(0);
    expect(approved.body.payload.rows.every((r) => r.status === 'approved' && r.reversalReference)).toBe(true);
    expect((await list('admin', '?from=2026-11-22&to=2026-11-22')).body.payload.total).toBe(all.body.payload.total);
    expect((await list('admin', '?from=2026-11-23')).body.payload.total).toBe(0);
    expectFailure(await list('admin', '?from=2026-11-23&to=2026-11-22'), 400, 'VALIDATION_FAILED');
    expectFailure(await list('admin', '?status=lost'), 400, 'VALIDATION_FAILED');
    expect((await list('admin', '?q=double%20charge')).body.payload.rows.map((r) => r.status)).toEqual(['approved']);
  });
});
