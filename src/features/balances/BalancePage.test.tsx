/**
 * The balance and repartition pages in the real app over the fake API: the numbers of the
 * answer, formatted in XOF; the chart with its title and the table of days; the period in
 * the URL and in the request; the member of the AFTU page; errors with Retry.
 */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createFakeApi,
  type FakeApi,
  failure,
  type RenderedApp,
  renderApp,
  success,
} from '../../../tests/unit/support/render-app';
import { formatDateYmd, formatXof } from '../../i18n/format';
import type { Balance, Repartition } from '../../../contract/api/balances';
import { balanceForPath, repartitionBankForPath } from '../../../contract/navigation/balance-routes';

const TIMEOUT = 60_000;

let app: RenderedApp | undefined;
beforeAll(async () => {
  await Promise.all([import('./BalancePage'), import('./RepartitionPage')]);
}, 60_000);
afterEach(() => {
  app?.unmount();
  app = undefined;
});

/** Queries inside the content area, not the side menu: much cheaper in jsdom. */
const content = () => within(document.getElementById('content') ?? document.body);
const plain = (s: string | null | undefined) => (s ?? '').replace(/\s/g, ' ');
/** XOF as the page shows it, with the non-breaking space Intl puts after the code made plain. */
const xof = (n: number) => plain(formatXof(n, 'en'));
const cells = (row: Element | undefined) => [...(row?.children ?? [])].map((c) => plain(c.textContent));
const daysAgo = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return formatDateYmd(d);
};

const BALANCE: Balance = {
  account: { number: 'EDK-0001', label: 'EDK Distribution float' },
  currency: 'XOF',
  balance: 2500000,
  opening: 1000000,
  credits: 1800000,
  debits: 300000,
  days: [
    { date: '2025-03-01', credits: 800000, debits: 100000, closing: 1700000 },
    { date: '2025-03-02', credits: 1000000, debits: 200000, closing: 2500000 },
  ],
};

function open(url: string, as: string, setup: (api: FakeApi) => void) {
  const api = createFakeApi();
  setup(api);
  app = renderApp({ url, api, signedInAs: as });
  return app;
}

async function settled() {
  await waitFor(() => expect(document.querySelector('[data-print-root][aria-busy="false"]')).not.toBeNull(), {
    timeout: 20_000,
  });
}

describe('balance routes', () => {
  it('maps each balance path to its balance id', () => {
    expect(balanceForPath('/balance-edk-tefess')).toEqual({ balanceId: 'edk-tefess' });
    expect(balanceForPath('/balance-gerant-low-price')).toEqual({ balanceId: 'gerant-low-price' });
    expect(balanceForPath('/balance-dakar-dem-dikk')).toEqual({ balanceId: 'dakar-dem-dikk' });
    expect(balanceForPath('/remaining-bank-bis-balance')).toEqual({ balanceId: 'remaining-bank-bis' });
    expect(balanceForPath('/balance-aftu-partner/AFTU-002')).toEqual({
      balanceId: 'aftu-partner',
      memberId: 'AFTU-002',
    });
    expect(balanceForPath('/balance-nowhere')).toBeUndefined();
    expect(repartitionBankForPath('/bis-repartition')).toBe('BIS');
  });
});

