/**
 * The generic report page in the real app (router, session, API client) over the fake API:
 * columns, totals and formatted amounts from an answer; filters, sort and paging in the URL
 * and in the request; the column chooser; export jobs followed to their download link.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createFakeApi,
  type FakeApi,
  failure,
  type RecordedCall,
  type RenderedApp,
  renderApp,
  success,
} from '../../../tests/unit/support/render-app';
import { formatDateYmd, formatXof } from '../../i18n/format';
import { columnsStorageKey } from './ColumnChooser';
import type { ExportJob } from './exports-machine';
import { SEARCH_DEBOUNCE_MS } from './ReportFilters';
import type { ReportResult } from '../../ui/list/report-result';

const TIMEOUT = 60_000;
const TX_PATH = 'reports/transaction-report';

let app: RenderedApp | undefined;
// The page is a lazy chunk: load it once up front so no test pays for its first import.
beforeAll(async () => {
  await import('./ReportPage');
}, 60_000);
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const today = formatDateYmd(new Date());
/** The page's XOF text, with the non-breaking space Intl puts after the code made plain. */
const xof = (n: number) => formatXof(n, 'en').replace(/\s/g, ' ');

function txAnswer(call: RecordedCall, total = 2): ReportResult {
  const page = Number(call.query.get('page') ?? 1);
  const pageSize = Number(call.query.get('pageSize') ?? 50);
  return {
    rows: [
      {
        createdAt: '2025-03-04T09:05:00',
        reference: 'TX2503040001',
        type: 'cash_in',
        service: 'wallet',
        status: 'success',
        fromName: 'Agent Plateau',
        fromPhone: '+221770000001',
        toName: 'Awa Diallo',
        toPhone: '+221770000002',
        amount: 1234567,
        fee: 500,
        commission: 250,
        initiator: 'Awa Ndiaye',
        channel: 'ussd',
      },
      {
        createdAt: '2025-03-04T10:15:00',
        reference: 'TX2503040002',
        type: 'transfer',
        service: 'wallet',
        status: 'failed',
        fromName: 'Moussa Diop',
        fromPhone: null,
        toName: 'Fatou Sow',
        toPhone: null,
        amount: 5000,
        fee: 0,
        commission: 0,
        initiator: null,
        channel: 'app',
      },
    ],
    total,
    page,
    pageSize,
    // As the server adds them up: the successful row, the failed one beside it.
    totals: { count: 1, amount: 1234567, fee: 500, commission: 250 },
    byStatus: [
      { status: 'success', count: 1, amount: 1234567 },
      { status: 'failed', count: 1, amount: 5000 },
      { status: 'reversed', count: 0, amount: 0 },
      { status: 'pending', count: 0, amount: 0 },
    ],
  };
}

function open(url: string, options: { api?: FakeApi; as?: string } = {}) {
  const api = options.api ?? createFakeApi();
  if (!options.api) api.on('GET', TX_PATH, (call) => ({ body: success(txAnswer(call)) }));
  api.on('GET', 'exports', () => ({ body: success({ jobs: [] }) }));
  app = renderApp({ url, api, signedInAs: options.as ?? 'adfinance-report' });
  return app;
}

/** Queries inside the content area, not the side menu: much cheaper in jsdom. */
const content = () => within(document.getElementById('content') ?? document.body);
const lastCall = (api: FakeApi, path: string) => api.callsTo(path, 'GET').at(-1);
const table = () => content().getByRole('table', { name: 'Transaction Report' });
const headers = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim());
const search = (a: RenderedApp) => new URLSearchParams(a.location().search);
const parsedSearch = (a: RenderedApp) => a.router.state.location.search as Record<string, unknown>;

/** The report's table once its rows are in (the skeleton has aria-busy). */
async function loaded(name = 'Transaction Report') {
  await waitFor(() => expect(document.querySelector('table[aria-busy="false"]')).not.toBeNull(), { timeout: 20_000 });
  return content().getByRole('table', { name });
}

