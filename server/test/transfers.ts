import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ApprovalView } from '../../contract/api/approvals';
import type { TransferQuote, TransferRequest, TransferResult, WithdrawalCodeCheck } from '../../contract/api/transfers';
import type { Db } from '../db/database';
import { queryRows } from '../db/query';
import { startOfDay } from '../ledger/rules';
import { issueWithdrawalCode } from '../ledger/withdrawal-codes';
import { TEST_NOW } from './constants';
import type { TestApi } from './harness';

/** Money-movement calls as a signed-in demo user, with one session per user. */
export function transferClient(api: TestApi) {
  const tokens = new Map<string, string>();
  const as = async (username: string) => {
    let token = tokens.get(username);
    if (!token) {
      token = (await api.login(username)).token;
      tokens.set(username, token);
    }
    return token;
  };
  return {
    as,
    options: async (username: string, flow: string) =>
      api.call<{ payload: import('../../contract/api/transfers').TransferOptions }>(
        'GET',
        `/rest/transfers/${flow}/options`,
        { token: await as(username) },
      ),
    quote: async (username: string, flow: string, body: Partial<TransferRequest>) =>
      api.call<{ payload: TransferQuote }>('POST', `/rest/transfers/${flow}/quote`, {
        token: await as(username),
        json: body,
      }),
    submit: async (username: string, flow: string, body: Partial<TransferRequest>, key: string = randomUUID()) =>
      api.call<{ payload: TransferResult }>('POST', `/rest/transfers/${flow}`, {
        token: await as(username),
        json: body,
        headers: { 'Idempotency-Key': key },
      }),
    checkCode: async (username: string, flow: string, body: Partial<WithdrawalCodeCheck>) =>
      api.call<{ payload: { valid: boolean } }>('POST', `/rest/transfers/${flow}/withdrawal-code`, {
        token: await as(username),
        json: body,
      }),
    receipt: async (username: string, reference: string) =>
      api.call<{ payload: TransferResult }>('GET', `/rest/transfer-receipts/${reference}`, {
        token: await as(username),
      }),
    approvals: async (username: string, query = '') =>
      api.call<{ payload: { rows: ApprovalView[]; total: number; page: number; pageSize: number } }>(
        'GET',
        `/rest/approvals${query}`,
        { token: await as(username) },
      ),
    approve: async (username: string, id: number) =>
      api.call<{ payload: ApprovalView }>('POST', `/rest/approvals/${id}/approve`, { token: await as(username) }),
    reject: async (username: string, id: number, reason?: string) =>
      api.call<{ payload: ApprovalView }>('POST', `/rest/approvals/${id}/reject`, {
        token: await as(username),
        json: reason === undefined ? {} : { reason },
      }),
  };
}

export async function balanceOf(db: Db, number: string): Promise<number> {
  const [row] = await queryRows<{ balance: string }>(db, sql`SELECT balance FROM accounts WHERE number = ${number}`);
  if (!row) throw new Error(`No account ${number}`);
  return Number(row.balance);
}

export async function balancesOf(db: Db, numbers: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const n of numbers) out[n] = await balanceOf(db, n);
  return out;
}

/** A customer wallet in the given state with at least this balance and nothing sent today. */
export async function findCustomer(
  db: Db,
  options: { status?: string; kyc?: string; minBalance?: number; skip?: string[] } = {},
): Promise<{ number: string; phone: string; balance: number }> {
  const rows = await queryRows<{ number: string; phone: string; balance: string }>(
    db,
    sql`SELECT a.number, a.phone, a.balance FROM accounts a
        WHERE a.kind = 'customer' AND a.status = ${options.status ?? 'active'}
          AND a.kyc_status = ${options.kyc ?? 'approved'} AND a.balance >= ${options.minBalance ?? 0}
          AND a.number <> ALL(${sql`ARRAY[${sql.join(
            ['-', ...(options.skip ?? [])].map((s) => sql`${s}`),
            sql`, `,
          )}]::text[]`})
          AND NOT EXISTS (SELECT 1 FROM postings p WHERE p.account_id = a.id AND p.amount < 0
                          AND p.created_at >= ${startOfDay(TEST_NOW).toISOString()}::timestamptz)
        ORDER BY a.id LIMIT 1`,
  );
  const [row] = rows;
  if (!row) throw new Error(`No customer matches ${JSON.stringify(options)}`);
  return { number: row.number, phone: row.phone, balance: Number(row.balance) };
}

/** A fresh one-time code, as the customer's wallet app would make it. */
export async function codeFor(api: TestApi, number: string, validForMs = 15 * 60_000): Promise<string> {
  const [row] = await queryRows<{ id: number }>(api.handle.db, sql`SELECT id FROM accounts WHERE number = ${number}`);
  if (!row) throw new Error(`No account ${number}`);
  return issueWithdrawalCode(api.handle.db, Number(row.id), { now: api.clock.now(), validForMs });
}

/** Double entry holds: postings sum to zero, every balance is its postings' sum, and only issuance is negative. */
export async function expectLedgerBalanced(db: Db) {
  const [sum] = await queryRows<{ sum: string }>(db, sql`SELECT coalesce(sum(amount), 0) AS sum FROM postings`);
  expect(Number(sum?.sum)).toBe(0);
  const perTransaction = await queryRows(
    db,
    sql`SELECT transaction_id FROM postings GROUP BY transaction_id HAVING sum(amount) <> 0`,
  );
  expect(perTransaction).toEqual([]);
  const mismatched = await queryRows(
    db,
    sql`SELECT a.number FROM accounts a LEFT JOIN (SELECT account_id, sum(amount) s FROM postings GROUP BY account_id) p
        ON p.account_id = a.id WHERE a.balance <> coalesce(p.s, 0)`,
  );
  expect(mismatched).toEqual([]);
  const negative = await queryRows(db, sql`SELECT number FROM accounts WHERE balance < 0 AND kind <> 'system'`);
  expect(negative).toEqual([]);
}

/** The row the admin's transaction report shows for a reference. */
export async function reportRow(api: TestApi, token: string, reference: string) {
  const day = api.clock.now().toISOString().slice(0, 10);
  const res = await api.call<{ payload: { rows: Record<string, string | number | null>[] } }>(
    'GET',
    `/rest/reports/transaction-report?from=${day}&to=${day}&q=${reference}`,
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.payload.rows.find((r) => r.reference === reference);
}
