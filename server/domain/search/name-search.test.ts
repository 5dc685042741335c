import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KycListPage } from '../../../contract/api/kyc';
import type { StaffUserPage } from '../../../contract/api/users';
import type { SearchResult } from '../../../contract/details';
import { queryRows } from '../../db/query';
import { TEST_NOW } from '../../test/constants';
import { createTestApi, type TestApi } from '../../test/harness';
import { accountMatch } from './patterns';

/** The demo's holders include the family name Cissé; people type it without its accent. */
let api: TestApi;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await createTestApi();
  for (const user of ['admin', 'kyc-admin']) tokens[user] = (await api.login(user)).token;
});
afterAll(() => api.close());

const get = async <T>(path: string, user = 'admin') =>
  (await api.call<{ payload: T }>('GET', path, { token: tokens[user] })).body.payload;

const day = (daysBefore: number) => new Date(TEST_NOW.getTime() - daysBefore * 86_400_000).toISOString().slice(0, 10);
const reportTotal = async (q: string) => {
  const qs = new URLSearchParams({ from: day(60), to: day(0), q, pageSize: '10' });
  return (await get<{ total: number }>(`/rest/reports/transaction-report?${qs}`)).total;
};

describe('a name searched without its accents or capitals', () => {
  it('finds the transactions of the Cissé holders in the transaction report, however it is typed', async () => {
    const accented = await reportTotal('Cissé');
    expect(accented).toBeGreaterThan(0);
    for (const typed of ['Cisse', 'cissé', 'CISSE', 'cisse']) expect(await reportTotal(typed)).toBe(accented);
  });

  it('finds them in the header search', async () => {
    const found = await get<SearchResult>('/rest/search?q=cisse');
    expect(found.accounts.length).toBeGreaterThan(0);
    expect(found.accounts.every((a) => a.holder.includes('Cissé'))).toBe(true);
    expect(found.transactions.length).toBeGreaterThan(0);
  });

  it('finds them in the KYC queue, by holder or by first and last name', async () => {
    const plain = await get<KycListPage>('/rest/kyc/customers?q=cisse&pageSize=200', 'kyc-admin');
    const accented = await get<KycListPage>(
      `/rest/kyc/customers?q=${encodeURIComponent('Cissé')}&pageSize=200`,
      'kyc-admin',
    );
    expect(plain.total).toBeGreaterThan(0);
    expect(plain.total).toBe(accented.total);
    expect(plain.rows.every((r) => r.name.includes('Cissé'))).toBe(true);
  });

  it('finds staff users by name: "thies" finds Sen Distribution Thiès', async () => {
    const page = await get<StaffUserPage>('/rest/users?q=thies');
    expect(page.rows.map((u) => u.username)).toContain('merchant-master');
  });

  it('still reads the holder-name trigram index (migration 0018)', async () => {
    // Too few demo accounts for the planner to prefer an index by itself: with sequential scans
    // priced out, the plan shows whether the search expression is the one the index holds.
    const plan = await api.handle.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return queryRows<Record<string, string>>(
        tx,
        sql`EXPLAIN SELECT id FROM accounts a WHERE ${accountMatch('Cisse', sql`a`)}`,
      );
    });
    expect(plan.map((row) => Object.values(row)[0]).join('\n')).toContain('accounts_label_unaccent_trgm_idx');
  });
});
