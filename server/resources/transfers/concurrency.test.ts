import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferRequest, TransferResult } from '../../../contract/api/transfers';
import { queryRows } from '../../db/query';
import { createTestApi, type TestApi } from '../../test/harness';
import { balancesOf, codeFor, expectLedgerBalanced, transferClient } from '../../test/transfers';

let api: TestApi;
let client: ReturnType<typeof transferClient>;

beforeAll(async () => {
  api = await createTestApi();
  client = transferClient(api);
  for (const user of ['agent', 'merchant-location']) await client.as(user);
});
afterAll(() => api.close());

interface Attempt {
  user: string;
  flow: string;
  body: Partial<TransferRequest>;
}

/** Each success's effect on every account it touched, from its receipt. */
function effects(flow: string, r: TransferResult): [string, number][] {
  const moves: [string, number][] = [
    [r.source.number, -(r.amount + r.fee)],
    [r.destination.number, r.amount],
  ];
  const agent = flow === 'agent-cash-in' ? r.source.number : flow === 'cash-out' ? r.destination.number : null;
  if (agent) moves.push([agent, r.commission]);
  const fromFee = Math.min(r.fee, r.commission);
  moves.push(['SYS-FEES', r.fee - fromFee], ['SYS-COMMISSIONS', fromFee - r.commission]);
  return moves;
}

describe('two hundred postings at once over the same few accounts', () => {
  it('never overdraws, keeps every balance equal to its postings, and answers every request', async () => {
    const customers = await queryRows<{ number: string; phone: string }>(
      api.handle.db,
      sql`SELECT number, phone FROM accounts WHERE kind = 'customer' AND status = 'active' AND kyc_status = 'approved'
          ORDER BY id LIMIT 8`,
    );
    expect(customers).toHaveLength(8);
    // Codes are made before the rush, as customers would; nine each, fewer than a customer may hold.
    const codes = new Map<string, string[]>();
    for (const c of customers) {
      const list: string[] = [];
      for (let i = 0; i < 9; i++) list.push(await codeFor(api, c.number));
      codes.set(c.number, list);
    }
    const attempts: Attempt[] = [];
    for (let i = 0; i < 200; i++) {
      const c = customers[i % customers.length] as { number: string; phone: string };
      switch (i % 3) {
        case 0:
          attempts.push({ user: 'agent', flow: 'agent-cash-in', body: { counterparty: c.phone, amount: 35_000 } });
          break;
        case 1: {
          const withdrawalCode = codes.get(c.number)?.pop();
          if (withdrawalCode) {
            attempts.push({
              user: 'agent',
              flow: 'cash-out',
              body: { counterparty: c.number, amount: 45_000, withdrawalCode },
            });
            break;
          }
          attempts.push({ user: 'agent', flow: 'agent-cash-in', body: { counterparty: c.number, amount: 20_000 } });
          break;
        }
        default:
          attempts.push({
            user: 'merchant-location',
            flow: 'location-credit',
            body: { counterparty: c.phone, amount: 60_000 },
          });
      }
    }
    const touched = ['AGT-00001', 'CHN-L1', 'SYS-FEES', 'SYS-COMMISSIONS', ...customers.map((c) => c.number)];
    const before = await balancesOf(api.handle.db, touched);
    const [{ n: postingsBefore } = { n: '0' }] = await queryRows<{ n: string }>(
      api.handle.db,
      sql`SELECT count(*) AS n FROM transactions WHERE flow_id IS NOT NULL`,
    );

    const answers = await Promise.all(attempts.map((a) => client.submit(a.user, a.flow, a.body, randomUUID())));

    const succeeded = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 422);
    expect(succeeded.length + refused.length).toBe(200);
    // More was asked than the balances allow: some of it must have been refused.
    expect(refused.length).toBeGreaterThan(0);
    expect(succeeded.length).toBeGreaterThan(0);
    const reasons = new Set(refused.map((a) => (a.body as unknown as { errors: { code: string }[] }).errors[0]?.code));
    for (const reason of reasons) expect(['INSUFFICIENT_FUNDS', 'DAILY_LIMIT_EXCEEDED']).toContain(reason);

    const [{ n: postingsAfter } = { n: '0' }] = await queryRows<{ n: string }>(
      api.handle.db,
      sql`SELECT count(*) AS n FROM transactions WHERE flow_id IS NOT NULL`,
    );
    expect(Number(postingsAfter) - Number(postingsBefore)).toBe(succeeded.length);

    const expected = { ...before };
    answers.forEach((a, i) => {
      if (a.status !== 201) return;
      for (const [number, delta] of effects(attempts[i]?.flow ?? '', a.body.payload)) {
        expected[number] = (expected[number] ?? 0) + delta;
      }
    });
    expect(await balancesOf(api.handle.db, touched)).toEqual(expected);
    await expectLedgerBalanced(api.handle.db);
  }, 180_000);
});
