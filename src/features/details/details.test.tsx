/**
 * The detail pages over the fake API: a transaction shows its amount, fee, commission and status
 * first, links its parties to their account pages and offers the receipt print; a reference the
 * API does not answer for shows the not-found page; an account pages its transactions.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { account, historyRow, transaction } from '../../../tests/unit/support/fake-details';
import { createFakeApi, failure, type RenderedApp, renderApp, success } from '../../../tests/unit/support/render-app';
import { receiptMessages } from '../../ui/receipt/receipt-messages';
import { DETAIL_MESSAGES } from './messages';

const M = DETAIL_MESSAGES.en;
const R = receiptMessages.en;
const TIMEOUT = 30_000;

let app: RenderedApp | undefined;
beforeAll(async () => {
  await import('./TransactionPage');
  await import('./AccountPage');
}, 60_000);
afterEach(() => app?.unmount());

describe('/transactions/$reference', () => {
  it('shows amount, fee, commission and status, links the parties and prints the receipt', {
    timeout: TIMEOUT,
  }, async () => {
    const api = createFakeApi();
    api.on('GET', `transactions/${transaction.reference}`, () => ({ body: success(transaction) }));
    app = renderApp({ api, signedInAs: 'admin', url: `/transactions/${transaction.reference}` });

    const receipt = await screen.findByRole('article', { name: M.tx.receipt }, { timeout: 10_000 });
    const figures = within(screen.getByRole('main'))
      .getAllByRole('definition')
      .slice(0, 4)
      .map((d) => d.textContent);
    expect(figures[0]).toMatch(/25,000/);
    expect(figures[1]).toMatch(/XOF\s250$/);
    expect(figures[2]).toMatch(/XOF\s100$/);
    expect(within(receipt).getByRole('link', { name: 'Aminata Diallo' })).toHaveAttribute(
      'href',
      '/accounts/CUS-000001',
    );
    expect(screen.getByRole('button', { name: M.tx.print })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: M.tx.chargeback })).toBeNull();
    const postings = screen.getByRole('table', { name: M.tx.postingsCaption });
    expect(within(postings).getAllByRole('row')).toHaveLength(4);
  });

  it('prints the customer copy without the commission, and the agent copy with it', {
    timeout: TIMEOUT,
  }, async () => {
    const api = createFakeApi();
    api.on('GET', `transactions/${transaction.reference}`, () => ({ body: success(transaction) }));
    app = renderApp({ api, signedInAs: 'admin', url: `/transactions/${transaction.reference}` });

    const customer = await screen.findByRole('article', { name: M.tx.receipt }, { timeout: 10_000 });
    expect(within(customer).getByText(R.customerCopy)).toBeInTheDocument();
    expect(within(customer).getByText(R.company)).toBeInTheDocument();
    expect(within(customer).getByText('Loyer novembre')).toBeInTheDocument();
    expect(within(customer).getByText('Awa Ndiaye')).toBeInTheDocument();
    expect(within(customer).queryByText(R.commission)).toBeNull();
    // The service's own code stays on the page, off the customer's paper.
    expect(within(customer).queryByText('170')).toBeNull();

    await app.user.click(screen.getByRole('tab', { name: R.agentCopy }));
    const agent = screen.getByRole('article', { name: M.tx.receipt });
    expect(within(agent).getByText(R.agentCopy)).toBeInTheDocument();
    const commission = within(agent).getByText(R.commission).nextElementSibling;
    expect(commission?.textContent).toMatch(/XOF\s100$/);
  });

  it('leaves the parties plain text for a user without account reports', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    api.on('GET', `transactions/${transaction.reference}`, () => ({ body: success(transaction) }));
    app = renderApp({ api, signedInAs: 'support-plus', url: `/transactions/${transaction.reference}` });
    const receipt = await screen.findByRole('article', { name: M.tx.receipt }, { timeout: 10_000 });
    expect(within(receipt).getByText('Aminata Diallo')).toBeInTheDocument();
    expect(within(receipt).queryByRole('link', { name: 'Aminata Diallo' })).toBeNull();
  });

  it('shows the not-found page when the API answers 404', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    api.on('GET', 'transactions/TX26111500000001', () => ({
      status: 404,
      body: failure('TRANSACTION_NOT_FOUND', 'None of your reports lists it.'),
    }));
    app = renderApp({ api, signedInAs: 'admin', url: '/transactions/TX26111500000001' });
    expect(await screen.findByRole('heading', { name: M.missingTitle }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(M.missingTransaction.replace('{{key}}', 'TX26111500000001'))).toBeInTheDocument();
  });
});

describe('links from a report row', () => {
  it('opens the transaction of its reference', { timeout: 60_000 }, async () => {
    const api = createFakeApi();
    const row = {
      createdAt: '2026-11-15T10:00:00.000Z',
      reference: transaction.reference,
      status: 'success',
      amount: 25_000,
    };
    api.on('GET', 'reports/transaction-report', () => ({
      body: success({ rows: [row], total: 1, page: 1, pageSize: 50, totals: { amount: 25_000 } }),
    }));
    api.on('GET', 'exports', () => ({ body: success({ jobs: [] }) }));
    api.on('GET', `transactions/${transaction.reference}`, () => ({ body: success(transaction) }));
    app = renderApp({ api, signedInAs: 'admin', url: '/reports/transaction-report' });
    const link = await screen.findByRole('link', { name: transaction.reference }, { timeout: 30_000 });
    expect(link).toHaveAttribute('href', `/transactions/${transaction.reference}`);
    await app.user.click(link);
    expect(await screen.findByRole('article', { name: M.tx.receipt }, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('/accounts/$number', () => {
  it('shows the balance first and pages the transactions newest first', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    api.on('GET', 'accounts/CUS-000001', (call) => ({ body: success(account(Number(call.query.get('page') ?? 1))) }));
    app = renderApp({ api, signedInAs: 'admin', url: '/accounts/CUS-000001' });

    expect(await screen.findByText(/150,000/, {}, { timeout: 10_000 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: M.account.transactionsCaption });
    expect(within(table).getByRole('link', { name: historyRow(1).reference })).toHaveAttribute(
      'href',
      `/transactions/${historyRow(1).reference}`,
    );
    await app.user.click(screen.getByRole('button', { name: M.account.next }));
    expect(await within(table).findByRole('link', { name: historyRow(3).reference })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });
});
