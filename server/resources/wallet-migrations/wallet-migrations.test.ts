import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MigrationHistoryPage, MigrationResult, MigrationWallet } from '../../../contract/api/wallet-migrations';
import { queryRows } from '../../db/query';
import { expectFailure, expectSessionExpired } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { findCustomer, transferClient } from '../../test/transfers';

let api: TestApi;
const tokens: Record<string, string> = {};
const USERS = ['admin', 'support', 'support-plus', 'network-supervisor', 'agent', 'kyc-admin', 'merchant'];

beforeAll(async () => {
  api = await createTestApi();
  for (const user of USERS) tokens[user] = (await api.login(user)).token;
});
afterAll(() => api.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(api.handle.db, query);

const lookup = (user: string, q: string) =>
  api.call<{ payload: MigrationWallet }>('GET', `/rest/wallet-migrations/wallet?${new URLSearchParams({ q })}`, {
    token: tokens[user],
  });

const ask = (user: string, body: Record<string, unknown>) =>
  api.call<{ payload: MigrationResult }>('POST', '/rest/wallet-migrations', { token: tokens[user], json: body });

const decide = (user: string, id: number, json: Record<string, unknown>) =>
  api.call<{ payload: MigrationResult }>('POST', `/rest/wallet-migrations/${id}/decision`, {
    token: tokens[user],
    json,
  });

/** A migration made in full: asked by `user`, approved by another permitted user (maker-checker). */
async function migrate(user: string, body: Record<string, unknown>) {
  const asked = await ask(user, body);
  if (asked.status !== 201) return asked;
  expect(asked.body.payload.migration.status).toBe('pending');
  return decide(user === 'admin' ? 'support-plus' : 'admin', asked.body.payload.migration.id, { decision: 'approve' });
}

const history = (user: string, number?: string) =>
  api.call<{ payload: MigrationHistoryPage }>('GET', `/rest/wallet-migrations${number ? `?number=${number}` : ''}`, {
    token: tokens[user],
  });

/** Each test takes customers no earlier test has changed. */
const used: string[] = [];
async function freshCustomer(options: { status?: string; kyc?: string } = {}) {
  const customer = await findCustomer(api.handle.db, { ...options, skip: used });
  used.push(customer.number);
  return customer;
}

/** A phone no demo account uses: the 70 prefix with a run-unique tail. */
let phoneSeq = 0;
async function freePhone(): Promise<string> {
  for (;;) {
    phoneSeq += 1;
    const tail = String(9_000_000 + phoneSeq).slice(-7);
    const phone = `+221 70 ${tail.slice(0, 3)} ${tail.slice(3, 5)} ${tail.slice(5, 7)}`;
    const [used] = await rows<{ n: string }>(sql`SELECT count(*) AS n FROM accounts WHERE phone = ${phone}`);
    if (Number(used?.n) === 0) return phone;
  }
}

async function auditFor(number: string) {
  return rows<{ action: string; user_id: number; details: Record<string, unknown>; channel: string }>(
    sql`SELECT action, user_id, details, channel FROM audit_events
        WHERE target_type = 'account' AND target_id = ${number} ORDER BY id`,
  );
}

/** An active, KYC-approved merchant that belongs to no network and has no login of its own. */
async function plainMerchant(skip: string[] = []): Promise<string> {
  const [row] = await rows<{ number: string }>(
    sql`SELECT a.number FROM accounts a
        WHERE a.kind = 'merchant' AND a.status = 'active' AND a.kyc_status = 'approved'
          AND a.network IS NULL AND a.parent_account_id IS NULL AND a.owner_user_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM accounts c WHERE c.parent_account_id = a.id)
          AND a.number <> ALL(${sql`ARRAY[${sql.join(
            ['-', ...skip].map((s) => sql`${s}`),
            sql`, `,
          )}]::text[]`})
        ORDER BY a.id LIMIT 1`,
  );
  if (!row) throw new Error('No plain demo merchant');
  return row.number;
}

describe('who may migrate', () => {
  it('answers 401 without a session and 403 to groups whose menu has no /migration', async () => {
    const customer = await freshCustomer();
    expectSessionExpired(await api.call('GET', `/rest/wallet-migrations/wallet?q=${customer.number}`));
    for (const user of ['agent', 'kyc-admin', 'merchant']) {
      expectFailure(await lookup(user, customer.number), 403, 'FORBIDDEN');
      expectFailure(await history(user), 403, 'FORBIDDEN');
      expectFailure(
        await migrate(user, {
          kind: 'phone',
          number: customer.number,
          newPhone: await freePhone(),
          reason: 'Lost SIM card',
        }),
        403,
        'FORBIDDEN',
      );
    }
    for (const user of ['admin', 'support', 'support-plus', 'network-supervisor']) {
      expect((await lookup(user, customer.number)).status, user).toBe(200);
    }
  });
});

describe('finding a wallet', () => {
  it('finds it by account number or by phone typed any usual way', async () => {
    const customer = await freshCustomer();
    const byNumber = await lookup('support', customer.number.toLowerCase());
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.payload).toMatchObject({
      number: customer.number,
      kind: 'customer',
      phone: customer.phone,
      status: 'active',
      kycStatus: 'approved',
      blockers: [],
      typeChangeTo: 'merchant',
    });
    const digits = customer.phone.replace(/\D/g, '').slice(3);
    const byPhone = await lookup('support', `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5)}`);
    expect(byPhone.body.payload.number).toBe(customer.number);
  });

  it('refuses a term that is neither, and answers 404 for an unknown wallet or a house account', async () => {
    expectFailure(await lookup('support', 'hello'), 400, 'VALIDATION_FAILED');
    expectFailure(await lookup('support', '+33 6 12 34 56 78'), 400, 'VALIDATION_FAILED');
    expectFailure(await lookup('support', 'CUS-999999'), 404, 'WALLET_NOT_FOUND');
    expectFailure(await lookup('support', 'SYS-FEES'), 404, 'WALLET_NOT_FOUND');
    expectFailure(await lookup('support', await freePhone()), 404, 'WALLET_NOT_FOUND');
  });

  it('says up front what stops a migration', async () => {
    const pending = await freshCustomer({ kyc: 'pending', status: 'inactive' }).catch(() =>
      freshCustomer({ kyc: 'pending' }),
    );
    const res = await lookup('support', pending.number);
    expect(res.body.payload.blockers.map((b) => b.code)).toContain('KYC_NOT_APPROVED');
    const [agent] = await rows<{ number: string }>(
      sql`SELECT number FROM accounts WHERE kind = 'agent' AND status = 'active' ORDER BY id LIMIT 1`,
    );
    const agentView = (await lookup('support', agent?.number as string)).body.payload;
    expect(agentView.typeChangeTo).toBeNull();
  });
});

