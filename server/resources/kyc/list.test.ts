import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KycListPage } from '../../../contract/api/kyc';
import { expectFailure, expectSessionExpired } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { KYC_TEST_USERS, rows } from '../../test/kyc-fixtures';

let api: TestApi;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await createTestApi();
  for (const user of KYC_TEST_USERS) tokens[user] = (await api.login(user)).token;
});
afterAll(() => api.close());

const list = (user: string, path: string) =>
  api.call<{ payload: KycListPage }>('GET', `/rest/kyc/${path}`, { token: tokens[user] });

async function count(where: ReturnType<typeof sql>) {
  const [row] = await rows<{ n: number | string }>(
    api,
    sql`SELECT count(*) AS n FROM accounts a LEFT JOIN account_profiles p ON p.account_id = a.id WHERE ${where}`,
  );
  return Number(row?.n);
}

describe('the KYC review lists', () => {
  it('pages through every customer with a total that counts them all', async () => {
    const first = await list('admin', 'customers?pageSize=10');
    expect(first.status).toBe(200);
    const total = await count(sql`a.kind = 'customer'`);
    expect(first.body.payload.total).toBe(total);
    expect(first.body.payload.rows).toHaveLength(10);
    expect(first.body.payload).toMatchObject({ page: 1, pageSize: 10 });
    const second = await list('admin', 'customers?pageSize=10&page=2');
    const numbers = new Set(first.body.payload.rows.map((r) => r.number));
    expect(second.body.payload.rows.some((r) => numbers.has(r.number))).toBe(false);
    // Newest first by default.
    const created = first.body.payload.rows.map((r) => r.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const last = await list('admin', `customers?pageSize=10&page=${Math.ceil(total / 10)}`);
    expect(last.body.payload.rows.length).toBe(total - 10 * (Math.ceil(total / 10) - 1));
  });

  it('gives the review queue as the dashboard opens it: pending, oldest first, documents on file', async () => {
    const res = await list('kyc-admin', 'customers?kycStatus=pending&sort=createdAt&dir=asc&pageSize=25');
    expect(res.status).toBe(200);
    const { rows: queue, total } = res.body.payload;
    expect(total).toBe(await count(sql`a.kind = 'customer' AND a.kyc_status = 'pending'`));
    expect(queue).toHaveLength(25);
    expect(queue.every((r) => r.kycStatus === 'pending')).toBe(true);
    const created = queue.map((r) => r.createdAt);
    expect([...created].sort()).toEqual(created);
    const [oldest] = await rows<{ number: string }>(
      api,
      sql`SELECT number FROM accounts WHERE kind = 'customer' AND kyc_status = 'pending' ORDER BY created_at, id LIMIT 1`,
    );
    expect(queue[0]?.number).toBe(oldest?.number);
    // The demo gives the waiting accounts the documents a reviewer needs to finish a review.
    expect(queue.every((r) => r.documents >= 4)).toBe(true);
  });

  it('filters by KYC status, and shows each row’s documents and latest decision', async () => {
    const res = await list('kyc-admin', 'customers?kycStatus=rejected&pageSize=200');
    expect(res.status).toBe(200);
    expect(res.body.payload.total).toBe(await count(sql`a.kind = 'customer' AND a.kyc_status = 'rejected'`));
    expect(res.body.payload.total).toBeGreaterThan(0);
    for (const row of res.body.payload.rows) {
      expect(row.kycStatus).toBe('rejected');
      expect(row.lastDecision).toMatchObject({ decision: 'reject', reason: expect.any(String) });
      expect(row.lastDecision?.reason?.length).toBeGreaterThan(3);
    }
    expect(res.body.payload.rows.some((r) => r.documents > 0)).toBe(true);
  });

  it('filters by creation dates, inclusive of both days', async () => {
    const res = await list('admin', 'customers?from=2026-10-01&to=2026-10-31&pageSize=200');
    expect(res.body.payload.total).toBe(
      await count(
        sql`a.kind = 'customer' AND a.created_at >= '2026-10-01T00:00:00Z' AND a.created_at < '2026-11-01T00:00:00Z'`,
      ),
    );
    for (const row of res.body.payload.rows) {
      expect(row.createdAt >= '2026-10-01' && row.createdAt < '2026-11-01').toBe(true);
    }
  });

  it('filters by region, the account’s or its address’s, ignoring case', async () => {
    const res = await list('admin', 'customers?region=thi%C3%A8s&pageSize=200');
    expect(res.body.payload.total).toBe(
      await count(sql`a.kind = 'customer' AND (lower(a.region) = 'thiès' OR lower(p.region) = 'thiès')`),
    );
    expect(res.body.payload.total).toBeGreaterThan(0);
    expect(res.body.payload.rows.every((r) => r.region === 'Thiès')).toBe(true);
  });

  it('filters by the enrolling agent', async () => {
    const res = await list('admin', 'customers?agent=AGT-00001&pageSize=200');
    const expected = await count(
      sql`a.kind = 'customer' AND p.enrolling_agent_account_id = (SELECT id FROM accounts WHERE number = 'AGT-00001')`,
    );
    expect(expected).toBeGreaterThan(0);
    expect(res.body.payload.total).toBe(expected);
    // The agents list finds the agents under a super agent.
    const agents = await list('admin', 'agents?agent=AGT-00001&pageSize=200');
    expect(agents.body.payload.total).toBe(
      await count(sql`a.kind = 'agent' AND a.parent_account_id = (SELECT id FROM accounts WHERE number = 'AGT-00001')`),
    );
  });

  it('searches by account number, end of phone, national ID and name', async () => {
    const [target] = await rows<{ number: string; phone: string; label: string; national_id: string }>(
      api,
      sql`SELECT a.number, a.phone, a.label, p.national_id FROM accounts a JOIN account_profiles p ON p.account_id = a.id
          WHERE a.kind = 'customer' AND p.national_id IS NOT NULL ORDER BY a.id LIMIT 1 OFFSET 7`,
    );
    if (!target) throw new Error('no demo customer');
    const byNumber = await list('admin', `customers?q=${target.number}`);
    expect(byNumber.body.payload.rows.map((r) => r.number)).toContain(target.number);
    expect(byNumber.body.payload.total).toBe(1);
    const suffix = target.phone.replace(/\D/g, '').slice(-7);
    const byPhone = await list('admin', `customers?q=${suffix}`);
    expect(byPhone.body.payload.rows.map((r) => r.number)).toContain(target.number);
    expect(byPhone.body.payload.rows.every((r) => r.phone?.replace(/\D/g, '').endsWith(suffix))).toBe(true);
    const byId = await list('admin', `customers?q=${target.national_id}`);
    expect(byId.body.payload.rows.map((r) => r.number)).toEqual([target.number]);
    expect(byId.body.payload.rows[0]?.nationalId).toBe(target.national_id);
    const byName = await list('admin', `customers?q=${encodeURIComponent(target.label.toLowerCase())}&pageSize=200`);
    expect(byName.body.payload.rows.map((r) => r.number)).toContain(target.number);
    expect(byName.body.payload.rows.every((r) => r.name.toLowerCase().includes(target.label.toLowerCase()))).toBe(true);
  });

  it('sorts by name', async () => {
    const res = await list('admin', 'merchants?sort=name&dir=asc&pageSize=50');
    const names = res.body.payload.rows.map((r) => r.name.toLowerCase());
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
  });

  it('opens each list to the groups whose menu has it only', async () => {
    const allowed: [string, string, number][] = [
      ['kyc-admin', 'customers', 200],
      ['kyc-admin', 'merchants', 200],
      ['kyc-admin', 'agents', 403],
      ['zone-sales-manager', 'customers', 200],
      ['zone-sales-manager', 'merchants', 200],
      ['zone-sales-manager', 'agents', 403],
      ['support-plus', 'agents', 200],
      ['network-supervisor', 'agents', 200],
      ['admin', 'partners', 200],
      ['kyc-admin', 'partners', 403],
      ['agent', 'customers', 403],
      ['bank', 'merchants', 403],
    ];
    for (const [user, kind, status] of allowed) {
      const res = await list(user, `${kind}?pageSize=5`);
      expect(res.status, `${user} ${kind}`).toBe(status);
      if (status === 403) expectFailure(res, 403, 'FORBIDDEN');
    }
  });

  it('answers bad input with 400 and no session with 401', async () => {
    expectFailure(await list('admin', 'customers?pageSize=201'), 400, 'VALIDATION_FAILED');
    expectFailure(await list('admin', 'customers?from=2026-11-02&to=2026-11-01'), 400, 'VALIDATION_FAILED');
    expectFailure(await list('admin', 'customers?from=2026-02-30'), 400, 'VALIDATION_FAILED');
    expectFailure(await list('admin', 'customers?to=9999-12-31'), 400, 'VALIDATION_FAILED');
    expectFailure(await list('admin', 'customers?page=0'), 400, 'VALIDATION_FAILED');
    expectFailure(await list('admin', 'customers?q=a%00b'), 400, 'VALIDATION_FAILED');
    expectFailure(await list('admin', 'customers?region=Dakar%00'), 400, 'VALIDATION_FAILED');
    expectFailure(await list('admin', 'customers?kycStatus=maybe'), 400, 'VALIDATION_FAILED');
    expectFailure(await list('admin', 'customers?agent=CUS-000001'), 400, 'VALIDATION_FAILED');
    expectFailure(await list('admin', 'customers?sort=balance'), 400, 'VALIDATION_FAILED');
    expectFailure(await list('admin', 'banks'), 400, 'VALIDATION_FAILED');
    expectFailure(await list('admin', `customers?q=${'x'.repeat(81)}`), 400, 'VALIDATION_FAILED');
    expectSessionExpired(await api.call('GET', '/rest/kyc/customers'));
  });

  it('treats LIKE wildcards in the search as text', async () => {
    const res = await list('admin', 'customers?q=%25');
    expect(res.status).toBe(200);
    expect(res.body.payload.total).toBe(0);
  });
});
