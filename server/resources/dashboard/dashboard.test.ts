import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryCardIds } from '../../../contract/dashboard';
import { createTestApi, type TestApi } from '../../test/harness';
import { rows } from '../../test/kyc-fixtures';

interface Summary {
  cards: { id: string; kind: 'amount' | 'number'; value: number }[];
  chart: { metric: 'volume'; days: { date: string; value: number }[] };
}

let api: TestApi;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await createTestApi();
  for (const user of ['admin', 'agent', 'bank', 'kyc-admin', 'report-admin'])
    tokens[user] = (await api.login(user)).token;
});
afterAll(() => api.close());

const summary = async (user: string) => {
  const res = await api.call<{ payload: Summary }>('GET', '/rest/dashboard/summary', { token: tokens[user] });
  expect(res.status).toBe(200);
  return res.body.payload;
};
const ids = (s: Summary) => s.cards.map((c) => c.id);

describe('the home page figures', () => {
  it('are the cards the page keeps room for, in that order, for each kind of user', async () => {
    expect(ids(await summary('admin'))).toEqual(['todayCount', 'todayVolume', 'pendingKyc', 'pendingClosures']);
    expect(ids(await summary('agent'))).toEqual(['balance', 'todayCount', 'todayVolume']);
    expect(ids(await summary('bank'))).toEqual(['bankFloat', 'todayCount', 'todayVolume']);
    expect(ids(await summary('report-admin'))).toEqual(['todayCount', 'todayVolume']);
    expect(summaryCardIds({ group: 'admin', bankId: null })).toEqual(ids(await summary('admin')));
    expect(summaryCardIds({ group: 'kycAdmin', bankId: null })).toEqual(ids(await summary('kyc-admin')));
  });

  it("give an agent its own wallets' balance and the length of the KYC queue to an admin", async () => {
    const [own] = await rows<{ balance: string }>(
      api,
      sql`SELECT sum(a.balance) AS balance FROM accounts a JOIN users u ON u.id = a.owner_user_id WHERE u.username = 'agent'`,
    );
    expect((await summary('agent')).cards[0]).toEqual({ id: 'balance', kind: 'amount', value: Number(own?.balance) });
    const [queue] = await rows<{ count: string }>(
      api,
      sql`SELECT count(*) AS count FROM accounts WHERE kyc_status = 'pending' AND kind IN ('customer', 'agent', 'merchant', 'partner')`,
    );
    const kyc = (await summary('admin')).cards.find((c) => c.id === 'pendingKyc');
    expect(kyc).toEqual({ id: 'pendingKyc', kind: 'number', value: Number(queue?.count) });
    expect(Number(queue?.count)).toBeGreaterThan(0);
    // The KYC administrator reviews customers and merchants only: agents waiting are not theirs.
    const [theirs] = await rows<{ count: string }>(
      api,
      sql`SELECT count(*) AS count FROM accounts WHERE kyc_status = 'pending' AND kind IN ('customer', 'merchant')`,
    );
    const kycAdmin = (await summary('kyc-admin')).cards.find((c) => c.id === 'pendingKyc');
    expect(kycAdmin?.value).toBe(Number(theirs?.count));
    expect(Number(theirs?.count)).toBeLessThan(Number(queue?.count));
  });

  it('chart the last 14 days, oldest first', async () => {
    const { chart } = await summary('admin');
    expect(chart.days).toHaveLength(14);
    expect(chart.days.map((d) => d.date)).toEqual([...chart.days.map((d) => d.date)].sort());
  });

  it('need a session', async () => {
    const res = await api.call('GET', '/rest/dashboard/summary');
    expect(res.status).toBe(401);
  });
});
