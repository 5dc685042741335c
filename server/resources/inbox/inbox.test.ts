import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxItem, InboxPage } from '../../../contract/api/inbox';
import type { InboxKind } from '../../../contract/inbox';
import { queryRows } from '../../db/query';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { chargeableReference, inboxFixtures } from './test-fixtures';
import { findCustomer, transferClient } from '../../test/transfers';

let api: TestApi;
let client: ReturnType<typeof transferClient>;
const USERS = ['admin', 'network-supervisor', 'support-plus', 'bank', 'bank-checker', 'bank-bridge-checker'];
const tokens: Record<string, string> = {};
let wallet: { number: string; phone: string };
let payroll: string;
let phones: string[];

beforeAll(async () => {
  api = await createTestApi();
  client = transferClient(api);
  for (const user of USERS) tokens[user] = (await api.login(user)).token;
  ({ wallet, payroll, phones } = await inboxFixtures(api.handle.db, 3));
});
afterAll(() => api.close());

const call = <T>(user: string, method: string, path: string, json?: unknown) =>
  api.call<{ payload: T }>(method, `/rest/${path}`, { token: tokens[user], json });
const inbox = async (user: string, query = '') => {
  const res = await call<InboxPage>(user, 'GET', `inbox${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload;
};
const waiting = async (user: string) =>
  (await call<{ count: number; version: string }>(user, 'GET', 'inbox/count')).body.payload;
const count = async (user: string) => (await waiting(user)).count;
const decide = (user: string, kind: InboxKind, id: string, decision: 'approve' | 'reject', reason?: string) =>
  call<unknown>(user, 'POST', `inbox/${kind}/${id}/decision`, { decision, ...(reason ? { reason } : {}) });
const find = (page: InboxPage, kind: InboxKind, id: string) => page.rows.find((r) => r.kind === kind && r.id === id);

async function transfer(user: string, flow: string, body: Record<string, unknown>): Promise<string> {
  const res = await client.submit(user, flow, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String((res.body.payload as { approvalId: number }).approvalId);
}

async function batch(user: string, fileName: string): Promise<string> {
  const rows = phones.map((phone, i) => ({
    rowNo: i + 2,
    values: { phone, amount: '1000', reference: `${fileName}-${i}`, name: '' },
  }));
  const res = await call<{ batch: { id: string } }>(user, 'POST', 'bulk/payment/batches', {
    fileName,
    source: payroll,
    rows,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.payload.batch.id;
}

let chargebackSkip = 0;
async function chargeback(user: string): Promise<string> {
  const res = await call<{ id: number }>(user, 'POST', 'chargebacks', {
    reference: await chargeableReference(api.handle.db, chargebackSkip++),
    reason: 'Customer paid the wrong merchant',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.payload.id);
}

let phoneSeq = 0;
const changed: string[] = [];
async function walletChange(user: string): Promise<string> {
  const customer = await findCustomer(api.handle.db, { skip: [wallet.number, ...changed] });
  changed.push(customer.number);
  phoneSeq += 1;
  const newPhone = `+221 70 8${String(phoneSeq).padStart(2, '0')} 11 22`;
  const res = await call<{ migration: { id: number } }>(user, 'POST', 'wallet-migrations', {
    kind: 'phone',
    number: customer.number,
    newPhone,
    reason: 'Lost the SIM card',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.payload.migration.id);
}

describe('the approvals inbox', () => {
  it('lists every kind that waits, the maker’s own as waiting for someone else', async () => {
    const t = await transfer('admin', 'admin-cash-in', { counterparty: wallet.phone, amount: 11_111, source: 'BBG' });
    const b = await batch('admin', 'salaires.csv');
    const c = await chargeback('support-plus');
    const w = await walletChange('support-plus');

    const maker = await inbox('admin');
    expect(find(maker, 'transfer', t)).toMatchObject({
      mine: true,
      canDecide: false,
      decider: 'admin',
      maker: 'Awa Ndiaye',
      amount: 11_111,
      expiresAt: expect.any(String),
    });
    // The payer by its name, as people know it, not its account number.
    const [payer] = await queryRows<{ label: string }>(
      api.handle.db,
      sql`SELECT label FROM accounts WHERE number = ${payroll}`,
    );
    expect(find(maker, 'bulk', b)).toMatchObject({
      mine: true,
      canDecide: false,
      subject: 'salaires.csv',
      party: payer?.label,
      amount: 3_000,
    });
    expect(find(maker, 'chargeback', c)).toMatchObject({ mine: false, canDecide: true, maker: 'Khady Diallo' });
    expect(find(maker, 'wallet', w)).toMatchObject({ mine: false, canDecide: true, amount: null });

    const checker = await inbox('network-supervisor');
    for (const [kind, id] of [
      ['transfer', t],
      ['bulk', b],
      ['chargeback', c],
      ['wallet', w],
    ] as const) {
      expect(find(checker, kind, id)?.canDecide, kind).toBe(true);
    }
    // What the caller may decide comes first.
    const firstOwn = maker.rows.findIndex((r) => !r.canDecide);
    expect(maker.rows.slice(firstOwn).every((r) => !r.canDecide)).toBe(true);

    const bulkOnly = await inbox('network-supervisor', '?kind=bulk');
    expect(bulkOnly.rows.length).toBeGreaterThan(0);
    expect(bulkOnly.rows.every((r) => r.kind === 'bulk')).toBe(true);
    expect(bulkOnly.waiting.bulk).toBeGreaterThan(0);
    expectFailure(await call('admin', 'GET', 'inbox?kind=everything'), 400, 'VALIDATION_FAILED');
  });

  it('decides each kind from the inbox with that kind’s own rules', async () => {
    const t = await transfer('admin', 'admin-cash-in', { counterparty: wallet.phone, amount: 2_222, source: 'BBG' });
    const b = await batch('admin', 'primes.csv');
    const c = await chargeback('support-plus');
    const w = await walletChange('support-plus');

    // The maker never decides its own.
    expectFailure(await decide('admin', 'transfer', t, 'approve'), 403, 'MAKER_CANNOT_APPROVE');
    expectFailure(await decide('admin', 'bulk', b, 'approve'), 403, 'MAKER_CANNOT_APPROVE');
    expectFailure(
      await decide('support-plus', 'chargeback', c, 'approve', 'Checked with the bank'),
      403,
      'MAKER_CANNOT_DECIDE',
    );
    expectFailure(await decide('support-plus', 'wallet', w, 'approve'), 403, 'SELF_APPROVAL');
    // A rejection says why; a chargeback's approval too, as on its own page.
    expectFailure(await decide('network-supervisor', 'bulk', b, 'reject'), 400, 'VALIDATION_FAILED');
    expectFailure(await decide('network-supervisor', 'chargeback', c, 'approve'), 400, 'VALIDATION_FAILED');

    expect((await decide('network-supervisor', 'transfer', t, 'approve')).status).toBe(200);
    expect((await decide('network-supervisor', 'bulk', b, 'reject', 'Wrong month')).status).toBe(200);
    expect((await decide('admin', 'chargeback', c, 'approve', 'Checked with the customer')).status).toBe(200);
    expect((await decide('admin', 'wallet', w, 'reject', 'The holder did not confirm')).status).toBe(200);

    const approved = await call<{ status: string }>('admin', 'GET', `approvals/${t}`);
    expect(approved.body.payload.status).toBe('approved');
    expect(
      (await call<{ status: string; reason: string }>('admin', 'GET', `bulk-batches/${b}`)).body.payload,
    ).toMatchObject({ status: 'rejected', reason: 'Wrong month' });
    expect(
      (
        await call<{ rows: { id: number; status: string }[] }>('admin', 'GET', 'chargebacks?status=all')
      ).body.payload.rows.find((r) => String(r.id) === c)?.status,
    ).toBe('approved');
    const after = await inbox('network-supervisor');
    for (const [kind, id] of [
      ['transfer', t],
      ['bulk', b],
      ['chargeback', c],
      ['wallet', w],
    ] as const) {
      expect(find(after, kind, id), kind).toBeUndefined();
    }
    expectFailure(await decide('network-supervisor', 'transfer', t, 'approve'), 409, 'APPROVAL_ALREADY_DECIDED');
    expectFailure(await decide('network-supervisor', 'bulk', b, 'approve'), 409, 'BATCH_ALREADY_DECIDED');
    expectFailure(await decide('network-supervisor', 'bulk', 'not-a-batch', 'approve'), 404, 'BATCH_NOT_FOUND');
  });

  it('counts what waits for the caller’s decision, never its own requests', async () => {
    const supervisor = await count('network-supervisor');
    const admin = await count('admin');
    const t = await transfer('admin', 'admin-cash-in', { counterparty: wallet.phone, amount: 3_333, source: 'BBG' });
    expect(await count('network-supervisor')).toBe(supervisor + 1);
    expect(await count('admin')).toBe(admin);
    const page = await inbox('network-supervisor');
    expect(page.rows.filter((r: InboxItem) => r.canDecide)).toHaveLength(supervisor + 1);
    expect((await decide('network-supervisor', 'transfer', t, 'reject', 'Duplicate deposit')).status).toBe(200);
    expect(await count('network-supervisor')).toBe(supervisor);
  });

  it('versions what the inbox lists: a request decided as another arrives changes it, the count stays', async () => {
    const first = await transfer('admin', 'admin-cash-in', {
      counterparty: wallet.phone,
      amount: 3_111,
      source: 'BBG',
    });
    const before = await waiting('network-supervisor');
    const maker = await waiting('admin');
    expect(await waiting('network-supervisor')).toEqual(before);
    const second = await transfer('admin', 'admin-cash-in', {
      counterparty: wallet.phone,
      amount: 3_222,
      source: 'BBG',
    });
    expect((await decide('network-supervisor', 'transfer', first, 'reject', 'Duplicate deposit')).status).toBe(200);
    const after = await waiting('network-supervisor');
    expect(after.count).toBe(before.count);
    expect(after.version).not.toBe(before.version);
    // The maker decides none of them, yet its list changed: its own requests came and went.
    const makerAfter = await waiting('admin');
    expect(makerAfter.count).toBe(maker.count);
    expect(makerAfter.version).not.toBe(maker.version);
    expect((await decide('network-supervisor', 'transfer', second, 'reject', 'Duplicate deposit')).status).toBe(200);
  });

  it('leaves a bank’s requests to that bank’s checkers, and says which bank', async () => {
    const own = await transfer('bank', 'bank-cash-in', { counterparty: wallet.phone, amount: 25_000 });
    const fromFloat = await transfer('admin', 'admin-cash-in', {
      counterparty: wallet.phone,
      amount: 4_444,
      source: 'BIS',
    });
    const checker = await inbox('bank-checker');
    expect(checker.bank).toBe('Banque Islamique du Sénégal');
    expect(find(checker, 'transfer', own)).toMatchObject({ canDecide: true, decider: 'bank-checker' });
    // An admin cash-in from the bank's float is an administrator's decision.
    expect(find(checker, 'transfer', fromFloat)).toBeUndefined();
    expect(checker.rows.every((r) => r.kind === 'transfer')).toBe(true);
    const bridge = await inbox('bank-bridge-checker');
    expect(find(bridge, 'transfer', own)).toBeUndefined();
    expectFailure(await decide('bank-bridge-checker', 'transfer', own, 'approve'), 404, 'APPROVAL_NOT_FOUND');
    expectFailure(
      await decide('bank-checker', 'chargeback', '1', 'approve', 'Checked with the bank'),
      403,
      'FORBIDDEN',
    );
    // The teller's menu has no inbox.
    expectFailure(await call('bank', 'GET', 'inbox'), 403, 'FORBIDDEN');
    expect((await decide('bank-checker', 'transfer', own, 'approve')).status).toBe(200);
    expect(find(await inbox('bank-checker'), 'transfer', own)).toBeUndefined();
    expect((await decide('network-supervisor', 'transfer', fromFloat, 'reject', 'Not needed')).status).toBe(200);
  });

  it('streams the count as a server-sent event', async () => {
    const res = await api.call<string>('GET', '/rest/inbox/stream', { token: tokens['network-supervisor'] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const expected = await waiting('network-supervisor');
    expect(res.body).toContain('event: count');
    expect(res.body).toContain(`data: ${JSON.stringify(expected)}`);
    expect((await api.call('GET', '/rest/inbox/stream', {})).status).toBe(401);
  });
});
