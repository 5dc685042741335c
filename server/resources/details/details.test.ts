import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountDetail, SearchResult, TransactionDetail } from '../../../contract/details';
import type { GroupKey } from '../../../contract/groups';
import { menuFor, menuLinks } from '../../../contract/navigation/menus';
import { matchPath } from '../../../contract/navigation/routes';
import { REPORTS } from '../../../contract/reports';
import { DEMO_USERS } from '../../db/demo-users';
import { queryRows } from '../../db/query';
import { createTestApi, type TestApi } from '../../test/harness';

let api: TestApi;
const sessions = new Map<string, { token: string; links: string[] }>();

beforeAll(async () => {
  api = await createTestApi();
  for (const user of DEMO_USERS) {
    const { token } = await api.login(user.username);
    const [me] = await queryRows<{ id: number }>(
      api.handle.db,
      sql`SELECT id FROM users WHERE username = ${user.username}`,
    );
    const members = await queryRows<{ memberId: string; memberName: string }>(
      api.handle.db,
      sql`SELECT member_id AS "memberId", member_name AS "memberName" FROM associated_members WHERE broker_user_id = ${me?.id ?? -1}`,
    );
    sessions.set(user.username, {
      token,
      links: menuLinks(menuFor({ group: user.group as GroupKey, profileName: user.name, members })),
    });
  }
}, 120_000);
afterAll(() => api.close());

const session = (username: string) => sessions.get(username) ?? { token: '', links: [] };
async function get<T>(username: string, path: string) {
  const res = await api.call<{ payload: T }>('GET', path, { token: session(username).token });
  return { status: res.status, payload: res.body.payload };
}

const one = async (query: SQL) => {
  const [row] = await queryRows<{ v: string }>(api.handle.db, query);
  if (!row) throw new Error('No demo row matches the test’s condition');
  return row.v;
};

/**
 * Whether any report the user's menu links to lists the row, asked through the reports API itself
 * (its search box finds a reference or an account number).
 */
async function reportsList(username: string, sources: readonly string[], key: 'reference' | 'number', value: string) {
  for (const report of REPORTS.filter((r) => sources.includes(r.source))) {
    for (const link of session(username).links) {
      const params = matchPath(report.path, link);
      if (!params) continue;
      const qs = new URLSearchParams({
        q: value,
        pageSize: '200',
        ...(params.memberId ? { memberId: params.memberId } : {}),
      });
      const res = await get<{ rows: Record<string, unknown>[] }>(username, `/rest/reports/${report.id}?${qs}`);
      if (res.status === 200 && res.payload.rows.some((r) => r[key] === value)) return true;
    }
  }
  return false;
}

/** Every demo user: 200 when one of its reports lists the row, 404 when none does, 403 when its menu has no such report. */
async function expectScopedLikeReports(
  path: string,
  sources: readonly string[],
  key: 'reference' | 'number',
  value: string,
) {
  const seen: string[] = [];
  for (const user of DEMO_USERS) {
    const reaches = REPORTS.some(
      (r) => sources.includes(r.source) && session(user.username).links.some((l) => matchPath(r.path, l)),
    );
    const listed = reaches && (await reportsList(user.username, sources, key, value));
    const res = await get<unknown>(user.username, path);
    const expected = !reaches ? 403 : listed ? 200 : 404;
    expect(`${user.username} ${res.status}`).toBe(`${user.username} ${expected}`);
    if (listed) seen.push(user.username);
  }
  return seen;
}

describe('GET /rest/transactions/{reference}', () => {
  it('answers exactly the users whose reports list a service payment, and 404 to the others', {
    timeout: 300_000,
  }, async () => {
    const ref = await one(sql`SELECT reference AS v FROM transactions WHERE service = 'woyofal' ORDER BY id LIMIT 1`);
    const seen = await expectScopedLikeReports(`/rest/transactions/${ref}`, ['transactions'], 'reference', ref);
    expect(seen).toEqual(expect.arrayContaining(['admin', 'support-plus', 'adfinance-report', 'report-admin']));
    expect(seen).not.toContain('orange-topup-report');
  });

  it('keeps a bank’s transactions to that bank and a network’s to its masters', { timeout: 300_000 }, async () => {
    const bbg = await one(
      sql`SELECT t.reference AS v FROM transactions t JOIN banks b ON b.id = t.bank_id WHERE b.code = 'BBG' AND t.type <> 'opening' ORDER BY t.id LIMIT 1`,
    );
    const bankSeen = await expectScopedLikeReports(`/rest/transactions/${bbg}`, ['transactions'], 'reference', bbg);
    expect(bankSeen).toContain('bbg-bank');
    expect(bankSeen).not.toContain('bis-bank');
    const tefess = await one(sql`SELECT reference AS v FROM transactions WHERE network = 'tefess' ORDER BY id LIMIT 1`);
    const networkSeen = await expectScopedLikeReports(
      `/rest/transactions/${tefess}`,
      ['transactions'],
      'reference',
      tefess,
    );
    expect(networkSeen).toEqual(expect.arrayContaining(['tefess-master', 'edk-master']));
    expect(networkSeen).not.toContain('djoloff-master');
  });

  it('shows the charges, balanced postings, receipt facts and a chargeback action to support-plus', async () => {
    const ref = await one(
      sql`SELECT t.reference AS v FROM transactions t JOIN accounts fa ON fa.id = t.from_account_id JOIN accounts ta ON ta.id = t.to_account_id
          WHERE t.service = 'woyofal' AND t.status = 'success' AND t.fee > 0 AND fa.status = 'active' AND ta.status = 'active'
          AND NOT EXISTS (SELECT 1 FROM chargebacks c WHERE c.original_transaction_id = t.id) ORDER BY t.id LIMIT 1`,
    );
    const res = await get<TransactionDetail>('support-plus', `/rest/transactions/${ref.toLowerCase()}`);
    expect(res.status).toBe(200);
    const tx = res.payload;
    expect(tx.reference).toBe(ref);
    expect(tx.total).toBe(tx.amount + tx.fee);
    expect(tx.postings.length).toBeGreaterThan(1);
    expect(tx.postings.reduce((sum, p) => sum + p.amount, 0)).toBe(0);
    expect(tx.from?.number).toBeTruthy();
    expect(tx.history[0]?.status).toBe('success');
    expect(tx.actions.map((a) => a.id)).toEqual(['print', 'chargeback']);
    const forReports = await get<TransactionDetail>('report-admin', `/rest/transactions/${ref}`);
    expect(forReports.payload.actions.map((a) => a.id)).toEqual(['print']);
  });

  it('answers 404 for a reference nobody made and 400 for one that cannot be a reference', async () => {
    expect((await get('admin', '/rest/transactions/TX00000000000000')).status).toBe(404);
    expect((await get('admin', '/rest/transactions/%00')).status).toBe(400);
  });
});

