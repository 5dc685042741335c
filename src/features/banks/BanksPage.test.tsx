/**
 * /banks over the fake API: the table's scrolling region is a keyboard stop named by its
 * caption; the add form says what is wrong beside each field (wired to it for screen readers),
 * and its dialog stays open while the bank is on its way.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BankView } from '../../../contract/api/banks';
import { createFakeApi, type RenderedApp, renderApp, success } from '../../../tests/unit/support/render-app';
import { bankMessages } from './messages';

const B = bankMessages.en;
const TIMEOUT = 30_000;

const bank = (id: number, code: string, name: string, active: boolean): BankView => ({
  id,
  code,
  name,
  bankGroup: null,
  bic: null,
  active,
  floatAccount: active
    ? { id: 100 + id, number: `BNK-${code}`, label: `${name} float`, balance: 1_500_000, status: 'active' }
    : null,
  createdAt: '2026-01-05T09:00:00.000Z',
  updatedAt: null,
});

let app: RenderedApp | undefined;
beforeAll(async () => void (await import('./BanksPage')), 60_000);
afterEach(() => app?.unmount());

/** The banks table's scrolling region: a region named like the table (its caption). */
async function tableFrame() {
  const table = await screen.findByRole('table', { name: B.caption }, { timeout: 10_000 });
  const region = table.parentElement as HTMLElement;
  expect(region.tagName).toBe('SECTION');
  expect(region).toHaveAccessibleName(B.caption);
  return region;
}

function open() {
  const api = createFakeApi();
  const banks = [bank(1, 'CBAO', 'CBAO Groupe Attijariwafa', true), bank(2, 'BOA', 'Bank of Africa', false)];
  api.on('GET', 'banks', () => ({ body: success({ banks }) }));
  api.on('GET', 'banks/float-accounts', () => ({ body: success({ accounts: [] }) }));
  api.on('POST', 'banks', (call) => {
    const body = call.body as { name: string; code: string };
    const created = bank(3, body.code, body.name, true);
    banks.push(created);
    return { status: 201, body: success(created) };
  });
  app = renderApp({ api, signedInAs: 'admin', url: '/banks' });
  return { a: app, api };
}

describe('/banks', () => {
  it('lets the keyboard reach the scrolling table, named by its caption', { timeout: TIMEOUT }, async () => {
    const { a } = open();
    const table = await tableFrame();
    expect(await within(table).findByRole('rowheader', { name: 'CBAO Groupe Attijariwafa' })).toBeVisible();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      B.columns.name,
      B.columns.code,
      B.columns.bic,
      B.columns.float,
      B.columns.balance,
      B.columns.state,
      B.columns.actions,
    ]);

    // From the last filter, Tab lands on the table's region, then on the first row's button.
    screen.getByLabelText(B.filters.status).focus();
    await a.user.tab();
    expect(table).toHaveFocus();
    await a.user.tab();
    expect(within(table).getByRole('button', { name: 'Edit CBAO Groupe Attijariwafa' })).toHaveFocus();
  });

  it('says what is wrong beside each field, and keeps the dialog open while saving', { timeout: TIMEOUT }, async () => {
    const { a, api } = open();
    await tableFrame();
    await a.user.click(screen.getByRole('button', { name: B.add }));
    const dialog = await screen.findByRole('dialog', { name: B.form.addTitle });
    await a.user.click(within(dialog).getByRole('button', { name: B.form.create }));

    const name = within(dialog).getByLabelText(B.form.name);
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(B.errors.name);
    const code = within(dialog).getByLabelText(B.form.code);
    expect(code).toHaveAccessibleDescription(`${B.form.codeHint} ${B.errors.code}`);
    // The BIC may be left empty: no error there, only its hint.
    const bic = within(dialog).getByLabelText(new RegExp(`^${B.form.bic}`));
    expect(bic).toHaveAttribute('aria-invalid', 'false');
    expect(bic).toHaveAccessibleDescription(B.form.bicHint);

    await a.user.type(name, 'Banque Atlantique');
    await a.user.type(code, 'bqa');
    expect(code).toHaveValue('BQA');
    expect(name).toHaveAttribute('aria-invalid', 'false');

    const hold = api.hold('banks');
    await a.user.click(within(dialog).getByRole('button', { name: B.form.create }));
    await hold.reached;
    expect(within(dialog).getByRole('button', { name: B.form.saving })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: B.form.cancel })).toBeDisabled();
    await a.user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();

    await act(async () => hold.release());
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const table = await tableFrame();
    expect(await within(table).findByRole('rowheader', { name: 'Banque Atlantique' })).toBeVisible();
  });
});
