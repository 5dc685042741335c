import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartySuggestions, SearchResult } from '../../../contract/details';
import { queryRows } from '../../db/query';
import { createTestApi, type TestApi } from '../../test/harness';
import { FIXTURE_DAY, insertFixtures } from './fixtures';

type Page = { rows: Record<string, string | number | null>[]; total: number; totals: Record<string, number> };

let api: TestApi;
/** A holder's name three wallets share (like Fatou Diallo), those wallets, and one of someone else. */
let shared: string;
let fatou: [string, string, string];
let other: string;

async function get<T>(username: string, path: string) {
  const { token } = await api.login(username);
  return api.call<{ payload: T }>('GET', path, { token });
}
const transactions = (query: Record<string, string>) =>
  get<Page>(
    'admin',
    `/rest/reports/transaction-report?${new URLSearchParams({ from: FIXTURE_DAY, to: FIXTURE_DAY, ...query })}`,
  );

beforeAll(async () => {
  api = await createTestApi();
  const [name] = await queryRows<{ label: string }>(
    api.handle.db,
    sql`SELECT label FROM accounts WHERE kind = 'customer' GROUP BY label HAVING count(*) >= 3 ORDER BY count(*) DESC, label LIMIT 1`,
  );
  shared = name?.label ?? '';
  const rows = await queryRows<{ number: string }>(
    api.handle.db,
    sql`SELECT number FROM accounts WHERE label = ${shared} AND kind = 'customer' ORDER BY id LIMIT 3`,
  );
  fatou = rows.map((r) => r.number) as [string, string, string];
  const [someone] = await queryRows<{ number: string }>(
    api.handle.db,
    sql`SELECT number FROM accounts WHERE kind = 'customer' AND label NOT ILIKE ${`%${shared}%`} ORDER BY id LIMIT 1`,
  );
  other = someone?.number ?? '';
  await insertFixtures(api.handle.db, [
    { reference: 'FX-PARTY-1', type: 'cash_in', service: 'wallet', amount: 10_000, from: 'AGT-00001', to: fatou[0] },
    { reference: 'FX-PARTY-2', type: 'transfer', service: 'wallet', amount: 5_000, from: fatou[1], to: fatou[2] },
    { reference: 'FX-PARTY-3', type: 'transfer', service: 'wallet', amount: 2_000, from: fatou[0], to: other },
    { reference: 'FX-PARTY-4', type: 'transfer', service: 'wallet', amount: 1_000, from: other, to: 'AGT-00001' },
  ]);
}, 120_000);
afterAll(() => api.close());

describe('GET search/parties', () => {
  it('offers every wallet that carries a shared name, with its account, phone and kind', async () => {
    const res = await get<PartySuggestions>('admin', `/rest/search/parties?q=${encodeURIComponent(shared)}`);
    expect(res.status).toBe(200);
    const numbers = res.body.payload.parties.map((p) => p.number);
    expect(numbers).toEqual(expect.arrayContaining(fatou));
    for (const party of res.body.payload.parties) {
      expect(party).toMatchObject({ name: shared, kind: 'customer' });
      expect(party.phone).toMatch(/^\+221/);
    }
  });

  it('offers people and shops only, not the system’s own accounts', async () => {
    const all = await get<SearchResult>('admin', '/rest/search?q=e-money%20float');
    expect(all.body.payload.accounts.map((a) => a.kind)).toContain('bank_float');
    const res = await get<PartySuggestions>('admin', '/rest/search/parties?q=e-money%20float');
    expect(res.status).toBe(200);
    expect(res.body.payload.parties).toEqual([]);
  });

  it('offers only the parties the caller’s reports list', async () => {
    // An agent's reports list transactions, never a wallet of someone else.
    const res = await get<PartySuggestions>('agent', `/rest/search/parties?q=${encodeURIComponent(shared)}`);
    expect(res.status).toBe(200);
    expect(res.body.payload.parties).toEqual([]);
  });

  it('refuses a text too short to mean anyone', async () => {
    expect((await get('admin', '/rest/search/parties?q=F')).status).toBe(400);
  });
});

describe('a transaction report searched by a shared name', () => {
  it('says which matched account each row belongs to, and how many accounts the total covers', async () => {
    const res = await transactions({ q: shared, pageSize: '50' });
    expect(res.status).toBe(200);
    const page = res.body.payload;
    expect(page.rows.map((r) => r.reference).sort()).toEqual(['FX-PARTY-1', 'FX-PARTY-2', 'FX-PARTY-3']);
    expect(page.totals).toMatchObject({ count: 3, amount: 17_000, accounts: 3 });
    const byRef = new Map(page.rows.map((r) => [r.reference, r]));
    expect(byRef.get('FX-PARTY-1')).toMatchObject({ partyNumber: fatou[0] });
    expect(byRef.get('FX-PARTY-3')).toMatchObject({ partyNumber: fatou[0] });
    expect(String(byRef.get('FX-PARTY-1')?.partyPhone)).toMatch(/^\+221/);
    expect(String(byRef.get('FX-PARTY-1')?.party)).toMatch(new RegExp(`^${fatou[0]} · \\+221`));
    // Both sides bear the name: the row names the payer, and both count among the accounts.
    expect(byRef.get('FX-PARTY-2')).toMatchObject({ partyNumber: fatou[1] });
  });

  it('narrows to the chosen account: the rows it paid or received, nothing of the namesakes', async () => {
    const res = await transactions({ account: fatou[0].toLowerCase() });
    expect(res.status).toBe(200);
    const page = res.body.payload;
    expect(page.rows.map((r) => r.reference).sort()).toEqual(['FX-PARTY-1', 'FX-PARTY-3']);
    expect(page.totals).toMatchObject({ count: 2, amount: 12_000 });
    expect(page.totals.accounts).toBeUndefined();
    expect(page.rows[0]?.party).toBeUndefined();
  });

  it('lists nothing for an account that does not exist, and refuses one that cannot be a number', async () => {
    expect((await transactions({ account: 'CUS-999999' })).body.payload.total).toBe(0);
    expect((await transactions({ account: 'CUS 1; --' })).status).toBe(400);
  });

  it('exports the matched account beside the names when the search asks for it', async () => {
    const { token } = await api.login('admin');
    const res = await api.call('POST', '/rest/reports/transaction-report/exports', {
      token,
      json: {
        format: 'csv',
        filters: { from: FIXTURE_DAY, to: FIXTURE_DAY, q: shared },
        columns: ['reference', 'fromName', 'party'],
      },
    });
    // A few rows: the file is written at once (decision 056).
    expect(res.status).toBe(201);
    const plain = await api.call('POST', '/rest/reports/transaction-report/exports', {
      token,
      json: { format: 'csv', filters: { from: FIXTURE_DAY, to: FIXTURE_DAY }, columns: ['reference', 'party'] },
    });
    expect(plain.status).toBe(400);
    // A search by reference names nobody: the file has the column, empty.
    const file = await api.call<{ payload: { id: string } }>('POST', '/rest/reports/transaction-report/exports', {
      token,
      json: {
        format: 'csv',
        filters: { from: FIXTURE_DAY, to: FIXTURE_DAY, q: 'TX999' },
        columns: ['reference', 'party'],
      },
    });
    expect(file.status).toBe(201);
    await api.exports.idle();
    const job = await api.call<{ payload: { status: string } }>('GET', `/rest/exports/${file.body.payload.id}`, {
      token,
    });
    expect(job.body.payload.status).toBe('done');
  });
});
