/**
 * /fees over the fake API: the bands of every flow, a preview computed by the API, a change of
 * bands checked before it is sent (no overlap) and then shown as waiting for a second
 * administrator.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FeeBandBody } from '../../../contract/fees';
import type { FeeScheduleView, PendingFeeChange } from '../../../contract/api/fees';
import { createFakeApi, type RenderedApp, renderApp, success } from '../../../tests/unit/support/render-app';
import { feesMessages } from './messages';

const F = feesMessages.en;
const TIMEOUT = 30_000;

const band = (minAmount: number, maxAmount: number, percentFeeBp: number): FeeBandBody => ({
  minAmount,
  maxAmount,
  fixedFee: 0,
  percentFeeBp,
  minFee: 100,
  maxFee: 5_000,
  commissionShareBp: 4_000,
  commissionRateBp: 0,
});

const cashOut: FeeScheduleView = {
  id: 3,
  flowId: 'cash-out',
  effectiveFrom: '2026-01-05T09:00:00.000Z',
  effectiveTo: null,
  requestedBy: null,
  approvedBy: null,
  bands: [band(100, 2_000_000, 100)],
};

let app: RenderedApp | undefined;
beforeAll(async () => void (await import('./FeesPage')), 60_000);
afterEach(() => app?.unmount());

function open(url = '/fees') {
  const api = createFakeApi();
  const pending: PendingFeeChange[] = [];
  api.on('GET', 'fees', () => ({ body: success({ schedules: [cashOut], pending }) }));
  api.on('GET', 'settings/limits', () => ({
    body: success({
      approvalThreshold: 500_000,
      customerDailyLimit: 2_000_000,
      maxTransfer: 50_000_000,
      effectiveFrom: null,
      pending: null,
    }),
  }));
  api.on('GET', 'fees/history', () => ({ body: success({ schedules: [cashOut] }) }));
  api.on('POST', 'fees/preview', (call) => {
    const { amount } = call.body as { amount: number };
    const fee = Math.max(100, Math.floor(amount / 100));
    return {
      body: success({ flowId: 'cash-out', amount, fee, commission: Math.floor(fee * 0.4), total: amount + fee }),
    };
  });
  api.on('PUT', 'fees/cash-out', (call) => {
    const { bands } = call.body as { bands: FeeBandBody[] };
    pending.push({
      id: 7,
      flowId: 'cash-out',
      requestedBy: 'Awa Ndiaye',
      requestedAt: '2026-11-22T09:00:00.000Z',
      mine: true,
      bands,
    });
    return { status: 202, body: success({ changeRequestId: 7 }) };
  });
  app = renderApp({ api, signedInAs: 'admin', url });
  return { a: app, api };
}

describe('/fees', () => {
  it('opens on the flow an inbox row links to: its fees marked and in focus', { timeout: TIMEOUT }, async () => {
    open('/fees?service=cash-out');
    const section = await screen.findByRole('region', { name: F.flows['cash-out'] }, { timeout: 10_000 });
    await waitFor(() => expect(section).toHaveFocus());
    expect(section).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('limits')).not.toHaveAttribute('aria-current');
  });

  it('opens on the transfer limits when an inbox row links to them', { timeout: TIMEOUT }, async () => {
    open('/fees?section=limits');
    const limits = await screen.findByTestId('limits', {}, { timeout: 10_000 });
    await waitFor(() => expect(limits).toHaveFocus());
    expect(limits).toHaveAttribute('aria-current', 'true');
  });

  it('shows each flow’s bands and previews an amount’s fee, commission and total', { timeout: TIMEOUT }, async () => {
    const { a } = open();
    const table = await screen.findByRole('table', { name: 'Bands of Cash-out' }, { timeout: 10_000 });
    const row = within(table).getByRole('rowheader');
    expect(row.textContent).toMatch(/^XOF\s100 to XOF\s2,000,000$/);
    expect(within(table).getByText('1%')).toBeVisible();

    await a.user.type(screen.getByLabelText(F.preview.amount), '20000');
    await waitFor(() => expect(screen.getByTestId('preview-total').textContent).toMatch(/^XOF\s20,200$/));
    expect(screen.getByTestId('preview-fee').textContent).toMatch(/^XOF\s200$/);
    expect(screen.getByTestId('preview-commission').textContent).toMatch(/^XOF\s80$/);
    // The limits in force beside the fees.
    const limits = screen.getByTestId('limits');
    expect(within(limits).getByText(F.limits.customerDailyLimit)).toBeVisible();
    expect(within(limits).getByText(/^XOF\s2,000,000$/)).toBeVisible();
  });

  it('refuses overlapping bands before sending, then submits for a second administrator', {
    timeout: TIMEOUT,
  }, async () => {
    const { a, api } = open();
    await a.user.click(
      await screen.findByRole('button', { name: 'Change the bands of Cash-out' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change the bands of Cash-out' });
    await a.user.click(within(dialog).getByRole('button', { name: F.form.add }));
    // The new band starts above the last one; make it overlap the first.
    const second = within(dialog).getByRole('group', { name: 'Band 2' });
    const from = within(second).getByLabelText(F.form.minAmount);
    await a.user.clear(from);
    await a.user.type(from, '1500000');
    const to = within(second).getByLabelText(F.form.maxAmount);
    await a.user.clear(to);
    await a.user.type(to, '3000000');
    await a.user.click(within(dialog).getByRole('button', { name: F.form.submit }));
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription(F.errors.BANDS_OVERLAP);
    expect(api.callsTo('fees/cash-out', 'PUT')).toHaveLength(0);

    await a.user.clear(from);
    await a.user.type(from, '2000001');
    await a.user.click(within(dialog).getByRole('button', { name: F.form.submit }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const [call] = api.callsTo('fees/cash-out', 'PUT');
    expect(
      ((call?.body ?? { bands: [] }) as { bands: FeeBandBody[] }).bands.map((b) => [b.minAmount, b.maxAmount]),
    ).toEqual([
      [100, 2_000_000],
      [2_000_001, 3_000_000],
    ]);
    expect((await screen.findByTestId('pending-cash-out')).textContent).toContain('waits for a second administrator');
    expect(screen.getByRole('button', { name: 'Change the bands of Cash-out' })).toBeDisabled();
  });
});
