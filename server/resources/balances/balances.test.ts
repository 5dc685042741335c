import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../test/constants';
import { queryRows } from '../../db/query';
import { createTestApi, type TestApi } from '../../test/harness';

type Balance = {
  balance: number;
  opening: number;
  credits: number;
  debits: number;
  days: { date: string; credits: number; debits: number; closing: number }[];
};

let api: TestApi;
const today = TEST_NOW.toISOString().slice(0, 10);
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

async function balance(username: string, id: string, query = '') {
  const { token } = await api.login(username);
  return api.call<{ payload: Balance }>('GET', `/rest/balances/${id}${query}`, { token });
}

describe('balance pages', () => {
  it('reconciles opening, movements and the current balance day by day', async () => {
    const res = await balance('tefess-master', 'edk-tefess', `?from=2026-09-01&to=${today}`);
    expect(res.status).toBe(200);
    const b = res.body.payload;
    expect(b.opening + b.credits - b.debits).toBe(b.balance);
    expect(b.days.at(-1)?.closing).toBe(b.balance);
    expect(b.days[0]?.date).toBe('2026-09-01');
    const [ledger] = await queryRows<{ balance: string }>(
      api.handle.db,
      sql`SELECT balance FROM accounts WHERE number = 'NET-TEFESS'`,
    );
    expect(b.balance).toBe(Number(ledger?.balance));
  });

  it('keeps each group to its own balances', async () => {
    expect((await balance('tefess-master', 'edk-djoloff')).status).toBe(403);
    expect((await balance('edk-master', 'edk-djoloff')).status).toBe(200);
    expect((await balance('gerant-tefess', 'gerant-tefess')).status).toBe(200);
    expect((await balance('gerant-tefess', 'gerant-djoloff')).status).toBe(403);
    expect((await balance('aftu-master', 'aftu-partner', '?memberId=AFTU-002')).status).toBe(200);
    expect((await balance('aftu-master', 'aftu-partner', '?memberId=AFTU-999')).status).toBe(403);
    expect((await balance('agent', 'remaining-bank-bbg')).status).toBe(403);
  });

  it('splits a bank’s e-money by wallet kind for admins', async () => {
    const { token } = await api.login('admin');
    const res = await api.call<{ payload: { float: number; rows: { kind: string }[] } }>(
      'GET',
      '/rest/balances/repartition/BBG',
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.payload.float).toBeGreaterThan(0);
    expect(res.body.payload.rows.map((r) => r.kind)).toContain('customer');
  });
});

describe('home figures', () => {
  it('gives an agent its balance and an admin the pending work', async () => {
    const agent = await api.login('agent');
    const mine = await api.call<{ payload: { cards: { id: string; value: number }[] } }>(
      'GET',
      '/rest/dashboard/summary',
      {
        token: agent.token,
      },
    );
    const [own] = await queryRows<{ balance: string }>(
      api.handle.db,
      sql`SELECT sum(a.balance) AS balance FROM accounts a JOIN users u ON u.id = a.owner_user_id WHERE u.username = 'agent'`,
    );
    expect(mine.body.payload.cards.find((c) => c.id === 'balance')?.value).toBe(Number(own?.balance));
    const admin = await api.login('admin');
    const theirs = await api.call<{ payload: { cards: { id: string }[]; chart: { days: unknown[] } } }>(
      'GET',
      '/rest/dashboard/summary',
      { token: admin.token },
    );
    expect(theirs.body.payload.cards.map((c) => c.id)).toEqual(
      expect.arrayContaining(['todayCount', 'todayVolume', 'pendingKyc', 'pendingClosures']),
    );
    expect(theirs.body.payload.chart.days).toHaveLength(14);
  });

  it('counts for a single-report admin only the service it reports on', async () => {
    const rapido = await api.login('rapido-manager');
    const res = await api.call<{ payload: { cards: { id: string; value: number }[] } }>(
      'GET',
      '/rest/dashboard/summary',
      {
        token: rapido.token,
      },
    );
    const today = TEST_NOW.toISOString().slice(0, 10);
    const [expected] = await queryRows<{ n: string }>(
      api.handle.db,
      sql`SELECT count(*) AS n FROM transactions WHERE service = 'rapido' AND status = 'success'
          AND created_at >= ${today}::date::timestamptz AND created_at < (${today}::date + 1)::timestamptz`,
    );
    expect(res.body.payload.cards.find((c) => c.id === 'todayCount')?.value).toBe(Number(expected?.n));
  });
});
