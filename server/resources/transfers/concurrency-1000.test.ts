import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../../contract/http';
import type { TransferRequest, TransferResult } from '../../../contract/api/transfers';
import { queryRows } from '../../db/query';
import { createTestApi, type TestApi } from '../../test/harness';
import { balancesOf, codeFor, expectLedgerBalanced, transferClient } from '../../test/transfers';

/**
 * A thousand submissions at once, on whichever engine the suite runs (PGlite by default,
 * PostgreSQL with DATABASE_URL): eight flows by seven users over twenty customers, chains of
 * merchants paying each other in both directions, tills asked for more than they hold, and fifty
 * requests sent twice with the same Idempotency-Key.
 */

let api: TestApi;
let client: ReturnType<typeof transferClient>;

const USERS = ['agent', '221771234567', 'merchant-location', 'merchant-master', 'merchant-head', 'admin'];
const TOTAL = 1_000;
const REPEATS = 50;
const CODES_PER_CUSTOMER = 5;

beforeAll(async () => {
  api = await createTestApi();
  client = transferClient(api);
  for (const user of USERS) await client.as(user);
});
afterAll(() => api.close());

interface Attempt {
  user: string;
  flow: string;
  body: Partial<TransferRequest>;
  key: string;
}

/** Each success's effect on every account it touched, from its receipt alone. */
function effects(attempt: Attempt, r: TransferResult): [string, number][] {
  const moves: [string, number][] = [
    [r.source.number, -(r.amount + r.fee)],
    [r.destination.number, r.amount],
  ];
  // The agent's own till earns the commission: the payer of a cash-in, the payee of its cash-out.
  const agentFlow = attempt.user === 'agent' || attempt.user === '221771234567';
  if (agentFlow) moves.push([attempt.flow === 'cash-out' ? r.destination.number : r.source.number, r.commission]);
  const fromFee = Math.min(r.fee, r.commission);
  moves.push(['SYS-FEES', r.fee - fromFee], ['SYS-COMMISSIONS', fromFee - r.commission]);
  return moves;
}

const REFUSALS = ['INSUFFICIENT_FUNDS', 'DAILY_LIMIT_EXCEEDED'];

