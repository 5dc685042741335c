import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayReport } from '../../../contract/dashboard';
import { createTestApi, type TestApi } from '../../test/harness';
import { FIXTURE_DAY, type FixtureTx, insertFixtures } from './fixtures';

interface StatusTotal {
  status: string;
  count: number;
  amount: number;
}
interface Page {
  total: number;
  totals: Record<string, number>;
  byStatus?: StatusTotal[];
  rows: Record<string, string | number | null>[];
}
interface Summary {
  day: string;
  cards: { id: string; value: number }[];
}

let api: TestApi;
const tokens = new Map<string, string>();
async function tokenOf(username: string) {
  let token = tokens.get(username);
  if (!token) {
    token = (await api.login(username)).token;
    tokens.set(username, token);
  }
  return token;
}
async function report(username: string, reportId: string, query: Record<string, string>) {
  const res = await api.call<{ payload: Page }>('GET', `/rest/reports/${reportId}?${new URLSearchParams(query)}`, {
    token: await tokenOf(username),
  });
  expect(res.status).toBe(200);
  return res.body.payload;
}
async function summary(username: string) {
  const res = await api.call<{ payload: Summary }>('GET', '/rest/dashboard/summary', {
    token: await tokenOf(username),
  });
  expect(res.status).toBe(200);
  return res.body.payload;
}

/** One agent's day with every status, so nothing is counted by accident. */
const AGENT_DAY: FixtureTx[] = [
  {
    reference: 'TT-OK-1',
    type: 'cash_in',
    service: 'wallet',
    amount: 10_000,
    fee: 100,
    from: 'AGT-00001',
    to: 'CUS-000001',
  },
  {
    reference: 'TT-OK-2',
    type: 'cash_out',
    service: 'wallet',
    amount: 4_000,
    fee: 50,
    from: 'CUS-000002',
    to: 'AGT-00001',
  },
  {
    reference: 'TT-FAILED',
    type: 'cash_in',
    service: 'wallet',
    status: 'failed',
    amount: 7_000,
    from: 'AGT-00001',
    to: 'CUS-000003',
  },
  {
    reference: 'TT-REVERSED',
    type: 'cash_in',
    service: 'wallet',
    status: 'reversed',
    amount: 3_000,
    from: 'AGT-00001',
    to: 'CUS-000004',
  },
  {
    reference: 'TT-PENDING-1',
    type: 'cash_in',
    service: 'wallet',
    status: 'pending',
    amount: 2_000,
    from: 'AGT-00001',
    to: 'CUS-000005',
  },
  {
    reference: 'TT-PENDING-2',
    type: 'cash_in',
    service: 'wallet',
    status: 'pending',
    amount: 500,
    from: 'AGT-00001',
    to: 'CUS-000006',
  },
];
const day = { from: FIXTURE_DAY, to: FIXTURE_DAY };

beforeAll(async () => {
  api = await createTestApi();
  await insertFixtures(api.handle.db, AGENT_DAY);
});
afterAll(() => api.close());

describe('one meaning of a total', () => {
  it('totals the successful transactions, with failed, reversed and pending ones beside them', async () => {
    const page = await report('agent', 'individual-transaction-report', day);
    expect(page.total).toBe(AGENT_DAY.length);
    expect(page.totals).toEqual({ count: 2, amount: 14_000, fee: 150, commission: 0 });
    expect(page.byStatus).toEqual([
      { status: 'success', count: 2, amount: 14_000 },
      { status: 'failed', count: 1, amount: 7_000 },
      { status: 'reversed', count: 1, amount: 3_000 },
      { status: 'pending', count: 2, amount: 2_500 },
    ]);
    // Another page in another order is served the cached totals, breakdown included.
    const again = await report('agent', 'individual-transaction-report', { ...day, sort: 'amount', pageSize: '10' });
    expect(again.byStatus).toEqual(page.byStatus);
    expect(again.totals).toEqual(page.totals);
  });

  it('has a breakdown that adds up to every matching row, for any scope', async () => {
    for (const [user, reportId] of [
      ['agent', 'individual-transaction-report'],
      ['admin', 'transaction-report'],
      ['report-admin', 'aggregrate-report'],
    ] as const) {
      const page = await report(user, reportId, day);
      const byStatus = page.byStatus ?? [];
      expect(byStatus.map((s) => s.status)).toEqual(['success', 'failed', 'reversed', 'pending']);
      // An aggregate's `total` is its number of groups.
      const allRows = reportId === 'aggregrate-report' ? AGENT_DAY.length : page.total;
      expect(byStatus.reduce((n, s) => n + s.count, 0)).toBe(allRows);
      expect(byStatus.reduce((n, s) => n + s.amount, 0)).toBe(AGENT_DAY.reduce((n, f) => n + f.amount, 0));
    }
  });

  it('lists only the filtered status, and totals its rows', async () => {
    const pending = await report('agent', 'individual-transaction-report', { ...day, status: 'pending' });
    expect(pending.total).toBe(2);
    expect(pending.totals.count).toBe(2);
    expect(pending.totals.amount).toBe(2_500);
    expect(pending.byStatus).toEqual([{ status: 'pending', count: 2, amount: 2_500 }]);
  });

  it("gives an aggregate's groups and totals the successful transactions only", async () => {
    const page = await report('report-admin', 'aggregrate-report', day);
    expect(page.rows).toEqual([{ key: 'wallet', count: 2, amount: 14_000, fee: 150, commission: 0 }]);
    expect(page.totals.count).toBe(2);
    expect(page.totals.amount).toBe(14_000);
  });

  it('counts on Home what the report its card opens counts as successful', async () => {
    for (const user of ['admin', 'agent'] as const) {
      const { day: today, cards } = await summary(user);
      // The same statuses on the server's today, so the two agree on a day with failures too.
      await insertFixtures(
        api.handle.db,
        AGENT_DAY.map((f) => ({ ...f, reference: `${f.reference}-${user}`, day: today })),
      );
      const before = cards.find((c) => c.id === 'todayCount')?.value ?? 0;
      const after = await summary(user);
      const count = after.cards.find((c) => c.id === 'todayCount')?.value;
      const volume = after.cards.find((c) => c.id === 'todayVolume')?.value;
      expect(count).toBe(before + 2);
      // These demo users are named after their groups.
      const target = todayReport(user);
      const page = await report(user, target?.id ?? '', { from: today, to: today, status: 'success' });
      expect(page.total).toBe(count);
      expect(page.byStatus?.[0]).toEqual({ status: 'success', count, amount: volume });
      const unfiltered = await report(user, target?.id ?? '', { from: today, to: today });
      expect(unfiltered.byStatus?.[0]).toEqual({ status: 'success', count, amount: volume });
      expect(unfiltered.total).toBeGreaterThan(page.total);
    }
  });
});
