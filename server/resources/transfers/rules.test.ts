import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query';
import { demoWithdrawalCodes } from '../../db/demo-withdrawal-codes';
import { TEST_SEED } from '../../test/constants';
import { expectFailure, MINUTE } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { balancesOf, codeFor, expectLedgerBalanced, findCustomer, transferClient } from '../../test/transfers';

let api: TestApi;
let client: ReturnType<typeof transferClient>;
let rich: { number: string; phone: string; balance: number };

beforeAll(async () => {
  api = await createTestApi();
  client = transferClient(api);
  rich = await findCustomer(api.handle.db, { minBalance: 200_000 });
});
afterAll(() => api.close());

async function customerIn(status: string, kyc = 'approved') {
  return findCustomer(api.handle.db, { status, kyc });
}

describe('who may start a flow', () => {
  it('refuses a group the flow does not list with 403', async () => {
    const body = { counterparty: rich.phone, amount: 1_000, source: 'BIS' };
    expectFailure(await client.submit('agent', 'admin-cash-in', body), 403, 'FORBIDDEN');
    expectFailure(await client.quote('merchant-head', 'cash-out', body), 403, 'FORBIDDEN');
    expectFailure(await client.submit('bank', 'agent-cash-in', body), 403, 'FORBIDDEN');
    expectFailure(await client.quote('report-admin', 'payroll-cash-in', body), 403, 'FORBIDDEN');
  });

  it('answers an unknown flow with 404', async () => {
    expectFailure(await client.quote('agent', 'teleport', { amount: 1_000 }), 404, 'NOT_FOUND');
  });

  it('keeps a bank teller to its own bank’s float', async () => {
    const res = await client.quote('bank', 'bank-cash-in', { counterparty: rich.phone, amount: 5_000, source: 'BBG' });
    expectFailure(res, 403, 'FORBIDDEN');
  });
});

describe('the request', () => {
  it('wants a Senegalese mobile number or an account number', async () => {
    for (const counterparty of ['+221 66 123 45 67', '+33 6 12 34 56 78', '77 123', 'hello world']) {
      const res = await client.quote('agent', 'agent-cash-in', { counterparty, amount: 1_000 });
      expect(expectFailure(res, 400, 'VALIDATION_FAILED').errors[0]?.longMessage).toContain('counterparty');
    }
  });

  it('finds a wallet by phone with or without spaces, or by account number', async () => {
    for (const counterparty of [rich.phone, rich.phone.replace(/\s/g, ''), rich.number, rich.number.toLowerCase()]) {
      const res = await client.quote('agent', 'agent-cash-in', { counterparty, amount: 1_000 });
      expect(res.status, counterparty).toBe(200);
      expect(res.body.payload.counterparty.number).toBe(rich.number);
    }
  });

  it('finds the same wallet by every usual local format, for a cash-in and a cash-out', async () => {
    const nine = rich.phone.replace(/\D/g, '').slice(-9);
    const spaced = `${nine.slice(0, 2)} ${nine.slice(2, 5)} ${nine.slice(5, 7)} ${nine.slice(7)}`;
    for (const counterparty of [spaced, nine, spaced.replace(/ /g, '.'), `00221 ${spaced}`, `+221${nine}`]) {
      for (const flow of ['agent-cash-in', 'cash-out']) {
        const res = await client.quote('agent', flow, { counterparty, amount: 1_000 });
        expect(res.status, `${flow} ${counterparty}`).toBe(200);
        expect(res.body.payload.counterparty.number).toBe(rich.number);
        expect(res.body.payload.counterparty.phone).toBe(rich.phone);
      }
    }
  });

  it('answers 404 for a beneficiary that does not exist', async () => {
    for (const counterparty of ['+221 77 000 00 00', 'CUS-999999', 'PRT-WOYOFAL']) {
      expectFailure(
        await client.quote('agent', 'agent-cash-in', { counterparty, amount: 1_000 }),
        404,
        'COUNTERPARTY_NOT_FOUND',
      );
    }
    // A chain member can only credit its direct children.
    expectFailure(
      await client.quote('merchant-head', 'head-credit', { counterparty: 'CHN-L1', amount: 1_000 }),
      404,
      'COUNTERPARTY_NOT_FOUND',
    );
    expectFailure(
      await client.quote('admin', 'admin-cash-in', { counterparty: rich.phone, amount: 1_000, source: 'XYZ' }),
      404,
      'SOURCE_NOT_FOUND',
    );
    expectFailure(
      await client.quote('admin', 'payroll-cash-in', {
        counterparty: rich.phone,
        amount: 1_000,
        source: 'PRT-WOYOFAL',
      }),
      404,
      'SOURCE_NOT_FOUND',
    );
  });

  it('names a missing field', async () => {
    expectFailure(await client.quote('agent', 'agent-cash-in', { amount: 1_000 }), 400, 'COUNTERPARTY_REQUIRED');
    expectFailure(
      await client.quote('admin', 'admin-cash-in', { counterparty: rich.phone, amount: 1_000 }),
      400,
      'SOURCE_REQUIRED',
    );
    expectFailure(
      await client.submit('agent', 'cash-out', { counterparty: rich.phone, amount: 1_000 }),
      400,
      'WITHDRAWAL_CODE_REQUIRED',
    );
  });

  it('wants a whole positive amount inside the flow’s range', async () => {
    for (const amount of [100.5, 0, -5_000]) {
      expectFailure(
        await client.quote('agent', 'agent-cash-in', { counterparty: rich.phone, amount }),
        400,
        'VALIDATION_FAILED',
      );
    }
    for (const amount of [50, 3_000_000, 60_000_000]) {
      expectFailure(
        await client.quote('agent', 'agent-cash-in', { counterparty: rich.phone, amount }),
        422,
        'AMOUNT_OUT_OF_RANGE',
      );
    }
  });

  it('refuses to move money from an account to itself', async () => {
    expectFailure(
      await client.quote('agent', 'agent-cash-in', { counterparty: 'AGT-00001', amount: 1_000 }),
      422,
      'SAME_ACCOUNT',
    );
  });

  it('answers a NUL in the address with a 400, not a failure', async () => {
    const res = await api.call('GET', '/rest/transfer-receipts/TR%00', { token: await client.as('agent') });
    expectFailure(res, 400, 'VALIDATION_FAILED');
  });

  it('needs a UUID Idempotency-Key to submit', async () => {
    const token = await client.as('agent');
    const body = { counterparty: rich.phone, amount: 1_000 };
    const missing = await api.call('POST', '/rest/transfers/agent-cash-in', { token, json: body });
    expect(expectFailure(missing, 400, 'VALIDATION_FAILED').errors[0]?.longMessage).toContain('Idempotency-Key');
    const malformed = await client.submit('agent', 'agent-cash-in', body, 'not-a-uuid');
    expectFailure(malformed, 400, 'VALIDATION_FAILED');
  });
});

