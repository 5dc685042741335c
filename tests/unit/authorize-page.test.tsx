/**
 * /authorize-transactions in the real app over the fake API: the list as a checker sees it,
 * bulk decisions with their per-item results, the reason a rejection needs, the filters.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalDecisionResult, ApprovalView } from '../../contract/transfers';
import { formatXof } from '../../src/i18n/format';
import { approval } from './support/fake-approvals';
import { createFakeApi, type FakeApi, failure, type RenderedApp, renderApp, success } from './support/render-app';

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
      '04-03-2025',
      '05-03-2025',
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
    expect(within(dialog).getByText('Give a reason for the rejection.')).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await a.user.type(reason, '   ');
    await a.user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(api.callsTo('approvals/3/reject', 'POST')).toHaveLength(0);

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
