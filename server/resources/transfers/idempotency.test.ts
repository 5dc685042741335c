import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { balanceOf, codeFor, expectLedgerBalanced, findCustomer, transferClient } from '../../test/transfers';

let api: TestApi;
let client: ReturnType<typeof transferClient>;
let wallet: { number: string; phone: string; balance: number };

beforeAll(async () => {
  api = await createTestApi();
  client = transferClient(api);
  wallet = await findCustomer(api.handle.db, { minBalance: 50_000 });
  await client.as('agent');
  await client.as('admin');
});
afterAll(() => api.close());

async function transactionsOf(flow: string) {
  const [row] = await queryRows<{ n: string }>(
    api.handle.db,
    sql`SELECT count(*) AS n FROM transactions WHERE flow_id = ${flow}`,
  );
  return Number(row?.n);
}

describe('the Idempotency-Key', () => {
  it('posts once when the same key arrives ten times at once, and answers each with the same result', async () => {
    const key = randomUUID();
    const body = { counterparty: wallet.phone, amount: 3_000 };
    const before = await balanceOf(api.handle.db, wallet.number);
    const count = await transactionsOf('agent-cash-in');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.submit('agent', 'agent-cash-in', body, key)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const [first] = answers;
    for (const a of answers) expect(a.body).toEqual(first?.body);
    expect(await transactionsOf('agent-cash-in')).toBe(count + 1);
    expect(await balanceOf(api.handle.db, wallet.number)).toBe(before + 3_000);
    // And again later: still the first result.
    const later = await client.submit('agent', 'agent-cash-in', body, key);
    expect(later.status).toBe(200);
    expect(later.body).toEqual(first?.body);
    await expectLedgerBalanced(api.handle.db);
  });

  it('refuses the same key with a different body', async () => {
    const key = randomUUID();
    expect(
      (await client.submit('agent', 'agent-cash-in', { counterparty: wallet.phone, amount: 1_000 }, key)).status,
    ).toBe(201);
    expectFailure(
      await client.submit('agent', 'agent-cash-in', { counterparty: wallet.phone, amount: 1_001 }, key),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expectFailure(
      await client.submit(
        'agent',
        'cash-out',
        { counterparty: wallet.phone, amount: 1_000, withdrawalCode: '123456' },
        key,
      ),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it('stores nothing for a refusal, so the corrected request can go with the same key', async () => {
    const key = randomUUID();
    const code = await codeFor(api, wallet.number);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { counterparty: wallet.number, amount: 2_000 };
    expectFailure(
      await client.submit('agent', 'cash-out', { ...body, withdrawalCode: wrong }, key),
      422,
      'WITHDRAWAL_CODE_INVALID',
    );
    const retried = await client.submit('agent', 'cash-out', { ...body, withdrawalCode: code }, key);
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
  });

  it('belongs to its user: another user’s equal key is another transfer', async () => {
    const key = randomUUID();
    const body = { counterparty: wallet.phone, amount: 1_000 };
    expect((await client.submit('agent', 'agent-cash-in', body, key)).status).toBe(201);
    expect((await client.submit('221771234567', 'agent-cash-in', body, key)).status).toBe(201);
  });

  it('makes one approval request however often a pending transfer is repeated', async () => {
    const key = randomUUID();
    const body = { counterparty: wallet.phone, amount: 5_000, source: 'BIS' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.submit('admin', 'admin-cash-in', body, key)),
    );
    const ids = new Set(answers.map((a) => a.body.payload.approvalId));
    expect(ids.size).toBe(1);
    const [row] = await queryRows<{ n: string }>(
      api.handle.db,
      sql`SELECT count(*) AS n FROM approval_requests WHERE transaction_id =
          (SELECT id FROM transactions WHERE reference = ${answers[0]?.body.payload.reference})`,
    );
    expect(Number(row?.n)).toBe(1);
  });
});
