/**
 * /authorize-transactions in the real app over the fake API: the list as a checker sees it,
 * bulk decisions with their per-item results, the reason a rejection needs, the filters.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ExpiredRequest, InboxItem, InboxPage } from '../../contract/api/inbox';
import { NO_FACTS } from '../../contract/api/inbox-facts';
import type { ApprovalDecisionResult, ApprovalView } from '../../contract/api/approvals';
import { formatXof } from '../../src/i18n/format';
import { approval } from './support/fake-approvals';
import { createFakeApi, type FakeApi, failure, type RenderedApp, renderApp, success } from './support/render-app';
import { REASON_MIN } from '../../contract/reasons';

const TIMEOUT = 30_000;

let app: RenderedApp | undefined;
beforeAll(async () => {
  await import('../../src/features/transfers/AuthorizePage');
}, 60_000);
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const xof = (n: number) => plain(formatXof(n, 'en'));
const content = () => within(document.getElementById('content') ?? document.body);

/** A tiny approvals server: the listed rows, decided ones leave the pending list. */
function approvalsServer(api: FakeApi, rows: ApprovalView[]) {
  const state = { rows: [...rows] };
  api.on('GET', 'approvals', (call) => {
    const status = call.query.get('status');
    const listed = state.rows.filter((r) => !status || r.status === status);
    return {
      body: success({
        rows: listed,
        total: listed.length,
        page: Number(call.query.get('page')),
        pageSize: Number(call.query.get('pageSize')),
      }),
    };
  });
  const decide = (id: number, status: 'approved' | 'rejected', reason: string | null) => {
    state.rows = state.rows.map((r) =>
      r.id === id ? { ...r, status, canDecide: false, checker: 'Awa Ndiaye', reason } : r,
    );
  };
  return { state, decide };
}

async function openAsAdmin(rows: ApprovalView[]) {
  const api = createFakeApi();
  const server = approvalsServer(api, rows);
  app = renderApp({ api, signedInAs: 'admin', url: '/authorize-transactions?view=transfers' });
  await content().findByRole('heading', { level: 1, name: 'Authorize Transactions' }, { timeout: 10_000 });
  return { api, server, a: app };
}

const rowOf = (id: number) => within(screen.getByTestId(`approval-${id}`));
const listCalls = (api: FakeApi) => api.callsTo('approvals', 'GET');

describe('authorize page: the list', () => {
  it('shows each request, and no checkbox or buttons where the caller may not decide', {
    timeout: TIMEOUT,
  }, async () => {
    const { api } = await openAsAdmin([
      approval(1),
      approval(2, { canDecide: false, maker: 'Awa Ndiaye', flow: 'payroll-cash-in', fee: 500 }),
    ]);
    await screen.findByTestId('approval-1');
    const first = plain(screen.getByTestId('approval-1').textContent);
    for (const part of [
      'Admin Cash In',
      'TX250304001',
      xof(100_000),
      'Bridge Bank Group e-money float',
      'Customer 1',
      'Abdoulaye Kane',
      // A date of another year, short (dd-mm-yy): decision 053.
      '04-03-25 09:05',
      '05-03-25 09:05',
      'Pending',
    ]) {
      expect(first).toContain(part);
    }
    expect(rowOf(1).getByRole('checkbox', { name: 'Select TX250304001' })).toBeVisible();
    expect(rowOf(1).getByRole('button', { name: 'Approve TX250304001' })).toBeVisible();
    expect(rowOf(1).getByRole('button', { name: 'Reject TX250304001' })).toBeVisible();

    expect(plain(screen.getByTestId('approval-2').textContent)).toContain('Payroll Cash In');
    expect(rowOf(2).queryByRole('checkbox')).toBeNull();
    expect(rowOf(2).queryByRole('button')).toBeNull();

    // Pending is the default filter, on the first page.
    const [call] = listCalls(api);
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ status: 'pending', page: '1', pageSize: '25' });
  });

  it('selects every decidable row at once, and only those', { timeout: TIMEOUT }, async () => {
    const { a } = await openAsAdmin([approval(1), approval(2, { canDecide: false }), approval(3)]);
    await screen.findByTestId('approval-1');
    await a.user.click(content().getByRole('checkbox', { name: 'Select every request on this page' }));
    expect(content().getByText('2 selected')).toBeVisible();
    expect(rowOf(1).getByRole('checkbox')).toBeChecked();
    expect(rowOf(3).getByRole('checkbox')).toBeChecked();
  });

  it('says clearly when nothing waits, and filters by status, flow and search', { timeout: TIMEOUT }, async () => {
    const { api, a } = await openAsAdmin([]);
    expect(await content().findByText('Nothing is waiting for approval.')).toBeVisible();
    await a.user.selectOptions(content().getByLabelText('Status'), 'approved');
    await waitFor(() => expect(listCalls(api).at(-1)?.query.get('status')).toBe('approved'));
    expect(await content().findByText('No approval requests match these filters.')).toBeVisible();
    await a.user.selectOptions(content().getByLabelText('Transfer'), 'bank-cash-out');
    await a.user.type(content().getByLabelText('Reference, phone or name'), 'TX2503{Enter}');
    await waitFor(() => expect(listCalls(api).at(-1)?.query.get('q')).toBe('TX2503'));
    expect(Object.fromEntries(listCalls(api).at(-1)?.query ?? [])).toEqual({
      status: 'approved',
      flow: 'bank-cash-out',
      q: 'TX2503',
      page: '1',
      pageSize: '25',
    });
  });
});

