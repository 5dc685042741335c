/**
 * The transfer form keeps what the user typed (src/session/use-form-draft.ts): an expired
 * session sends the user to sign in again, and the form, reopened, reads as it was left. A
 * deliberate Logout, a finished transfer and "Discard draft" drop it; the customer's
 * withdrawal code is never kept.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { transferFlowAt } from '../../contract/transfers';
import { DEMO_PASSWORD } from '../../server/db/demo-users';
import { formDraftKey } from '../../src/session/form-drafts';
import { installFakeTransfers } from './support/fake-transfers';
import { createFakeApi, type RenderedApp, renderApp } from './support/render-app';

const TIMEOUT = 30_000;
const CASH_IN = transferFlowAt('/cash-in');
const CASH_OUT = transferFlowAt('/cash-out');
if (!CASH_IN || !CASH_OUT) throw new Error('contract/transfers.ts has no /cash-in or /cash-out');

let app: RenderedApp | undefined;
beforeAll(async () => {
  await import('../../src/features/transfers/TransferPage');
}, 60_000);
afterEach(() => {
  app?.unmount();
  app = undefined;
  window.sessionStorage.clear();
});

const content = () => within(document.getElementById('content') ?? document.body);
const draftKey = (a: RenderedApp, flowId: string, username: string) =>
  formDraftKey(`transfer.${flowId}`, a.api.userNamed(username).id);
const storedDraft = (a: RenderedApp, flowId: string, username: string) => {
  const raw = window.sessionStorage.getItem(draftKey(a, flowId, username));
  return raw === null ? null : (JSON.parse(raw) as { savedAt: string; values: Record<string, string> });
};

async function open(url: string, as: string) {
  const api = createFakeApi();
  installFakeTransfers(api);
  app = renderApp({ api, signedInAs: as, url });
  await content().findByRole('heading', { name: 'Transfer details' }, { timeout: 10_000 });
  return app;
}

async function signIn(a: RenderedApp, username: string) {
  await screen.findByRole('heading', { name: 'Sign in' });
  await a.user.type(screen.getByLabelText('Username'), username);
  await a.user.type(screen.getByLabelText('Password'), DEMO_PASSWORD);
  await a.user.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(a.location().pathname).not.toBe('/login'));
}

async function reopen(a: RenderedApp, to: string) {
  await act(async () => {
    await a.router.navigate({ to });
  });
  await content().findByRole('heading', { name: 'Transfer details' }, { timeout: 10_000 });
}

async function typeCashIn(a: RenderedApp) {
  await a.user.type(content().getByLabelText('Beneficiary phone or account number'), 'CUS-000002');
  await a.user.type(content().getByLabelText('Amount (XOF)'), '25000');
  await a.user.type(content().getByLabelText(/^Note/), 'Loyer de mars');
}

describe('transfer form draft', () => {
  it('survives an expired session and the sign-in after it, restored when the page is reopened', {
    timeout: TIMEOUT,
  }, async () => {
    const a = await open('/cash-in', 'agent');
    await typeCashIn(a);
    await waitFor(() => expect(storedDraft(a, CASH_IN.id, 'agent')?.values.note).toBe('Loyer de mars'));

    // The server has ended the session: the next request (the review's quote) says so.
    a.api.expireNextCall('Your session has expired. Please sign in again.', `transfers/${CASH_IN.id}/quote`);
    await a.user.click(content().getByRole('button', { name: 'Review transfer' }));
    await waitFor(() => expect(a.location().pathname).toBe('/login'));
    expect(storedDraft(a, CASH_IN.id, 'agent')?.values).toEqual({
      source: '',
      counterparty: 'CUS-000002',
      amount: '25000',
      note: 'Loyer de mars',
    });

    await signIn(a, 'agent');
    await reopen(a, '/cash-in');
    expect(await content().findByTestId('draft-notice')).toHaveTextContent('Your unfinished form was restored');
    expect(content().getByLabelText('Beneficiary phone or account number')).toHaveValue('CUS-000002');
    expect(content().getByLabelText('Amount (XOF)')).toHaveValue('25000');
    expect(content().getByLabelText(/^Note/)).toHaveValue('Loyer de mars');

    // "Discard draft": the form starts empty, and nothing is kept.
    await a.user.click(content().getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(content().queryByTestId('draft-notice')).toBeNull());
    expect(content().getByLabelText('Beneficiary phone or account number')).toHaveValue('');
    expect(content().getByLabelText('Amount (XOF)')).toHaveValue('');
    expect(storedDraft(a, CASH_IN.id, 'agent')).toBeNull();
  });

  it('never keeps the customer’s withdrawal code', { timeout: TIMEOUT }, async () => {
    const a = await open('/cash-out', 'agent');
    await a.user.type(content().getByLabelText('Customer phone or account number'), 'CUS-000001');
    await a.user.type(content().getByLabelText('Withdrawal code'), '482915');
    await a.user.type(content().getByLabelText('Amount (XOF)'), '10000');
    await waitFor(() => expect(storedDraft(a, CASH_OUT.id, 'agent')?.values.amount).toBe('10000'));
    const raw = window.sessionStorage.getItem(draftKey(a, CASH_OUT.id, 'agent')) ?? '';
    expect(raw).toContain('CUS-000001');
    expect(raw).not.toContain('482915');
  });

  it('is dropped by a deliberate Logout, and once the transfer is done', { timeout: TIMEOUT }, async () => {
    const a = await open('/cash-in', 'agent');
    await typeCashIn(a);
    await waitFor(() => expect(storedDraft(a, CASH_IN.id, 'agent')).not.toBeNull());
    const header = document.querySelector('header') as HTMLElement;
    await a.user.click(within(header).getByRole('button', { name: /Logout/ }));
    await waitFor(() => expect(a.location().pathname).toBe('/login'));
    expect(storedDraft(a, CASH_IN.id, 'agent')).toBeNull();

    await signIn(a, 'agent');
    await reopen(a, '/cash-in');
    expect(content().queryByTestId('draft-notice')).toBeNull();
    expect(content().getByLabelText('Amount (XOF)')).toHaveValue('');

    await a.user.type(content().getByLabelText('Beneficiary phone or account number'), 'CUS-000001');
    await a.user.type(content().getByLabelText('Amount (XOF)'), '5000');
    await waitFor(() => expect(storedDraft(a, CASH_IN.id, 'agent')).not.toBeNull());
    await a.user.click(content().getByRole('button', { name: 'Review transfer' }));
    await content().findByRole('heading', { name: 'Check the transfer' });
    await a.user.click(content().getByRole('button', { name: 'Confirm transfer' }));
    await content().findByRole('heading', { name: 'Transfer receipt' });
    expect(storedDraft(a, CASH_IN.id, 'agent')).toBeNull();
  });
});