describe('moving a wallet to a new phone', () => {
  it('changes the phone, keeps a history row and an audit record, and reports show the new phone', async () => {
    const customer = await freshCustomer();
    const newPhone = await freePhone();
    const typed = newPhone.replace('+221 ', '').replace(/ /g, '');
    const res = await migrate('support-plus', {
      kind: 'phone',
      number: customer.number,
      newPhone: typed,
      reason: 'Customer lost the SIM card',
    });
    expect(res.status).toBe(200);
    expect(res.body.payload.migration).toMatchObject({
      number: customer.number,
      kind: 'phone',
      fromValue: customer.phone,
      toValue: newPhone,
      reason: 'Customer lost the SIM card',
      by: expect.any(String),
    });
    expect(res.body.payload.wallet.phone).toBe(newPhone);

    const [stored] = await rows<{ phone: string }>(sql`SELECT phone FROM accounts WHERE number = ${customer.number}`);
    expect(stored?.phone).toBe(newPhone);
    const audit = await auditFor(customer.number);
    expect(audit.map((e) => e.action)).toEqual(['wallet.migrationRequested', 'wallet.migrate']);
    expect(audit[1]).toMatchObject({
      action: 'wallet.migrate',
      channel: 'dashboard',
      details: expect.objectContaining({ kind: 'phone', from: customer.phone, to: newPhone }),
    });

    const list = await history('support', customer.number);
    expect(list.body.payload.total).toBe(1);
    expect(list.body.payload.rows[0]?.toValue).toBe(newPhone);
    const all = await history('admin');
    expect(all.body.payload.rows.some((r) => r.number === customer.number)).toBe(true);

    // The old number finds nothing any more; the new one finds the wallet.
    expectFailure(await lookup('support', customer.phone), 404, 'WALLET_NOT_FOUND');
    expect((await lookup('support', newPhone)).body.payload.number).toBe(customer.number);
    const report = await api.call<{ payload: { rows: Record<string, unknown>[] } }>(
      'GET',
      `/rest/reports/wallet-balance?${new URLSearchParams({ q: customer.number, pageSize: '10' })}`,
      { token: tokens.admin },
    );
    expect(report.status).toBe(200);
    expect(report.body.payload.rows.find((r) => r.number === customer.number)?.phone).toBe(newPhone);
  });

  it('refuses a phone another account uses, the same phone, and a phone that is not Senegalese', async () => {
    const customer = await freshCustomer();
    const other = await freshCustomer();
    const base = { kind: 'phone', number: customer.number, reason: 'Customer changed operator' };
    expectFailure(await migrate('support', { ...base, newPhone: other.phone }), 409, 'DUPLICATE_PHONE');
    expectFailure(await migrate('support', { ...base, newPhone: customer.phone }), 400, 'NO_CHANGE');
    expectFailure(await migrate('support', { ...base, newPhone: '+221 33 800 00 00' }), 400, 'VALIDATION_FAILED');
    expectFailure(
      await migrate('support', { ...base, newPhone: await freePhone(), reason: 'no' }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await migrate('support', { ...base, number: 'CUS-999999', newPhone: await freePhone() }),
      404,
      'WALLET_NOT_FOUND',
    );
    const [n] = await rows<{ n: string }>(
      sql`SELECT count(*) AS n FROM wallet_migrations m JOIN accounts a ON a.id = m.account_id WHERE a.number = ${customer.number}`,
    );
    expect(Number(n?.n)).toBe(0);
    expect(await auditFor(customer.number)).toEqual([]);
  });

  it('refuses a wallet that is not active, not KYC-approved, or has a transfer waiting for a checker', async () => {
    const unverified = await freshCustomer({ kyc: 'pending', status: 'inactive' }).catch(() =>
      freshCustomer({ kyc: 'pending' }),
    );
    const body = (number: string, newPhone: string) => ({ kind: 'phone', number, newPhone, reason: 'Lost SIM card' });
    const res = await migrate('support', body(unverified.number, await freePhone()));
    expect(res.status).toBe(409);
    expect(['ACCOUNT_NOT_ACTIVE', 'KYC_NOT_APPROVED']).toContain(
      (res.body as unknown as { errors: { code: string }[] }).errors[0]?.code,
    );

    const blocked = await freshCustomer({ status: 'blocked' });
    expectFailure(await migrate('support', body(blocked.number, await freePhone())), 409, 'ACCOUNT_NOT_ACTIVE');

    const waiting = await freshCustomer();
    const client = transferClient(api);
    const submitted = await client.submit('admin', 'admin-cash-in', {
      counterparty: waiting.number,
      amount: 10_000,
      source: 'BBG',
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    expect((await lookup('support', waiting.number)).body.payload.blockers.map((b) => b.code)).toEqual([
      'PENDING_APPROVALS',
    ]);
    expectFailure(await migrate('support', body(waiting.number, await freePhone())), 409, 'PENDING_APPROVALS');
  });
});

describe('changing a wallet’s type', () => {
  it('makes a customer a merchant under its business name, and back to a customer under its holder’s name', async () => {
    const customer = await freshCustomer();
    const [before] = await rows<{ label: string; first_name: string; last_name: string }>(
      sql`SELECT a.label, p.first_name, p.last_name FROM accounts a JOIN account_profiles p ON p.account_id = a.id
          WHERE a.number = ${customer.number}`,
    );
    const missing = await migrate('admin', {
      kind: 'type',
      number: customer.number,
      newType: 'merchant',
      reason: 'Opens a grocery shop',
    });
    expectFailure(missing, 400, 'VALIDATION_FAILED');

    const res = await migrate('admin', {
      kind: 'type',
      number: customer.number,
      newType: 'merchant',
      businessName: '  Boutique   Keur Fatou ',
      businessCategory: 'grocery',
      reason: 'Opens a grocery shop',
    });
    expect(res.status).toBe(200);
    expect(res.body.payload.migration).toMatchObject({ kind: 'type', fromValue: 'customer', toValue: 'merchant' });
    expect(res.body.payload.wallet).toMatchObject({
      kind: 'merchant',
      name: 'Boutique Keur Fatou',
      businessName: 'Boutique Keur Fatou',
      businessCategory: 'grocery',
      typeChangeTo: 'customer',
      typeBlockers: [],
    });
    expectFailure(
      await migrate('admin', {
        kind: 'type',
        number: customer.number,
        newType: 'merchant',
        businessName: 'X shop',
        businessCategory: 'other',
        reason: 'Again please',
      }),
      400,
      'NO_CHANGE',
    );

    const back = await migrate('support', {
      kind: 'type',
      number: customer.number,
      newType: 'customer',
      reason: 'Closed the shop',
    });
    expect(back.status).toBe(200);
    expect(back.body.payload.wallet).toMatchObject({
      kind: 'customer',
      name: `${before?.first_name} ${before?.last_name}`,
      businessName: null,
    });
    const audit = (await auditFor(customer.number)).filter((e) => e.action === 'wallet.migrate');
    expect(audit.map((a) => (a.details as { to: string }).to)).toEqual(['merchant', 'customer']);
    expect(audit[0]?.details).toMatchObject({ previous: { label: before?.label } });
    expect((await history('support', customer.number)).body.payload.total).toBe(2);
  });

  it('keeps merchants with merchant-only state, agents and student wallets in their type', async () => {
    const [networked] = await rows<{ number: string }>(
      sql`SELECT number FROM accounts WHERE kind = 'merchant' AND network IS NOT NULL AND status = 'active'
            AND kyc_status = 'approved' ORDER BY id LIMIT 1`,
    );
    const toCustomer = (number: string) => ({ kind: 'type', number, newType: 'customer', reason: 'Closed the shop' });
    expectFailure(await migrate('support', toCustomer(networked?.number as string)), 409, 'MERCHANT_NETWORK');

    const [owned] = await rows<{ number: string }>(
      sql`SELECT a.number FROM accounts a JOIN users u ON u.id = a.owner_user_id
          WHERE a.kind = 'merchant' AND a.status = 'active' AND a.kyc_status = 'approved'
          ORDER BY a.id LIMIT 1`,
    );
    const ownedView = (await lookup('support', owned?.number as string)).body.payload;
    expect(ownedView.typeBlockers.map((b) => b.code)).toContain('MERCHANT_LOGIN');
    expect((await migrate('support', toCustomer(owned?.number as string))).status).toBe(409);

    const merchant = await plainMerchant();
    await api.handle.db.execute(
      sql`INSERT INTO merchant_qr_codes (code, account_id, payload, created_by)
          SELECT 'TESTQR-MIGRATION', a.id, 'payload', u.id FROM accounts a, users u
          WHERE a.number = ${merchant} AND u.username = 'admin'`,
    );
    expect((await lookup('support', merchant)).body.payload.typeBlockers.map((b) => b.code)).toEqual([
      'MERCHANT_QR_CODES',
    ]);
    expectFailure(await migrate('support', toCustomer(merchant)), 409, 'MERCHANT_QR_CODES');

    const [agent] = await rows<{ number: string }>(
      sql`SELECT number FROM accounts WHERE kind = 'agent' AND status = 'active' AND kyc_status = 'approved' ORDER BY id LIMIT 1`,
    );
    expectFailure(
      await migrate('support', {
        kind: 'type',
        number: agent?.number,
        newType: 'merchant',
        businessName: 'Shop',
        businessCategory: 'other',
        reason: 'Wants to sell',
      }),
      409,
      'TYPE_NOT_MIGRATABLE',
    );

    const [student] = await rows<{ number: string }>(
      sql`SELECT a.number FROM students s JOIN accounts a ON a.id = s.account_id ORDER BY s.id LIMIT 1`,
    );
    await api.handle.db.execute(
      sql`UPDATE accounts SET status = 'active', kyc_status = 'approved' WHERE number = ${student?.number as string}`,
    );
    expectFailure(
      await migrate('support', {
        kind: 'type',
        number: student?.number,
        newType: 'merchant',
        businessName: 'Shop',
        businessCategory: 'other',
        reason: 'Wants to sell',
      }),
      409,
      'STUDENT_WALLET',
    );
  });
});

describe('maker-checker', () => {
  async function askPhone(user = 'support-plus') {
    const customer = await freshCustomer();
    const newPhone = await freePhone();
    const asked = await ask(user, { kind: 'phone', number: customer.number, newPhone, reason: 'Lost the SIM card' });
    expect(asked.status).toBe(201);
    return { customer, newPhone, id: asked.body.payload.migration.id, asked };
  }
  const phoneOf = async (number: string) =>
    (await rows<{ phone: string }>(sql`SELECT phone FROM accounts WHERE number = ${number}`))[0]?.phone;

  it('changes nothing until another permitted user approves', async () => {
    const { customer, newPhone, id, asked } = await askPhone();
    expect(asked.body.payload.migration).toMatchObject({ status: 'pending', decidedBy: null, toValue: newPhone });
    expect(asked.body.payload.wallet.phone).toBe(customer.phone);
    expect(await phoneOf(customer.number)).toBe(customer.phone);
    const pending = await api.call<{ payload: MigrationHistoryPage }>('GET', '/rest/wallet-migrations?status=pending', {
      token: tokens.admin,
    });
    expect(pending.body.payload.rows.length).toBeGreaterThan(0);
    expect(pending.body.payload.rows.every((r) => r.status === 'pending')).toBe(true);
    expect(pending.body.payload.rows.find((r) => r.id === id)?.canDecide).toBe(true);
    // The maker reads the same request as one they may not decide.
    const own = await api.call<{ payload: MigrationHistoryPage }>('GET', '/rest/wallet-migrations?status=pending', {
      token: tokens['support-plus'],
    });
    expect(own.body.payload.rows.find((r) => r.id === id)?.canDecide).toBe(false);

    // The maker cannot decide their own request.
    expectFailure(await decide('support-plus', id, { decision: 'approve' }), 403, 'SELF_APPROVAL');
    expect(await phoneOf(customer.number)).toBe(customer.phone);
    // Nor can a group without the migration page.
    expectFailure(await decide('agent', id, { decision: 'approve' }), 403, 'FORBIDDEN');

    const approved = await decide('support', id, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.payload.migration).toMatchObject({
      status: 'applied',
      decidedBy: expect.any(String),
      canDecide: false,
    });
    expect(approved.body.payload.wallet.phone).toBe(newPhone);
    expect(await phoneOf(customer.number)).toBe(newPhone);
    expectFailure(
      await decide('admin', id, { decision: 'reject', reason: 'Too late' }),
      409,
      'MIGRATION_ALREADY_DECIDED',
    );
  });

  it('keeps one request per wallet at a time, and a rejection (with its reason) changes nothing', async () => {
    const { customer, id } = await askPhone();
    expectFailure(
      await ask('admin', { kind: 'phone', number: customer.number, newPhone: await freePhone(), reason: 'Another' }),
      409,
      'MIGRATION_PENDING',
    );
    expectFailure(await decide('admin', id, { decision: 'reject' }), 400, 'VALIDATION_FAILED');
    const rejected = await decide('admin', id, { decision: 'reject', reason: 'Caller could not prove identity' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.payload.migration).toMatchObject({
      status: 'rejected',
      decisionReason: 'Caller could not prove identity',
    });
    expect(await phoneOf(customer.number)).toBe(customer.phone);
    const audit = await rows<{ action: string }>(
      sql`SELECT action FROM audit_events WHERE action LIKE 'wallet.migration%' AND details->>'migrationId' = ${String(id)} ORDER BY id`,
    );
    expect(audit.map((e) => e.action)).toEqual(['wallet.migrationRequested', 'wallet.migrationRejected']);
  });

  it('checks again on approval: a phone taken meanwhile is refused and nothing changes', async () => {
    const first = await askPhone();
    const other = await freshCustomer();
    const taking = await migrate('admin', {
      kind: 'phone',
      number: other.number,
      newPhone: first.newPhone,
      reason: 'Same number, other wallet',
    });
    expect(taking.status).toBe(200);
    expectFailure(await decide('admin', first.id, { decision: 'approve' }), 409, 'DUPLICATE_PHONE');
    expect(await phoneOf(first.customer.number)).toBe(first.customer.phone);
  });

  it('answers 404 for an unknown request', async () => {
    expectFailure(await decide('admin', 999_999, { decision: 'approve' }), 404, 'MIGRATION_NOT_FOUND');
  });
});