describe('authorize page: decisions', () => {
  it('bulk approve with one failing item shows each result and reloads the list', { timeout: TIMEOUT }, async () => {
    const { api, server, a } = await openAsAdmin([approval(1), approval(2), approval(3)]);
    api.on('POST', 'approvals/decisions', (call) => {
      const { ids } = call.body as { ids: number[] };
      server.decide(1, 'approved', null);
      const results: ApprovalDecisionResult[] = [
        { id: 1, ok: true, status: 'approved', reference: 'TX250304001', message: null },
        { id: 2, ok: false, status: null, reference: null, message: 'This request expired before it was approved.' },
      ];
      return { body: success(results.filter((r) => ids.includes(r.id))) };
    });
    await screen.findByTestId('approval-1');
    await a.user.click(rowOf(1).getByRole('checkbox'));
    await a.user.click(rowOf(2).getByRole('checkbox'));
    await a.user.click(content().getByRole('button', { name: 'Approve selected' }));

    const dialog = await screen.findByRole('dialog', { name: 'Approve transfers' });
    expect(dialog).toHaveTextContent(`2 transfer(s), ${xof(300_000)} in all.`);
    // Each transfer as the checker decides it: who pays, who receives (account, phone), the fee, who asked.
    expect(dialog).toHaveTextContent(
      `TX250304002 · ${xof(200_000)} (fee ${xof(0)}): Bridge Bank Group e-money float · BNK-BBG → Customer 2 · CUS-000002 · +221770000002 · by Abdoulaye Kane`,
    );
    await a.user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    const outcome = await screen.findByTestId('decision-outcome');
    expect(within(outcome).getByRole('status')).toHaveTextContent('1 done, 1 not done.');
    expect(screen.getByTestId('outcome-1')).toHaveTextContent('TX250304001: Approved');
    expect(screen.getByTestId('outcome-2')).toHaveTextContent(
      'TX250304002: This request expired before it was approved.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    const [post] = api.callsTo('approvals/decisions', 'POST');
    expect(post?.body).toEqual({ ids: [1, 2], decision: 'approve' });
    // The list is loaded again: the approved request has left the pending list.
    await waitFor(() => expect(listCalls(api)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('approval-1')).toBeNull());
    expect(screen.getByTestId('approval-2')).toBeVisible();
    expect(content().queryByText(/selected$/)).toBeNull();
  });

  it('reject asks for a reason, and sends nothing without one', { timeout: TIMEOUT }, async () => {
    const { api, server, a } = await openAsAdmin([approval(3)]);
    api.on('POST', 'approvals/3/reject', (call) => {
      const { reason } = call.body as { reason?: string };
      if (!reason) return { status: 400, body: failure('VALIDATION_FAILED', 'A reason is required.') };
      server.decide(3, 'rejected', reason);
      return { body: success({ id: 3, ok: true, status: 'rejected', reference: 'TX250304003', message: null }) };
    });
    await screen.findByTestId('approval-3');
    await a.user.click(rowOf(3).getByRole('button', { name: 'Reject TX250304003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject transfers' });
    const reason = within(dialog).getByLabelText('Reason for rejection');
    expect(document.activeElement).toBe(reason);

    await a.user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      within(dialog).getByText(`Give a reason for the rejection, of at least ${REASON_MIN} characters.`),
    ).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    // Blanks, then one character short of the contract's minimum: neither is sent.
    await a.user.type(reason, '   ');
    await a.user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await a.user.type(reason, 'x'.repeat(REASON_MIN - 1));
    await a.user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(api.callsTo('approvals/3/reject', 'POST')).toHaveLength(0);

    await a.user.clear(reason);
    await a.user.type(reason, 'Wrong beneficiary number');
    expect(reason).toHaveAttribute('aria-invalid', 'false');
    await a.user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByTestId('outcome-3')).toHaveTextContent('TX250304003: Rejected');
    expect(api.callsTo('approvals/3/reject', 'POST').map((c) => c.body)).toEqual([
      { reason: 'Wrong beneficiary number' },
    ]);
    expect(await content().findByText('Nothing is waiting for approval.')).toBeVisible();
  });

  it('a refused single approval is shown as its result; Cancel sends nothing', { timeout: TIMEOUT }, async () => {
    const { api, a } = await openAsAdmin([approval(4)]);
    api.on('POST', 'approvals/4/approve', () => ({
      status: 403,
      body: failure('MAKER_CANNOT_APPROVE', 'You made this request, so another checker must approve it.'),
    }));
    await screen.findByTestId('approval-4');
    await a.user.click(rowOf(4).getByRole('button', { name: 'Approve TX250304004' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve transfers' });
    await a.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('approvals/4/approve', 'POST')).toHaveLength(0);

    await a.user.click(rowOf(4).getByRole('button', { name: 'Approve TX250304004' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve transfers' });
    await a.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByTestId('outcome-4')).toHaveTextContent(
      'TX250304004: You made this request, so another checker must approve it.',
    );
    expect(api.callsTo('approvals/4/approve', 'POST')).toHaveLength(1);
  });
});

/** A bulk fee override another administrator made, one of whose rows leaves the fee schedule's bands. */
const feeOverride: InboxItem = {
  kind: 'bulk',
  id: '0b5c6f0e-2f7a-4d7e-9a55-0c1f2a3b4c5d',
  subject: 'frais-negocies.csv',
  reference: null,
  party: null,
  maker: 'Abdoulaye Kane',
  mine: false,
  amount: null,
  createdAt: '2026-11-22T09:00:00.000Z',
  expiresAt: '2026-11-23T09:00:00.000Z',
  canDecide: true,
  decider: 'admin',
  deciderBank: null,
  detailPath: '/bulk-fee-override?batch=0b5c6f0e-2f7a-4d7e-9a55-0c1f2a3b4c5d',
  outsideBands: {
    rows: 3,
    furthest: {
      rowNo: 2,
      code: 'FEE_OUT_OF_BAND',
      account: 'CUS-000003',
      flow: 'cash-out',
      amount: 50_000,
      fee: 25_000,
      bandMinFee: 500,
      bandMaxFee: 1_000,
    },
  },
  facts: NO_FACTS,
  change: null,
};

const expiredChange: ExpiredRequest = {
  kind: 'change',
  id: '7',
  subject: 'limits.update',
  reference: null,
  summary: 'Transfer limits: approval above 900,000 XOF',
  amount: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  expiredAt: '2026-11-21T09:00:00.000Z',
  detailPath: '/fees?section=limits',
  change: { kind: 'limits.update', user: null, flow: null },
};

describe('authorize page: the inbox', () => {
  it('warns the decider of fees outside the schedule’s bands, and tells the maker what expired', {
    timeout: TIMEOUT,
  }, async () => {
    const api = createFakeApi();
    const page: InboxPage = {
      rows: [feeOverride],
      waiting: { transfer: 0, bulk: 1, chargeback: 0, wallet: 0, change: 0 },
      bank: null,
      expired: [expiredChange],
    };
    api.on('GET', 'inbox', () => ({ body: success(page) }));
    app = renderApp({ api, signedInAs: 'admin', url: '/authorize-transactions' });
    const table = await screen.findByTestId('inbox-table');
    const warning = `3 rows charge outside the fee schedule’s bands. Furthest out: CUS-000003, Cash Out: ${xof(25_000)} on ${xof(50_000)}; the schedule’s band is ${xof(500)}–${xof(1_000)}`;
    expect(plain(within(table).getByTestId('inbox-outside-bands').textContent)).toBe(warning);
    expect(plain(within(table).getByText('Bulk batch').textContent)).toBe('Bulk batch');

    const expired = screen.getByTestId('inbox-expired');
    expect(within(expired).getByRole('heading', { name: 'Your request expired without a decision' })).toBeVisible();
    expect(plain(expired.textContent)).toContain('Administrative change: Transfer limits · made 20-11-2026');

    await app.user.click(within(table).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this request?' });
    expect(plain(within(dialog).getByTestId('inbox-outside-bands').textContent)).toBe(warning);
  });
});