describe('report page', () => {
  it('shows the registry title, the columns, formatted rows and the totals', { timeout: TIMEOUT }, async () => {
    const a = open('/reports/transaction-report');
    await loaded();
    expect(content().getByRole('heading', { level: 1 })).toHaveTextContent(/^Transaction Report$/);

    // The default columns: every column of the report that is not optional.
    expect(headers()).toEqual([
      'Date',
      'Reference',
      'Type',
      'Service',
      'Status',
      'From',
      'To',
      'Amount',
      'Fee',
      'Commission',
    ]);
    const rows = within(table()).getAllByRole('row');
    const first = within(rows[1] as HTMLElement);
    // A date of another year keeps its year, short; the full date is in its title.
    expect(first.getByText('04-03-25 09:05')).toHaveAttribute('title', '04-03-2025 09:05');
    expect(first.getByText(xof(1234567))).toBeInTheDocument();
    expect(xof(1234567)).toBe('XOF 1,234,567');
    expect(first.getByText('Success')).toHaveAttribute('data-value', 'success');
    expect(first.getByText('Cash in')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Failed')).toBeInTheDocument();

    // The sums are the successful transactions', and say so; the other statuses are beside them, above the rows.
    const totals = content().getByTestId('report-totals');
    expect(within(totals).getByRole('rowheader')).toHaveTextContent('Successful (1)');
    expect(totals.querySelector('[data-column="amount"]')).toHaveTextContent('XOF 1,234,567');
    expect(totals.querySelector('[data-column="fee"]')).toHaveTextContent('XOF 500');
    expect(totals.querySelector('[data-column="commission"]')).toHaveTextContent('XOF 250');
    const byStatus = content().getByRole('region', { name: 'Totals by status' });
    expect(within(byStatus).getAllByRole('listitem')[0]).toHaveTextContent('Successful: 1 · XOF 1,234,567');
    expect(within(byStatus).getAllByRole('listitem')[1]).toHaveTextContent('Failed: 1 · XOF 5,000');
    // Above the filters and the rows: in view on a phone too.
    const filters = content().getByLabelText('Status');
    expect(byStatus.compareDocumentPosition(filters) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Today by default, first page of 50, the server's order.
    const call = lastCall(a.api, TX_PATH);
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ from: today, to: today, page: '1', pageSize: '50' });
    expect(content().getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'descending');
    expect(content().getByTestId('page-indicator')).toHaveTextContent('Page 1 of 1');
  });

  it('follows the interface language: titles, columns, labels and amounts in French', {
    timeout: TIMEOUT,
  }, async () => {
    const a = open('/reports/transaction-report?status=success');
    await loaded();
    await a.user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'fr' }));
    await waitFor(() =>
      expect(content().getByRole('heading', { level: 1 })).toHaveTextContent(/^Rapport des transactions$/),
    );
    const t = content().getByRole('table', { name: 'Rapport des transactions' });
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Montant');
    expect(within(t).getByText('Réussie')).toBeInTheDocument();
    // The row's amount, and the successful total under it.
    expect(within(t).getAllByText(formatXof(1234567, 'fr').replace(/\s/g, ' '))).toHaveLength(2);
    expect(within(content().getByTestId('report-totals')).getByRole('rowheader')).toHaveTextContent('Réussies (1)');
    expect(content().getByRole('region', { name: 'Totaux par statut' })).toHaveTextContent(
      'Les totaux ne comptent que les transactions réussies.',
    );
    expect(content().getByRole('button', { name: 'Exporter en CSV' })).toBeInTheDocument();
    expect(content().getByText(/· Statut : Réussie$/)).toBeInTheDocument();
  });

  it('a filter goes to the URL (a new history entry) and into the request', { timeout: TIMEOUT }, async () => {
    const a = open('/reports/transaction-report?page=2');
    await loaded();
    const entries = a.router.history.length;
    await a.user.selectOptions(content().getByLabelText('Status'), 'Failed');
    await waitFor(() => expect(search(a).get('status')).toBe('failed'));
    // On paper the filter reads as on screen, a label and not the code.
    expect(content().getByText(/· Status: Failed$/)).toBeInTheDocument();
    // A filter starts again from page 1.
    expect(search(a).get('page')).toBeNull();
    await waitFor(() => expect(lastCall(a.api, TX_PATH)?.query.get('status')).toBe('failed'));
    expect(lastCall(a.api, TX_PATH)?.query.get('page')).toBe('1');
    expect(a.router.history.length).toBe(entries + 1);

    await a.user.selectOptions(content().getByLabelText('Period'), 'Last 7 days');
    await waitFor(() => expect(search(a).get('range')).toBe('7d'));
    const weekAgo = new Date();
    weekAgo.setDate(weekAgo.getDate() - 6);
    await waitFor(() => expect(lastCall(a.api, TX_PATH)?.query.get('from')).toBe(formatDateYmd(weekAgo)));

    // Back restores the previous filters.
    act(() => a.router.history.back());
    await waitFor(() => expect(search(a).get('range')).toBeNull());
    expect(content().getByLabelText('Status')).toHaveValue('failed');
  });

  it('the search waits for a pause in typing and replaces the history entry', { timeout: TIMEOUT }, async () => {
    const a = open('/reports/transaction-report');
    await loaded();
    const entries = a.router.history.length;
    const fetches = a.api.callsTo(TX_PATH).length;
    await a.user.type(content().getByLabelText('Search phone, reference or name'), '77123');
    await waitFor(() => expect(parsedSearch(a).q).toBe('77123'), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    await waitFor(() => expect(lastCall(a.api, TX_PATH)?.query.get('q')).toBe('77123'));
    // One request for the whole number, and no new history entry.
    expect(a.api.callsTo(TX_PATH).length).toBe(fetches + 1);
    expect(a.router.history.length).toBe(entries);
  });

  it('a sortable header sorts on the server and toggles the direction', { timeout: TIMEOUT }, async () => {
    const a = open('/reports/transaction-report');
    await loaded();
    // The server's default order (newest first) turns around on the first click.
    await a.user.click(within(content().getByRole('columnheader', { name: /Date/ })).getByRole('button'));
    await waitFor(() => expect(search(a).get('sort')).toBe('createdAt'));
    expect(search(a).get('dir')).toBe('asc');
    await loaded();

    const amount = () => content().getByRole('columnheader', { name: /Amount/ });
    expect(amount()).not.toHaveAttribute('aria-sort');
    await a.user.click(within(amount()).getByRole('button'));
    await waitFor(() => expect(search(a).get('sort')).toBe('amount'));
    expect(search(a).get('dir')).toBe('desc');
    await waitFor(() => expect(lastCall(a.api, TX_PATH)?.query.get('dir')).toBe('desc'));
    expect(lastCall(a.api, TX_PATH)?.query.get('sort')).toBe('amount');
    await loaded();
    expect(amount()).toHaveAttribute('aria-sort', 'descending');
    expect(content().getByRole('columnheader', { name: /Date/ })).not.toHaveAttribute('aria-sort');

    await a.user.click(within(amount()).getByRole('button'));
    await waitFor(() => expect(search(a).get('dir')).toBe('asc'));
    await waitFor(() => expect(lastCall(a.api, TX_PATH)?.query.get('dir')).toBe('asc'));
    await loaded();
    expect(amount()).toHaveAttribute('aria-sort', 'ascending');

    // Text columns start A to Z.
    await a.user.click(within(content().getByRole('columnheader', { name: /Reference/ })).getByRole('button'));
    await waitFor(() => expect(search(a).get('sort')).toBe('reference'));
    expect(search(a).get('dir')).toBe('asc');
  });

  it('pages with Next / Previous and changes the page size', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    api.on('GET', TX_PATH, (call) => ({ body: success(txAnswer(call, 120)) }));
    const a = open('/reports/transaction-report', { api });
    await loaded();
    expect(content().getByTestId('page-indicator')).toHaveTextContent('Page 1 of 3');
    expect(content().getByRole('button', { name: 'Previous' })).toBeDisabled();
    await a.user.click(content().getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(search(a).get('page')).toBe('2'));
    await waitFor(() => expect(content().getByTestId('page-indicator')).toHaveTextContent('Page 2 of 3'));
    expect(lastCall(a.api, TX_PATH)?.query.get('page')).toBe('2');

    await a.user.selectOptions(content().getByLabelText('Rows per page'), '25');
    await waitFor(() => expect(search(a).get('pageSize')).toBe('25'));
    expect(search(a).get('page')).toBeNull();
    await waitFor(() => expect(content().getByTestId('page-indicator')).toHaveTextContent('Page 1 of 5'));
    expect(lastCall(a.api, TX_PATH)?.query.get('pageSize')).toBe('25');
  });

  it('a page past the end (a stale link) goes to the last page', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    api.on('GET', TX_PATH, (call) => {
      const answer = txAnswer(call, 120);
      return { body: success(Number(call.query.get('page')) > 3 ? { ...answer, rows: [] } : answer) };
    });
    const a = open('/reports/transaction-report?page=9', { api });
    await waitFor(() => expect(search(a).get('page')).toBe('3'), { timeout: 20_000 });
    await waitFor(() => expect(content().getByTestId('page-indicator')).toHaveTextContent('Page 3 of 3'));
    expect(lastCall(a.api, TX_PATH)?.query.get('page')).toBe('3');
  });

  it('the column chooser hides and shows columns and remembers the choice', { timeout: TIMEOUT }, async () => {
    const a = open('/reports/transaction-report');
    await loaded();
    await a.user.click(content().getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByRole('menu'); // portalled to <body>
    await a.user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Fee' }));
    await a.user.click(within(menu).getByRole('menuitemcheckbox', { name: 'From phone' }));
    await waitFor(() => expect(headers()).not.toContain('Fee'));
    expect(headers()).toContain('From phone');
    expect(within(table()).getByText('+221770000001')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(columnsStorageKey('transaction-report')) ?? '[]')).toEqual([
      'createdAt',
      'reference',
      'type',
      'service',
      'status',
      'fromName',
      'fromPhone',
      'toName',
      'amount',
      'commission',
    ]);
    // The fee total goes with its column.
    expect(content().getByTestId('report-totals').querySelector('[data-column="fee"]')).toBeNull();

    app = a.reload();
    await loaded();
    expect(headers()).not.toContain('Fee');
    expect(headers()).toContain('From phone');
  });

  it('offers no column chooser on a narrow report without optional columns', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    api.on('GET', 'reports/aggregrate-report', () => ({
      body: success({
        rows: [{ key: 'woyofal', count: 3, amount: 30000, fee: 300, commission: 30 }],
        total: 1,
        page: 1,
        pageSize: 50,
        totals: { count: 3, amount: 30000, fee: 300, commission: 30 },
        byStatus: [
          { status: 'success', count: 3, amount: 30000 },
          { status: 'failed', count: 1, amount: 2000 },
          { status: 'reversed', count: 0, amount: 0 },
          { status: 'pending', count: 0, amount: 0 },
        ],
      }),
    }));
    open('/reports/aggregrate-report', { api, as: 'report-admin' });
    const t = await loaded('Aggregate Report');
    expect(content().queryByRole('button', { name: 'Columns' })).toBeNull();
    // The group key is a service: shown by its label; the count total sits in its own column.
    expect(within(t).getByText('Woyofal')).toBeInTheDocument();
    const totals = content().getByTestId('report-totals');
    expect(within(totals).getByRole('rowheader')).toHaveTextContent('Successful');
    expect(totals.querySelector('[data-column="count"]')).toHaveTextContent('3');
  });

  it('an export job is posted, followed and offered for download', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    api.on('GET', TX_PATH, (call) => ({ body: success(txAnswer(call)) }));
    let jobs: ExportJob[] = [];
    const posted: unknown[] = [];
    api.on('POST', `${TX_PATH}/exports`, (call) => {
      posted.push(call.body);
      const job: ExportJob = {
        id: 'exp-1',
        status: 'queued',
        rowsDone: 0,
        rowsTotal: 2,
        format: 'csv',
        reportId: 'transaction-report',
        createdAt: '2025-03-04T10:00:00',
        finishedAt: null,
        error: null,
        downloadUrl: null,
      };
      jobs = [{ ...job, status: 'running', rowsDone: 1 }];
      return { body: success(job) };
    });
    const a = open('/reports/transaction-report?status=success', { api });
    api.on('GET', 'exports', () => {
      const answer = jobs;
      // The job finishes between two polls.
      if (jobs[0]?.status === 'running') {
        jobs = [{ ...jobs[0], status: 'done', rowsDone: 2, downloadUrl: '/rest/exports/exp-1/download?key=abc' }];
      }
      return { body: success({ jobs: answer }) };
    });
    await loaded();
    await a.user.click(content().getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    // The screen's filters, order (the default one here), visible columns and language.
    expect(posted[0]).toMatchObject({
      format: 'csv',
      filters: { from: today, to: today, status: 'success' },
      language: 'en',
    });
    expect((posted[0] as { columns: string[] }).columns.slice(0, 3)).toEqual(['createdAt', 'reference', 'type']);
    expect(posted[0]).not.toHaveProperty('sort');

    // The notification follows the job, then offers the server's link.
    const progress = await screen.findByRole(
      'progressbar',
      { name: /Transaction Report \(CSV\)/ },
      { timeout: 10_000 },
    );
    expect(progress).toHaveAttribute('aria-valuemax', '2');
    const download = await screen.findByRole('link', { name: 'Download' }, { timeout: 10_000 });
    expect(download).toHaveAttribute('href', '/rest/exports/exp-1/download?key=abc');
    expect(download).toHaveAttribute('download');

    // The jobs are the server's: after a reload the exports menu lists them again.
    app = a.reload();
    await loaded();
    await a.user.click(await content().findByRole('button', { name: /Exports/ }));
    const item = await screen.findByRole('menuitem', { name: /Transaction Report \(CSV\).*Download/ });
    expect(item).toHaveAttribute('href', '/rest/exports/exp-1/download?key=abc');

    // The shown link expires after a few minutes: a click asks the server for a new one and follows that.
    api.on('GET', 'exports/exp-1', () => ({
      body: success({ ...jobs[0], downloadUrl: '/rest/exports/exp-1/download?key=fresh' }),
    }));
    const followed: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(this.getAttribute('href') ?? '');
    });
    try {
      await a.user.click(item);
      await waitFor(() => expect(followed).toEqual(['/rest/exports/exp-1/download?key=fresh']));
    } finally {
      click.mockRestore();
    }
  });

  it('shows an empty state for no rows, and the API message with Retry on failure', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    let fail = true;
    api.on('GET', TX_PATH, (call) =>
      fail
        ? { status: 503, body: failure('REPORT_UNAVAILABLE', 'Reports are being rebuilt. Try again in a minute.') }
        : { body: success({ ...txAnswer(call, 0), rows: [], totals: { count: 0, amount: 0, fee: 0, commission: 0 } }) },
    );
    const a = open('/reports/transaction-report', { api });
    const alert = await content().findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Reports are being rebuilt. Try again in a minute.');
    fail = false;
    await a.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await content().findByText('No transactions match these filters')).toBeInTheDocument();
    expect(content().getByRole('heading', { level: 1 })).toHaveTextContent('Transaction Report');
  });

  it('hides the dates of a snapshot report and sends none', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    api.on('GET', 'reports/wallet-balance', () => ({
      body: success({
        rows: [
          {
            number: 'W-001',
            holder: 'Awa Diallo',
            phone: '+221770000002',
            kind: 'customer',
            status: 'active',
            balance: 25000,
          },
        ],
        total: 1,
        page: 1,
        pageSize: 50,
        totals: { count: 1, balance: 25000 },
      }),
    }));
    const a = open('/reports/wallet-balance', { api, as: 'admin' });
    await loaded('Wallet Balance');
    expect(content().queryByLabelText('Period')).toBeNull();
    expect(lastCall(a.api, 'reports/wallet-balance')?.query.has('from')).toBe(false);
    expect(content().getByTestId('report-totals').querySelector('[data-column="balance"]')).toHaveTextContent(
      'XOF 25,000',
    );
    expect(content().getByText('Customer')).toBeInTheDocument();
    expect(content().getByLabelText('KYC status')).toBeInTheDocument();
    expect(content().getByLabelText('Account status')).toBeInTheDocument();
  });

  it("uses the registry's title and asks for the route's member", { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    api.on('GET', 'reports/report-aftu-partner', (call) => ({ body: success(txAnswer(call)) }));
    const a = open('/reports/report-aftu-partner/AFTU-001', { api, as: 'aftu-master' });
    await loaded('AFTU Member Report');
    expect(lastCall(a.api, 'reports/report-aftu-partner')?.query.get('memberId')).toBe('AFTU-001');
  });

  it('the title follows the registry where the contract names the report differently', {
    timeout: TIMEOUT,
  }, async () => {
    const api = createFakeApi();
    api.on('GET', 'reports/individual-transaction-report', (call) => ({ body: success(txAnswer(call)) }));
    open('/reports/individual-transaction-report', { api, as: 'agent' });
    await loaded('My Transactions');
    expect(content().getByRole('heading', { level: 1 })).toHaveTextContent(/^My Transactions$/);
  });
});