describe('GET /rest/accounts/{number}', () => {
  it('answers exactly the users whose account reports list a customer', { timeout: 300_000 }, async () => {
    const number = await one(
      sql`SELECT a.number AS v FROM accounts a JOIN transactions t ON t.from_account_id = a.id WHERE a.kind = 'customer' ORDER BY a.id LIMIT 1`,
    );
    const seen = await expectScopedLikeReports(`/rest/accounts/${number}`, ['accounts', 'closures'], 'number', number);
    expect(seen).toEqual(expect.arrayContaining(['admin', 'report-admin']));
  });

  it('keeps a bank float to its own bank', { timeout: 300_000 }, async () => {
    const number = await one(
      sql`SELECT a.number AS v FROM accounts a JOIN banks b ON b.id = a.bank_id WHERE a.kind = 'bank_float' AND b.code = 'BIS' LIMIT 1`,
    );
    const seen = await expectScopedLikeReports(`/rest/accounts/${number}`, ['accounts', 'closures'], 'number', number);
    expect(seen).toContain('bis-bank');
    expect(seen).not.toContain('bbg-bank');
  });

  it('shows holder, balance, KYC limits and the transactions newest first, page by page', async () => {
    const number = await one(
      sql`SELECT a.number AS v FROM accounts a WHERE a.kind = 'customer'
          AND (SELECT count(*) FROM transactions t WHERE t.from_account_id = a.id OR t.to_account_id = a.id) > 3 ORDER BY a.id LIMIT 1`,
    );
    const first = await get<AccountDetail>('admin', `/rest/accounts/${number}?pageSize=2`);
    expect(first.status).toBe(200);
    const account = first.payload;
    expect(account.number).toBe(number);
    expect(account.holder).not.toBe('');
    expect(typeof account.balance).toBe('number');
    expect(account.limits.explanation.fr).not.toBe('');
    expect(account.transactions.rows).toHaveLength(2);
    expect(account.transactions.total).toBeGreaterThan(3);
    const second = await get<AccountDetail>('admin', `/rest/accounts/${number}?pageSize=2&page=2`);
    const times = [...account.transactions.rows, ...second.payload.transactions.rows].map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(second.payload.transactions.rows[0]?.reference).not.toBe(account.transactions.rows[0]?.reference);
  });
});

describe('GET /rest/search', () => {
  it('finds a reference and an account by phone among what the caller sees, nothing it does not', async () => {
    const ref = await one(sql`SELECT reference AS v FROM transactions WHERE service = 'woyofal' ORDER BY id LIMIT 1`);
    const found = await get<SearchResult>('admin', `/rest/search?q=${ref}`);
    expect(found.payload.transactions.map((t) => t.reference)).toContain(ref);
    const hidden = await get<SearchResult>('orange-topup-report', `/rest/search?q=${ref}`);
    expect(hidden.status).toBe(200);
    expect(hidden.payload.transactions).toEqual([]);

    const phone = await one(
      sql`SELECT phone AS v FROM accounts WHERE kind = 'customer' AND phone IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const byPhone = await get<SearchResult>('admin', `/rest/search?q=${encodeURIComponent(phone)}`);
    expect(byPhone.payload.accounts.map((a) => a.phone)).toContain(phone);
    expect(byPhone.payload.accounts.length).toBeLessThanOrEqual(10);
  });

  it('refuses control characters and a text too short to mean anything with 400', async () => {
    expect((await get('admin', '/rest/search?q=ab%07cd')).status).toBe(400);
    expect((await get('admin', '/rest/search?q=a')).status).toBe(400);
  });

  it('is refused to a group whose menu lists no report rows', async () => {
    const res = await get('kyc-admin', '/rest/search?q=TX26');
    const reaches = REPORTS.some((r) => session('kyc-admin').links.some((l) => matchPath(r.path, l)));
    expect(res.status).toBe(reaches ? 200 : 403);
  });
});
