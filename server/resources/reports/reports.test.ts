import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS } from '../../../contract/reports';
import { queryRows } from '../../db/query';
import { createTestApi, type TestApi } from '../../test/harness';
import { FIXTURE_DAY, type FixtureTx, insertFixtures } from './fixtures';

type Page = {
  rows: Record<string, string | number | null>[];
  total: number;
  page: number;
  pageSize: number;
  totals: Record<string, number>;
};

let api: TestApi;
const tokens = new Map<string, string>();
async function as(username: string) {
  let token = tokens.get(username);
  if (!token) {
    token = (await api.login(username)).token;
    tokens.set(username, token);
  }
  return token;
}
async function report(username: string, path: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams({
    from: FIXTURE_DAY,
    to: FIXTURE_DAY,
    ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  return api.call<{ status: boolean; payload: Page }>('GET', `/rest/reports/${path}?${qs}`, {
    token: await as(username),
  });
}

const FIXTURES: FixtureTx[] = [
  {
    reference: 'FX-CASHIN-1',
    type: 'cash_in',
    service: 'wallet',
    amount: 10_000,
    commission: 40,
    from: 'AGT-00001',
    to: 'CUS-000001',
    hour: 8,
  },
  {
    reference: 'FX-CASHOUT-1',
    type: 'cash_out',
    service: 'wallet',
    amount: 20_000,
    fee: 200,
    commission: 80,
    from: 'CUS-000002',
    to: 'AGT-00001',
    hour: 9,
  },
  {
    reference: 'FX-CASHIN-FAILED',
    type: 'cash_in',
    service: 'wallet',
    status: 'failed',
    amount: 5_000,
    from: 'AGT-00003',
    to: 'CUS-000003',
    hour: 10,
  },
  {
    reference: 'FX-WOYOFAL-1',
    type: 'bill_payment',
    service: 'woyofal',
    amount: 7_500,
    fee: 100,
    from: 'CUS-000001',
    to: 'PRT-WOYOFAL',
    hour: 11,
    details: { meterNumber: '14201234567' },
  },
  {
    reference: 'FX-PAY-MERCHANT',
    type: 'merchant_payment',
    service: 'wallet',
    amount: 3_000,
    from: 'CUS-000004',
    to: 'MRC-00005',
    hour: 12,
  },
  {
    reference: 'FX-MERCHANT-OUT',
    type: 'transfer',
    service: 'wallet',
    amount: 1_000,
    fee: 100,
    from: 'MRC-00005',
    to: 'CUS-000004',
    hour: 13,
  },
  {
    reference: 'FX-BBG-ISSUE',
    type: 'emoney_issue',
    service: 'bank',
    amount: 5_000_000,
    from: 'SYS-EQUITY',
    to: 'BNK-BBG',
    bank: 'BBG',
    hour: 14,
  },
  {
    reference: 'FX-BIS-ISSUE',
    type: 'emoney_issue',
    service: 'bank',
    amount: 2_000_000,
    from: 'SYS-EQUITY',
    to: 'BNK-BIS',
    bank: 'BIS',
    hour: 15,
  },
  {
    reference: 'FX-TEFESS-CREDIT',
    type: 'network_credit',
    service: 'network',
    amount: 300_000,
    from: 'NET-TEFESS',
    to: 'STN-TEFESS',
    network: 'tefess',
    hour: 16,
  },
  {
    reference: 'FX-DJOLOFF-CREDIT',
    type: 'network_credit',
    service: 'network',
    amount: 400_000,
    from: 'NET-DJOLOFF',
    to: 'STN-DJOLOFF',
    network: 'djoloff',
    hour: 17,
  },
  {
    reference: 'FX-AFTU-1',
    type: 'bill_payment',
    service: 'aftu',
    amount: 500,
    from: 'CUS-000005',
    to: 'AFTU-AFTU-001',
    memberId: 'AFTU-001',
    hour: 18,
  },
  {
    reference: 'FX-AFTU-2',
    type: 'bill_payment',
    service: 'aftu',
    amount: 700,
    from: 'CUS-000006',
    to: 'AFTU-AFTU-002',
    memberId: 'AFTU-002',
    hour: 19,
  },
  {
    reference: 'FX-CHAIN-CREDIT',
    type: 'network_credit',
    service: 'network',
    amount: 250_000,
    from: 'CHN-M1',
    to: 'CHN-L1',
    hour: 20,
  },
  {
    reference: 'FX-CHAIN-OTHER',
    type: 'network_credit',
    service: 'network',
    amount: 90_000,
    from: 'CHN-M2',
    to: 'CHN-L3',
    hour: 21,
  },
];
const successful = FIXTURES.filter((f) => (f.status ?? 'success') === 'success');

beforeAll(async () => {
  api = await createTestApi();
  await insertFixtures(api.handle.db, FIXTURES);
});
afterAll(() => api.close());

describe('transaction report (admin)', () => {
  it('lists every fixture of the day with totals of the successful ones', async () => {
    const res = await report('admin', 'transaction-report');
    expect(res.status).toBe(200);
    const page = res.body.payload;
    expect(page.total).toBe(FIXTURES.length);
    expect(page.totals.count).toBe(successful.length);
    expect(page.totals.amount).toBe(successful.reduce((s, f) => s + f.amount, 0));
    expect(page.totals.fee).toBe(200 + 100 + 100);
    expect(page.totals.commission).toBe(120);
    // Newest first by default.
    expect(page.rows[0]?.reference).toBe('FX-CHAIN-OTHER');
    expect(page.rows[0]?.createdAt).toBe(`${FIXTURE_DAY}T21:00:00.000Z`);
  });

  it('filters by status and by service', async () => {
    const failed = await report('admin', 'transaction-report', { status: 'failed' });
    expect(failed.body.payload.rows.map((r) => r.reference)).toEqual(['FX-CASHIN-FAILED']);
    const woyofal = await report('admin', 'transaction-report', { service: 'woyofal' });
    expect(woyofal.body.payload.total).toBe(1);
    expect(woyofal.body.payload.totals.amount).toBe(7_500);
  });

  it('finds by reference prefix (any case), holder name, account number or phone digits', async () => {
    const refs = async (q: string) =>
      (await report('admin', 'transaction-report', { q, pageSize: 100 })).body.payload.rows.map((r) => r.reference);
    expect(await refs('FX-BBG')).toEqual(['FX-BBG-ISSUE']);
    expect(await refs('fx-bbg-iss')).toEqual(['FX-BBG-ISSUE']);
    // LIKE wildcards typed by the user are literal characters.
    expect(await refs('FX_BBG')).toEqual([]);

    const [holder] = await queryRows<{ label: string; phone: string }>(
      api.handle.db,
      sql`SELECT label, phone FROM accounts WHERE number = 'CUS-000002'`,
    );
    const involvingCustomer2 = FIXTURES.filter((f) => f.from === 'CUS-000002' || f.to === 'CUS-000002')
      .map((f) => f.reference)
      .sort();
    expect(involvingCustomer2.length).toBeGreaterThan(0);
    const byPhone = await refs((holder?.phone ?? '').replace(/\D/g, '').slice(-8));
    expect(byPhone.sort()).toEqual(involvingCustomer2);
    expect((await refs('CUS-000002')).sort()).toEqual(involvingCustomer2);
    expect(await refs(holder?.label ?? '')).toEqual(expect.arrayContaining(involvingCustomer2));

    const none = await report('admin', 'transaction-report', { q: 'no such holder anywhere' });
    expect(none.body.payload.total).toBe(0);
    expect(none.body.payload.totals.amount).toBe(0);
  });

  it('keeps totals across pages and sorts, and shows a transaction added meanwhile', async () => {
    const first = await report('admin', 'transaction-report', { pageSize: 10 });
    const second = await report('admin', 'transaction-report', { pageSize: 10, page: 2, sort: 'amount' });
    expect(second.body.payload.totals).toEqual(first.body.payload.totals);
    expect(second.body.payload.total).toBe(first.body.payload.total);

    await insertFixtures(api.handle.db, [
      {
        reference: 'FX-LATE-CASHIN',
        type: 'cash_in',
        service: 'wallet',
        amount: 1_234,
        from: 'AGT-00001',
        to: 'CUS-000009',
        hour: 23,
      },
    ]);
    try {
      const after = await report('admin', 'transaction-report', { pageSize: 10 });
      expect(after.body.payload.total).toBe(first.body.payload.total + 1);
      expect(after.body.payload.totals.amount).toBe((first.body.payload.totals.amount ?? 0) + 1_234);
    } finally {
      await api.handle.db.execute(sql`DELETE FROM transactions WHERE reference = 'FX-LATE-CASHIN'`);
    }
  });

  it('sorts on the server and pages through the result', async () => {
    const first = await report('admin', 'transaction-report', { sort: 'amount', dir: 'asc', pageSize: 10 });
    const amounts = first.body.payload.rows.map((r) => r.amount as number);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts[0]).toBe(500);
    const second = await report('admin', 'transaction-report', { sort: 'amount', dir: 'asc', pageSize: 10, page: 2 });
    expect(second.body.payload.rows).toHaveLength(FIXTURES.length - 10);
    expect(second.body.payload.rows.at(-1)?.reference).toBe('FX-BBG-ISSUE');
  });

  it('answers bad filters with 400 in the error shape', async () => {
    const res = await report('admin', 'transaction-report', { from: '2030-02-01', to: '2030-01-01' });
    expect(res.status).toBe(400);
    expect((res.body as unknown as { errors: { longMessage: string }[] }).errors[0]?.longMessage).toMatch(/start date/);
    const bad = await report('admin', 'transaction-report', { from: '15/01/2030' });
    expect(bad.status).toBe(400);
    for (const impossible of ['2030-02-30', '9999-12-31', '2030-13-01']) {
      expect((await report('admin', 'transaction-report', { from: impossible, to: impossible })).status).toBe(400);
    }
  });

  it('answers an unknown report with 404', async () => {
    const res = await report('admin', 'no-such-report');
    expect(res.status).toBe(404);
  });
});

describe('row scope', () => {
  it('shows an agent only its own transactions', async () => {
    const res = await report('agent', 'individual-transaction-report');
    expect(res.body.payload.rows.map((r) => r.reference).sort()).toEqual(['FX-CASHIN-1', 'FX-CASHOUT-1']);
    expect(res.body.payload.totals.amount).toBe(30_000);
  });

  it('shows a merchant only what it received on the received report', async () => {
    const res = await report('merchant', 'received-report');
    expect(res.body.payload.rows.map((r) => r.reference)).toEqual(['FX-PAY-MERCHANT']);
  });

  it('refuses a group the report is not for', async () => {
    expect((await report('agent', 'transaction-report')).status).toBe(403);
    expect((await report('merchant', 'woyofal-report')).status).toBe(403);
  });

  it('shows a bank only its own e-money, and refuses another bank’s report', async () => {
    const bbg = await report('bank-bridge', 'emoney-issued-report');
    expect(bbg.body.payload.rows.map((r) => r.reference)).toEqual(['FX-BBG-ISSUE']);
    const bis = await report('bank', 'emoney-issued-report');
    expect(bis.body.payload.rows.map((r) => r.reference)).toEqual(['FX-BIS-ISSUE']);
    expect((await report('bank', 'reports-bbg-bank')).status).toBe(403);
    const own = await report('bbg-bank', 'reports-bbg-bank');
    expect(own.status).toBe(200);
    expect(own.body.payload.rows.map((r) => r.reference)).toEqual(['FX-BBG-ISSUE']);
  });

  it('shows a network master its own network only', async () => {
    const tefess = await report('tefess-master', 'edk-tefess');
    expect(tefess.body.payload.rows.map((r) => r.reference)).toEqual(['FX-TEFESS-CREDIT']);
    expect((await report('tefess-master', 'edk-djoloff')).status).toBe(403);
    const edk = await report('edk-master', 'edk-djoloff');
    expect(edk.body.payload.rows.map((r) => r.reference)).toEqual(['FX-DJOLOFF-CREDIT']);
  });

  it('shows a gerant its own station only', async () => {
    const res = await report('gerant-tefess', 'report-gerant-tefess');
    expect(res.body.payload.rows.map((r) => r.reference)).toEqual(['FX-TEFESS-CREDIT']);
    expect((await report('gerant-tefess', 'report-gerant-djoloff')).status).toBe(403);
  });

  it('checks the AFTU member against the master’s associated members', async () => {
    const own = await report('aftu-master', 'report-aftu-partner', { memberId: 'AFTU-001' });
    expect(own.body.payload.rows.map((r) => r.reference)).toEqual(['FX-AFTU-1']);
    expect((await report('aftu-master', 'report-aftu-partner', { memberId: 'AFTU-999' })).status).toBe(403);
    expect((await report('aftu-master', 'report-aftu-partner')).status).toBe(400);
  });

  it('shows a merchant chain its own subtree', async () => {
    const master = await report('merchant-master', 'member-credit-head');
    expect(master.body.payload.rows.map((r) => r.reference)).toEqual(['FX-CHAIN-CREDIT']);
    const head = await report('merchant-head', 'member-credit-head');
    expect(head.body.payload.rows.map((r) => r.reference).sort()).toEqual(['FX-CHAIN-CREDIT', 'FX-CHAIN-OTHER']);
  });

  it('gives a single-report admin its report and nothing else', async () => {
    expect((await report('rapido-manager', 'rapido-report')).status).toBe(200);
    expect((await report('rapido-manager', 'seoh-report')).status).toBe(403);
  });
});

describe('aggregate and account reports', () => {
  it('sums the day by service', async () => {
    const res = await report('report-admin', 'aggregrate-report', { status: 'success' });
    const byService = Object.fromEntries(res.body.payload.rows.map((r) => [r.key, r.amount]));
    const expected: Record<string, number> = {};
    for (const f of successful) expected[f.service] = (expected[f.service] ?? 0) + f.amount;
    expect(byService).toEqual(expected);
    expect(res.body.payload.totals.amount).toBe(successful.reduce((s, f) => s + f.amount, 0));
  });

  it('totals wallet balances as the ledger holds them', async () => {
    const res = await api.call<{ payload: Page }>('GET', '/rest/reports/wallet-balance?pageSize=10', {
      token: await as('admin'),
    });
    const [expected] = await queryRows<{ n: string; total: string }>(
      api.handle.db,
      sql`SELECT count(*) AS n, sum(balance) AS total FROM accounts WHERE kind IN ('customer','agent','merchant')`,
    );
    expect(res.body.payload.totals.count).toBe(Number(expected?.n));
    expect(res.body.payload.totals.balance).toBe(Number(expected?.total));
    expect(res.body.payload.rows).toHaveLength(10);
  });

  it('finds a wallet by the end of its phone number however it is typed, or by name', async () => {
    const [holder] = await queryRows<{ number: string; label: string; phone: string }>(
      api.handle.db,
      sql`SELECT number, label, phone FROM accounts WHERE number = 'CUS-000003'`,
    );
    const digits = (holder?.phone ?? '').replace(/\D/g, '');
    const spaced = `${digits.slice(-9, -7)} ${digits.slice(-7, -4)} ${digits.slice(-4, -2)} ${digits.slice(-2)}`;
    for (const q of [holder?.phone ?? '', digits, spaced, `+${digits}`]) {
      const res = await api.call<{ payload: Page }>(
        'GET',
        `/rest/reports/wallet-balance?${new URLSearchParams({ q, pageSize: '50' })}`,
        { token: await as('admin') },
      );
      expect(res.body.payload.rows.map((r) => r.number)).toContain('CUS-000003');
    }
    const byName = await api.call<{ payload: Page }>(
      'GET',
      `/rest/reports/wallet-balance?${new URLSearchParams({ q: (holder?.label ?? '').toUpperCase(), pageSize: '200' })}`,
      { token: await as('admin') },
    );
    expect(byName.body.payload.rows.map((r) => r.number)).toContain('CUS-000003');
  });
});

describe('the ledger', () => {
  it('sums to zero, and every balance is the sum of its postings', async () => {
    const [total] = await queryRows<{ sum: string }>(
      api.handle.db,
      sql`SELECT coalesce(sum(amount), 0) AS sum FROM postings`,
    );
    expect(Number(total?.sum)).toBe(0);
    const mismatched = await queryRows(
      api.handle.db,
      sql`SELECT a.id FROM accounts a LEFT JOIN (SELECT account_id, sum(amount) s FROM postings GROUP BY account_id) p
          ON p.account_id = a.id WHERE a.balance <> coalesce(p.s, 0)`,
    );
    expect(mismatched).toEqual([]);
  });

  it('has no customer, agent or merchant below zero', async () => {
    const negative = await queryRows(
      api.handle.db,
      sql`SELECT id FROM accounts WHERE balance < 0 AND kind IN ('customer','agent','merchant','bank_float')`,
    );
    expect(negative).toEqual([]);
  });
});

describe('registry', () => {
  it('gives every report a unique id and path', () => {
    expect(new Set(REPORTS.map((r) => r.id)).size).toBe(REPORTS.length);
    expect(new Set(REPORTS.map((r) => r.path)).size).toBe(REPORTS.length);
  });
});
