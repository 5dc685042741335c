/**
 * /migration over the fake API: the history's scrolling region is a keyboard stop named by the
 * heading above it (everyone's recent migrations, then the wallet's own, without the wallet
 * column); the migration form says what is missing beside each field, wired to it.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MigrationRecord, MigrationWallet } from '../../../contract/api/wallet-migrations';
import { createFakeApi, type RenderedApp, renderApp, success } from '../../../tests/unit/support/render-app';
import { MIGRATION_MESSAGES } from './messages';
import { REASON_MIN } from '../../../contract/reasons';

const M = MIGRATION_MESSAGES.en;
const TIMEOUT = 30_000;

const WALLET: MigrationWallet = {
  number: 'CUS-000003',
  kind: 'customer',
  name: 'Fatou Diop',
  phone: '+221 77 100 00 03',
  status: 'active',
  kycStatus: 'approved',
  region: 'Dakar',
  businessName: null,
  businessCategory: null,
  createdAt: '2026-01-05T09:00:00.000Z',
  blockers: [],
  typeChangeTo: 'merchant',
  typeBlockers: [],
};

const record = (id: number, number: string, name: string): MigrationRecord => ({
  id,
  number,
  name,
  kind: 'phone',
  fromValue: '+221 77 100 00 01',
  toValue: '+221 78 200 00 02',
  reason: 'Lost the SIM card',
  by: 'Awa Ndiaye',
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'applied',
  decidedBy: 'Moussa Sarr',
  decidedAt: '2026-11-20T10:05:00.000Z',
  decisionReason: null,
  canDecide: false,
});

let app: RenderedApp | undefined;
beforeAll(async () => void (await import('./MigrationPage')), 60_000);
afterEach(() => app?.unmount());

/** The history table's scrolling region, checked to be a region named `name`. */
async function historyFrame(name: string) {
  const region = await screen.findByTestId('migration-history', {}, { timeout: 10_000 });
  const table = within(region).getByRole('table');
  expect(region).toHaveRole('region');
  expect(region).toHaveAccessibleName(name);
  return { table, region };
}

describe('/migration', () => {
  it('reaches the history by keyboard and wires the form’s errors', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    api.on('GET', 'wallet-migrations', (call) => {
      if (call.query.get('status') === 'pending')
        return { body: success({ rows: [], total: 0, page: 1, pageSize: 10 }) };
      const own = call.query.has('number');
      const rows = own ? [record(2, WALLET.number, WALLET.name)] : [record(1, 'CUS-000007', 'Moussa Fall')];
      return { body: success({ rows, total: rows.length, page: 1, pageSize: 10 }) };
    });
    api.on('GET', 'wallet-migrations/wallet', () => ({ body: success(WALLET) }));
    const a = renderApp({ api, signedInAs: 'admin', url: '/migration' });
    app = a;

    const recent = await historyFrame(M.history.recent);
    expect(
      within(recent.table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([M.history.date, M.history.wallet, M.history.change, M.history.reason, M.history.by]);
    expect(recent.table).toHaveTextContent('Moussa Fall');
    // Each row says who approved it (maker-checker).
    expect(within(recent.table).getAllByTestId('migration-status')[0]).toHaveTextContent('Approved by Moussa Sarr');
    const find = screen.getByRole('button', { name: M.find.button });
    find.focus();
    await a.user.tab();
    expect(recent.region).toHaveFocus();

    const term = screen.getByLabelText(M.find.label);
    expect(term).toHaveAccessibleDescription(M.find.hint);
    await a.user.type(term, 'hello');
    await a.user.click(find);
    expect(term).toHaveAttribute('aria-invalid', 'true');
    expect(term).toHaveAccessibleDescription(`${M.find.hint} ${M.find.invalid}`);
    await a.user.clear(term);
    await a.user.type(term, WALLET.number);
    await a.user.click(find);

    const own = await historyFrame(`Migration history of ${WALLET.number}`);
    expect(within(own.table).getAllByRole('columnheader')).toHaveLength(4);
    expect(own.table).toHaveTextContent('Lost the SIM card');

    await a.user.click(screen.getByRole('button', { name: M.form.review }));
    const phone = screen.getByLabelText(M.form.newPhone);
    expect(phone).toHaveFocus();
    expect(phone).toHaveAccessibleDescription(`${M.form.newPhoneHint} ${M.errors.newPhone}`);
    const reason = screen.getByLabelText(M.form.reason);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(
      `${M.form.reasonHint} ${M.errors.reason.replace('{{min}}', String(REASON_MIN))}`,
    );
  });
});