describe('a thousand postings at once', () => {
  it('posts each accepted request once, refuses what the balances cannot cover, and keeps the ledger at zero', async () => {
    const db = api.handle.db;
    const customers = await queryRows<{ number: string; phone: string }>(
      db,
      sql`SELECT number, phone FROM accounts WHERE kind = 'customer' AND status = 'active' AND kyc_status = 'approved'
          AND phone IS NOT NULL ORDER BY id LIMIT 20`,
    );
    expect(customers).toHaveLength(20);
    // Codes are made before the rush, as customers would.
    const codes = new Map<string, string[]>();
    for (const c of customers) {
      const list: string[] = [];
      for (let i = 0; i < CODES_PER_CUSTOMER; i++) list.push(await codeFor(api, c.number));
      codes.set(c.number, list);
    }

    const attempts: Attempt[] = [];
    const add = (user: string, flow: string, body: Partial<TransferRequest>) =>
      attempts.push({ user, flow, body, key: randomUUID() });
    for (let i = 0; attempts.length < TOTAL - REPEATS; i++) {
      const c = customers[i % customers.length] as { number: string; phone: string };
      switch (i % 10) {
        case 0:
        case 1:
          // 700,000 in the till for about 950,000 asked: the till runs dry, cash-outs refill it.
          add('agent', 'agent-cash-in', { counterparty: c.phone, amount: 5_000 });
          break;
        case 2:
          add('221771234567', 'agent-cash-in', { counterparty: c.number, amount: 8_000 });
          break;
        case 3: {
          const withdrawalCode = codes.get(c.number)?.pop();
          // Some of these customers hold less than 30,000 until a cash-in lands.
          if (withdrawalCode) add('agent', 'cash-out', { counterparty: c.number, amount: 30_000, withdrawalCode });
          else add('221771234567', 'agent-cash-in', { counterparty: c.phone, amount: 3_000 });
          break;
        }
        case 4:
        case 5:
          // 1.18 million for about 1.9 million asked.
          add('merchant-location', 'location-credit', { counterparty: c.phone, amount: 10_000 });
          break;
        case 6:
          // Sales flow up the chain while credits flow down it: opposite directions, same rows.
          add('merchant-location', 'uv-remote', { amount: 5_000 });
          break;
        case 7:
          add('merchant-master', i % 20 < 10 ? 'uv-remote' : 'master-credit', {
            amount: 10_000,
            ...(i % 20 < 10 ? {} : { counterparty: i % 40 < 20 ? 'CHN-L1' : 'CHN-L2' }),
          });
          break;
        case 8:
          add('merchant-head', 'head-credit', { counterparty: i % 20 < 10 ? 'CHN-M1' : 'CHN-M2', amount: 15_000 });
          break;
        default:
          if (i % 40 === 9) add('admin', 'admin-cash-in', { counterparty: c.phone, amount: 12_000, source: 'BBG' });
          else add('agent', 'agent-cash-in', { counterparty: c.phone, amount: 4_000 });
      }
    }
    // The same request twice at once, as a client retrying on a timeout would.
    const sent = [...attempts];
    for (let i = 0; i < REPEATS; i++) sent.push(attempts[(i * 19) % attempts.length] as Attempt);
    expect(sent).toHaveLength(TOTAL);

    const touched = [
      ...new Set(['AGT-00001', 'AGT-00002', 'CHN-HEAD', 'CHN-M1', 'CHN-M2', 'CHN-L1', 'CHN-L2', 'BNK-BBG']),
      'SYS-FEES',
      'SYS-COMMISSIONS',
      ...customers.map((c) => c.number),
    ];
    const before = await balancesOf(db, touched);
    const [{ last } = { last: '0' }] = await queryRows<{ last: string }>(
      db,
      sql`SELECT coalesce(max(id), 0) AS last FROM transactions`,
    );

    const answers = await Promise.all(sent.map((a) => client.submit(a.user, a.flow, a.body, a.key)));

    // Every request answered: a posting (201), a repeat of one (200) or a refusal (422).
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => ![200, 201, 422].includes(s))).toEqual([]);
    const reasons = new Set(
      answers.filter((a) => a.status === 422).map((a) => (a.body as unknown as ApiFailure).errors[0]?.code),
    );
    for (const reason of reasons) expect(REFUSALS).toContain(reason);
    expect(reasons.has('INSUFFICIENT_FUNDS')).toBe(true);

    // Per key: at most one 201, and every 200 repeats that very receipt.
    const byKey = new Map<string, { attempt: Attempt; answers: (typeof answers)[number][] }>();
    sent.forEach((attempt, i) => {
      const entry = byKey.get(attempt.key) ?? { attempt, answers: [] };
      entry.answers.push(answers[i] as (typeof answers)[number]);
      byKey.set(attempt.key, entry);
    });
    expect(byKey.size).toBe(TOTAL - REPEATS);
    const created: { attempt: Attempt; result: TransferResult }[] = [];
    for (const { attempt, answers: forKey } of byKey.values()) {
      const firsts = forKey.filter((a) => a.status === 201);
      expect(firsts.length, attempt.key).toBeLessThanOrEqual(1);
      const first = firsts[0];
      if (first) created.push({ attempt, result: first.body.payload });
      for (const repeat of forKey.filter((a) => a.status === 200)) {
        expect(first, `a 200 for ${attempt.key} without a 201`).toBeDefined();
        expect(repeat.body.payload).toEqual(first?.body.payload);
      }
    }
    const repeatedKeys = [...byKey.values()].filter((e) => e.answers.length > 1);
    expect(repeatedKeys).toHaveLength(REPEATS);
    expect(repeatedKeys.some((e) => e.answers.some((a) => a.status === 200))).toBe(true);

    const succeeded = created.filter((c) => c.result.status === 'success');
    const pending = created.filter((c) => c.result.status === 'pending');
    expect(succeeded.length).toBeGreaterThan(TOTAL / 2);
    expect(pending.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 422).length).toBeGreaterThan(0);

    // The ledger holds exactly the transactions the 201s announced: none lost, none doubled.
    const fresh = await queryRows<{ reference: string; status: string; postings: string; sum: string | null }>(
      db,
      sql`SELECT t.reference, t.status, count(p.id) AS postings, sum(p.amount) AS sum
          FROM transactions t LEFT JOIN postings p ON p.transaction_id = t.id
          WHERE t.id > ${Number(last)} GROUP BY t.id, t.reference, t.status`,
    );
    const announced = new Map(created.map((c) => [c.result.reference, c.result.status]));
    expect(announced.size).toBe(created.length);
    expect(new Map(fresh.map((t) => [t.reference, t.status]))).toEqual(announced);
    expect(fresh.filter((t) => t.status === 'success')).toHaveLength(succeeded.length);
    // Every posted transaction sums to zero; a pending one has moved nothing yet.
    for (const t of fresh) {
      if (t.status === 'success') {
        expect(Number(t.postings), t.reference).toBeGreaterThanOrEqual(2);
        expect(Number(t.sum), t.reference).toBe(0);
      } else expect(Number(t.postings), t.reference).toBe(0);
    }

    // No key produced two transactions: each stored answer names one of them, once.
    const keys = await queryRows<{ key: string; reference: string | null; n: string }>(
      db,
      sql`SELECT k.key, k.response->>'reference' AS reference, count(*) OVER (PARTITION BY k.key) AS n
          FROM idempotency_keys k WHERE k.key IN (${sql.join(
            [...byKey.keys()].map((k) => sql`${k}`),
            sql`, `,
          )})`,
    );
    expect(keys.filter((k) => Number(k.n) !== 1)).toEqual([]);
    expect(new Map(keys.map((k) => [k.key, k.reference]))).toEqual(
      new Map(created.map((c) => [c.attempt.key, c.result.reference])),
    );

    // Each balance moved by exactly what the receipts say.
    const expected = { ...before };
    for (const { attempt, result } of succeeded) {
      for (const [number, delta] of effects(attempt, result)) {
        expect(touched, number).toContain(number);
        expected[number] = (expected[number] ?? 0) + delta;
      }
    }
    expect(await balancesOf(db, touched)).toEqual(expected);

    // Postings serialised per account: each one starts from the balance the one before it left.
    const audits = await queryRows<{ transaction_id: string; balances: unknown }>(
      db,
      sql`SELECT transaction_id, balances FROM transfer_audit WHERE transaction_id > ${Number(last)}
          ORDER BY transaction_id`,
    );
    expect(audits).toHaveLength(succeeded.length);
    const running = new Map(Object.entries(before));
    for (const audit of audits) {
      const balances = (typeof audit.balances === 'string' ? JSON.parse(audit.balances) : audit.balances) as {
        number: string;
        before: number;
        after: number;
      }[];
      for (const b of balances) {
        expect(b.before, `${b.number} in transaction ${audit.transaction_id}`).toBe(running.get(b.number));
        running.set(b.number, b.after);
      }
    }
    expect(Object.fromEntries(running)).toEqual(expected);

    await expectLedgerBalanced(db);
  }, 600_000);
});