describe('the accounts', () => {
  it('refuses a blocked, closed or inactive wallet', async () => {
    const cases = [
      ['blocked', 'ACCOUNT_BLOCKED'],
      ['closed', 'ACCOUNT_CLOSED'],
      ['inactive', 'ACCOUNT_INACTIVE'],
    ] as const;
    for (const [status, code] of cases) {
      const wallet = await customerIn(status);
      expectFailure(
        await client.submit('agent', 'agent-cash-in', { counterparty: wallet.number, amount: 1_000 }),
        422,
        code,
      );
    }
  });

  it('refuses a customer whose KYC is not approved', async () => {
    const wallet = await customerIn('active', 'pending');
    expectFailure(
      await client.submit('agent', 'agent-cash-in', { counterparty: wallet.number, amount: 1_000 }),
      422,
      'KYC_NOT_APPROVED',
    );
  });

  it('refuses more than the wallet holds, without telling its balance', async () => {
    const poor = await findCustomer(api.handle.db, { minBalance: 1_000, skip: [rich.number] });
    const res = await client.submit('agent', 'cash-out', {
      counterparty: poor.number,
      amount: Math.min(2_000_000, poor.balance + 1_000),
      withdrawalCode: await codeFor(api, poor.number),
    });
    const body = expectFailure(res, 422, 'INSUFFICIENT_FUNDS');
    expect(body.errors[0]?.longMessage).not.toContain(new Intl.NumberFormat('en-US').format(poor.balance));
  });

  it('never lets a partner account go below zero, even for a request a checker would approve', async () => {
    const [payroll] = await queryRows<{ balance: string }>(
      api.handle.db,
      sql`SELECT balance FROM accounts WHERE number = 'PRT-PAYROLL'`,
    );
    const res = await client.submit('admin', 'payroll-cash-in', {
      counterparty: rich.number,
      amount: Number(payroll?.balance) + 1,
      source: 'PRT-PAYROLL',
    });
    expectFailure(res, 422, 'INSUFFICIENT_FUNDS');
  });

  it('stops a customer at the daily limit, fees included', async () => {
    const limited = api.derive({ CUSTOMER_DAILY_LIMIT_XOF: '30000' });
    const limitedClient = transferClient(limited);
    const wallet = await findCustomer(api.handle.db, { minBalance: 60_000, skip: [rich.number] });
    const first = await limitedClient.submit('agent', 'cash-out', {
      counterparty: wallet.number,
      amount: 20_000,
      withdrawalCode: await codeFor(api, wallet.number),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await limitedClient.submit('agent', 'cash-out', {
      counterparty: wallet.number,
      amount: 10_000,
      withdrawalCode: await codeFor(api, wallet.number),
    });
    expectFailure(second, 422, 'DAILY_LIMIT_EXCEEDED');
    // The next day the limit starts again (a new day, a new session).
    limited.clock.advance(24 * 60 * MINUTE);
    const nextDay = await transferClient(limited).submit('agent', 'cash-out', {
      counterparty: wallet.number,
      amount: 10_000,
      withdrawalCode: await codeFor(limited, wallet.number),
    });
    expect(nextDay.status, JSON.stringify(nextDay.body)).toBe(201);
    await limited.close();
  });

  it('charges a negotiated fee instead of the schedule’s', async () => {
    const wallet = await findCustomer(api.handle.db, { minBalance: 50_000, skip: [rich.number] });
    await api.handle.db.execute(sql`
      INSERT INTO fee_overrides (account_id, flow_id, fixed_fee, percent_fee_bp)
      SELECT id, 'cash-out', 50, 10 FROM accounts WHERE number = ${wallet.number}`);
    const quote = await client.quote('agent', 'cash-out', { counterparty: wallet.number, amount: 40_000 });
    // 50 fixed + 0.1 % of 40,000; the agent still gets 40 % of it.
    expect(quote.body.payload).toMatchObject({ fee: 90, commission: 36, total: 40_090 });
    const standard = await client.quote('agent', 'cash-out', { counterparty: rich.number, amount: 40_000 });
    expect(standard.body.payload).toMatchObject({ fee: 400, commission: 160 });
  });
});

describe('withdrawal codes', () => {
  const cashOut = async (counterparty: string, withdrawalCode: string, amount = 1_000) =>
    client.submit('agent', 'cash-out', { counterparty, amount, withdrawalCode });

  it('takes a code once, and only for its own customer', async () => {
    const wallet = await findCustomer(api.handle.db, { minBalance: 20_000, skip: [rich.number] });
    const code = await codeFor(api, wallet.number);
    expectFailure(await cashOut(rich.number, code), 422, 'WITHDRAWAL_CODE_INVALID');
    expect((await cashOut(wallet.number, code)).status).toBe(201);
    expectFailure(await cashOut(wallet.number, code), 422, 'WITHDRAWAL_CODE_USED');
  });

  it('refuses an expired code', async () => {
    const code = await codeFor(api, rich.number, 5 * MINUTE);
    api.clock.advance(6 * MINUTE);
    expectFailure(await cashOut(rich.number, code), 422, 'WITHDRAWAL_CODE_EXPIRED');
  });

  it('locks the customer after five wrong codes, until a new code is made', async () => {
    const wallet = await findCustomer(api.handle.db, { minBalance: 20_000, skip: [rich.number] });
    const code = await codeFor(api, wallet.number);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const body = expectFailure(await cashOut(wallet.number, wrong), 422, 'WITHDRAWAL_CODE_INVALID');
      expect(body.errors[0]?.longMessage).toContain(i < 4 ? `${4 - i} ` : 'no tries are left');
    }
    expectFailure(await cashOut(wallet.number, code), 422, 'WITHDRAWAL_CODE_LOCKED');
    const fresh = await codeFor(api, wallet.number);
    expect((await cashOut(wallet.number, fresh)).status).toBe(201);
  });

  describe('checked before the review step', () => {
    const check = (counterparty: string, withdrawalCode: string, user = 'agent') =>
      client.checkCode(user, 'cash-out', { counterparty, withdrawalCode });
    const attemptsOf = async (number: string) => {
      const [row] = await queryRows<{ attempts: number }>(
        api.handle.db,
        sql`SELECT w.attempts FROM withdrawal_codes w JOIN accounts a ON a.id = w.account_id
            WHERE a.number = ${number} ORDER BY w.id DESC LIMIT 1`,
      );
      return Number(row?.attempts);
    };

    it('answers right for the live code and spends nothing: the cash-out still takes it', async () => {
      const wallet = await findCustomer(api.handle.db, { minBalance: 20_000, skip: [rich.number] });
      const code = await codeFor(api, wallet.number);
      const right = await check(wallet.number, code);
      expect(right.status, JSON.stringify(right.body)).toBe(200);
      expect(right.body.payload).toEqual({ valid: true });
      expect(await check(wallet.number, code)).toMatchObject({ body: { payload: { valid: true } } });
      expect(await attemptsOf(wallet.number)).toBe(0);
      expect((await cashOut(wallet.number, code)).status).toBe(201);
      // Spent by the cash-out: no longer right, and the answer says no more than that.
      expect((await check(wallet.number, code)).body.payload).toEqual({ valid: false });
    });

    it('answers wrong for another code, counting it toward the cash-out’s attempt limit', async () => {
      const wallet = await findCustomer(api.handle.db, { minBalance: 20_000, skip: [rich.number] });
      const code = await codeFor(api, wallet.number);
      const wrong = code === '000000' ? '111111' : '000000';
      const answer = await check(wallet.number, wrong);
      expect(answer.status).toBe(200);
      expect(answer.body.payload).toEqual({ valid: false });
      expect(await attemptsOf(wallet.number)).toBe(1);
      // Four more wrong tries at the counter lock it, the check's try counted with them.
      for (let i = 0; i < 3; i++) await cashOut(wallet.number, wrong);
      expect(await attemptsOf(wallet.number)).toBe(4);
      expect((await check(wallet.number, wrong)).body.payload).toEqual({ valid: false });
      // Locked: even the right code is not right any more, to the check and to the cash-out.
      expect((await check(wallet.number, code)).body.payload).toEqual({ valid: false });
      expectFailure(await cashOut(wallet.number, code), 422, 'WITHDRAWAL_CODE_LOCKED');
      expect(await attemptsOf(wallet.number)).toBe(5);
    });

    it('is only for the flows that take a code, and their groups', async () => {
      const wallet = await findCustomer(api.handle.db, { minBalance: 0, skip: [rich.number] });
      const otherFlow = await client.checkCode('agent', 'agent-cash-in', {
        counterparty: wallet.number,
        withdrawalCode: '123456',
      });
      expect(otherFlow.status).toBe(404);
      expect((await check(wallet.number, '12345')).status).toBe(400);
      expect((await check(wallet.number, '123456', 'merchant-head')).status).toBe(403);
    });
  });

  it('knows a customer with no code', async () => {
    const [wallet] = await queryRows<{ number: string }>(
      api.handle.db,
      sql`SELECT number FROM accounts a WHERE kind = 'customer' AND status = 'active' AND kyc_status = 'approved'
          AND NOT EXISTS (SELECT 1 FROM withdrawal_codes w WHERE w.account_id = a.id) AND balance > 5000 ORDER BY id LIMIT 1`,
    );
    expectFailure(await cashOut(wallet?.number ?? '', '123456'), 422, 'WITHDRAWAL_CODE_INVALID');
  });

  it('seeds a working code for each of the first demo customers', async () => {
    const codes = demoWithdrawalCodes(TEST_SEED);
    const [usable] = await queryRows<{ number: string }>(
      api.handle.db,
      sql`SELECT number FROM accounts WHERE number = ANY(${sql`ARRAY[${sql.join(
        codes.map((c) => sql`${c.account}`),
        sql`, `,
      )}]::text[]`}) AND status = 'active' AND kyc_status = 'approved' AND balance >= 2000 ORDER BY number LIMIT 1`,
    );
    const demo = codes.find((c) => c.account === usable?.number);
    expect(demo).toBeDefined();
    const [seeded] = await queryRows<{ n: string }>(
      api.handle.db,
      sql`SELECT count(*) AS n FROM withdrawal_codes w JOIN accounts a ON a.id = w.account_id
          WHERE a.number LIKE 'CUS-0000%' AND w.expires_at > ${api.clock.now().toISOString()}::timestamptz + interval '300 days'`,
    );
    expect(Number(seeded?.n)).toBeGreaterThanOrEqual(codes.length);
    expect((await cashOut(demo?.account ?? '', demo?.code ?? '')).status).toBe(201);
  });
});

describe('after every refusal', () => {
  it('nothing moved and the ledger still balances', async () => {
    const before = await balancesOf(api.handle.db, [rich.number]);
    expectFailure(
      await client.submit('agent', 'cash-out', { counterparty: rich.number, amount: 1_000, withdrawalCode: '999999' }),
      422,
      'WITHDRAWAL_CODE_INVALID',
    );
    expect(await balancesOf(api.handle.db, [rich.number])).toEqual(before);
    await expectLedgerBalanced(api.handle.db);
  });
});