describe('balance page', () => {
  it('shows the balance, the period totals, the chart and the days', { timeout: TIMEOUT }, async () => {
    const a = open('/balance-edk-distribution', 'edk-master', (api) =>
      api.on('GET', 'balances/edk-distribution', () => ({ body: success(BALANCE) })),
    );
    await settled();
    expect(content().getByRole('heading', { level: 1 })).toHaveTextContent(/^EDK Distribution Balance$/);
    // The last 30 days by default.
    const call = a.api.callsTo('balances/edk-distribution').at(-1);
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ from: daysAgo(29), to: daysAgo(0) });

    const cards = content()
      .getAllByRole('term')
      .map((dt) => [dt.textContent, plain(dt.nextElementSibling?.textContent)]);
    expect(cards).toEqual([
      ['Current balance', xof(2500000)],
      ['Opening balance', xof(1000000)],
      ['Credits', xof(1800000)],
      ['Debits', xof(300000)],
    ]);
    expect(content().getByText(/EDK Distribution float/)).toBeInTheDocument();

    const chart = content().getByRole('img', { name: /Daily closing balance/ });
    expect(chart.querySelector('title')).toHaveTextContent('Daily closing balance');
    expect(plain(chart.querySelector('desc')?.textContent)).toContain(`from ${xof(1000000)} to ${xof(2500000)}`);

    const days = content().getByRole('table', { name: 'Days' });
    const rows = within(days).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['01-03-2025', xof(800000), xof(100000), xof(1700000)],
      ['02-03-2025', xof(1000000), xof(200000), xof(2500000)],
    ]);
  });

  it('a period preset goes to the URL and into the request', { timeout: TIMEOUT }, async () => {
    const a = open('/balance-edk-distribution', 'edk-master', (api) =>
      api.on('GET', 'balances/edk-distribution', () => ({ body: success({ ...BALANCE, days: [] }) })),
    );
    await settled();
    expect(content().getByText('No movements in this period')).toBeInTheDocument();
    await a.user.selectOptions(content().getByLabelText('Period'), 'Last 7 days');
    await waitFor(() => expect(a.location().search).toContain('range=7d'));
    await waitFor(() => expect(a.api.callsTo('balances/edk-distribution').at(-1)?.query.get('from')).toBe(daysAgo(6)));

    await a.user.selectOptions(content().getByLabelText('Period'), 'Custom');
    fireEvent.change(content().getByLabelText('From'), { target: { value: '2025-01-05' } });
    await waitFor(() =>
      expect(a.api.callsTo('balances/edk-distribution').at(-1)?.query.get('from')).toBe('2025-01-05'),
    );
    expect(new URLSearchParams(a.location().search).get('range')).toBeNull();
    expect(new URLSearchParams(a.location().search).get('from')).toBe('2025-01-05');
  });

  it("asks for the route's member on the AFTU balance page", { timeout: TIMEOUT }, async () => {
    const a = open('/balance-aftu-partner/AFTU-002', 'aftu-master', (api) =>
      api.on('GET', 'balances/aftu-partner', () => ({ body: success(BALANCE) })),
    );
    await settled();
    expect(content().getByRole('heading', { level: 1 })).toHaveTextContent(/^AFTU Member Balance$/);
    expect(a.api.callsTo('balances/aftu-partner').at(-1)?.query.get('memberId')).toBe('AFTU-002');
  });

  it("shows the API's message and retries", { timeout: TIMEOUT }, async () => {
    let fail = true;
    const a = open('/balance-edk-distribution', 'edk-master', (api) =>
      api.on('GET', 'balances/edk-distribution', () =>
        fail
          ? { status: 500, body: failure('INTERNAL_ERROR', 'The ledger is closing the day.') }
          : { body: success(BALANCE) },
      ),
    );
    const alert = await content().findByRole('alert', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent('The ledger is closing the day.');
    fail = false;
    await a.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(plain(content().getAllByRole('term')[0]?.nextElementSibling?.textContent)).toBe(xof(2500000)),
    );
  });
});

describe('repartition page', () => {
  const REPARTITION: Repartition = {
    bank: { code: 'BBG', name: 'Bridge Bank Group' },
    float: 9000000,
    rows: [
      { kind: 'customer', accounts: 120, balance: 3000000 },
      { kind: 'merchant', accounts: 8, balance: 6000000 },
    ],
  };

  it('shows the float and the balances by kind as bars and a table', { timeout: TIMEOUT }, async () => {
    const a = open('/bbg-repartition', 'admin', (api) =>
      api.on('GET', 'balances/repartition/BBG', () => ({ body: success(REPARTITION) })),
    );
    await settled();
    expect(content().getByRole('heading', { level: 1 })).toHaveTextContent(/^BBG Balance Repartition$/);
    expect(a.api.callsTo('balances/repartition/BBG')).toHaveLength(1);
    const [float] = content().getAllByRole('term');
    expect(float).toHaveTextContent('Float');
    expect(plain(float?.nextElementSibling?.textContent)).toBe(xof(9000000));
    expect(content().getByText('Bridge Bank Group')).toBeInTheDocument();

    const chart = content().getByRole('img', { name: /Balance by account kind/ });
    expect(within(chart).getByText('Merchant')).toBeInTheDocument();

    const table = content().getByRole('table', { name: 'Accounts and balances by kind' });
    const rows = within(table).getAllByRole('row');
    // Largest first, with each kind's share of the total.
    expect(cells(rows[1])).toEqual(['Merchant', '8', xof(6000000), '66.7%']);
    expect(cells(rows[3])).toEqual(['Total', '128', xof(9000000), '']);
  });

  it('says so when no account holds a balance', { timeout: TIMEOUT }, async () => {
    open('/bis-repartition', 'admin', (api) =>
      api.on('GET', 'balances/repartition/BIS', () => ({
        body: success({ bank: { code: 'BIS', name: 'Banque Islamique du Sénégal' }, float: 0, rows: [] }),
      })),
    );
    expect(
      await content().findByText('No accounts hold a balance at this bank', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });
});
