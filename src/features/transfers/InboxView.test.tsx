/**
 * The approvals inbox over the fake API: approving a deciding user's password reset warns the
 * approver first, then shows them the second half of the one-time password once, labelled as
 * only that, with a copy button; the list loads again once it is put away. The list follows
 * the server while open.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InboxItem, InboxPage } from '../../../contract/api/inbox';
import { createFakeApi, type RenderedApp, renderApp, success } from '../../../tests/unit/support/render-app';
import { selectInboxVersion } from '../../machines/inbox-count';
import { APPROVAL_MESSAGES } from './approval-messages';
import { NO_FACTS } from '../../../contract/api/inbox-facts';

const I = APPROVAL_MESSAGES.en.inbox;
const NONE_WAITING = { transfer: 0, bulk: 0, chargeback: 0, wallet: 0, change: 0 };
const TIMEOUT = 30_000;

let app: RenderedApp | undefined;
beforeAll(async () => void (await import('./AuthorizePage')), 60_000);
afterEach(() => app?.unmount());

const reset: InboxItem = {
  kind: 'change',
  id: '7',
  subject: 'user.passwordReset',
  reference: null,
  party: 'Reset password of bank-checker (Banque Islamique Checker)',
  maker: 'Awa Ndiaye',
  mine: false,
  amount: null,
  createdAt: '2026-11-22T09:00:00.000Z',
  expiresAt: '2026-11-23T09:00:00.000Z',
  canDecide: true,
  decider: 'second-admin',
  deciderBank: null,
  detailPath: '/users?user=12',
  outsideBands: null,
  facts: NO_FACTS,
  change: {
    kind: 'user.passwordReset',
    user: { id: 12, username: 'bank-checker', name: 'Banque Islamique Checker' },
    flow: null,
  },
};

function open() {
  const api = createFakeApi();
  let rows = [reset];
  const page = (): InboxPage => ({
    rows,
    waiting: { transfer: 0, bulk: 0, chargeback: 0, wallet: 0, change: rows.length },
    bank: null,
    expired: [],
  });
  api.on('GET', 'inbox', () => ({ body: success(page()) }));
  api.on('GET', 'inbox/count', () => ({ body: success({ count: rows.length }) }));
  api.on('POST', 'inbox/change/7/decision', () => {
    rows = [];
    return { body: success({ kind: 'change', id: '7', secondHalf: 'jkmn-pqrs' }) };
  });
  app = renderApp({ api, signedInAs: 'network-supervisor', url: '/authorize-transactions' });
  return { a: app, api };
}

describe('the approvals inbox', () => {
  it('shows the approver the second half of a Checker’s new password once, then the list', {
    timeout: TIMEOUT,
  }, async () => {
    const { a, api } = open();
    // What the change is about comes from its data, not the server's English summary.
    const row = await screen.findByText('bank-checker (Banque Islamique Checker)', {}, { timeout: 10_000 });
    expect(screen.getByText(I.change.user.passwordReset)).toBeVisible();
    await a.user.click(within(row.closest('tr') as HTMLElement).getByRole('button', { name: I.approve }));
    const confirm = await screen.findByRole('dialog', { name: I.approveTitle });
    expect(confirm).toHaveTextContent(I.secondHalfWarning);
    await a.user.click(within(confirm).getByRole('button', { name: I.confirmApprove }));

    const shown = await screen.findByRole('dialog', { name: I.secondHalf.title });
    expect(shown).toHaveTextContent(
      `Approved: ${I.change.user.passwordReset}: bank-checker (Banque Islamique Checker)`,
    );
    expect(within(shown).getByText(I.secondHalf.label)).toBeVisible();
    expect(within(shown).getByTestId('second-half')).toHaveTextContent(/^jkmn-pqrs$/);
    await a.user.click(within(shown).getByRole('button', { name: I.secondHalf.copy }));
    expect(await within(shown).findByRole('button', { name: I.secondHalf.copied })).toBeVisible();
    const loads = api.callsTo('inbox', 'GET').length;
    await a.user.click(within(shown).getByRole('button', { name: I.secondHalf.done }));
    await waitFor(() => expect(screen.queryByTestId('second-half')).toBeNull());
    await waitFor(() => expect(api.callsTo('inbox', 'GET').length).toBeGreaterThan(loads));
    expect(await screen.findByText(I.empty)).toBeVisible();
  });

  it('follows the server while open: a new request appears marked, a decided one leaves, the open dialog stays', {
    timeout: TIMEOUT,
  }, async () => {
    const api = createFakeApi();
    const resetOf = (id: string, username: string, name: string): InboxItem => ({
      ...reset,
      id,
      party: `Reset password of ${username} (${name})`,
      change: { kind: 'user.passwordReset', user: { id: Number(id), username, name }, flow: null },
    });
    const other = resetOf('8', 'bank', 'Bank Teller');
    const arrived = resetOf('9', 'support', 'Support Agent');
    let rows = [reset, other];
    api.on('GET', 'inbox', () => ({
      body: success({ rows, waiting: { ...NONE_WAITING, change: rows.length }, bank: null, expired: [] }),
    }));
    api.on('GET', 'inbox/count', () => ({
      body: success({ count: rows.length, version: rows.map((r) => r.id).join(',') }),
    }));
    app = renderApp({ api, signedInAs: 'network-supervisor', url: '/authorize-transactions' });
    const a = app;
    const row = await screen.findByText('bank-checker (Banque Islamique Checker)', {}, { timeout: 10_000 });
    await waitFor(() => expect(selectInboxVersion(a.signedIn().inbox.getSnapshot())).toBe('7,8'));
    await a.user.click(within(row.closest('tr') as HTMLElement).getByRole('button', { name: I.reject }));
    const dialog = await screen.findByRole('dialog', { name: I.rejectTitle });
    await a.user.type(within(dialog).getByLabelText(I.reason), 'Not asked for');

    // Someone else decides one and another arrives: the count stays, the list follows.
    rows = [reset, arrived];
    a.signedIn().inbox.send({ type: 'inbox.refresh' });
    const added = await screen.findByText('support (Support Agent)', {}, { timeout: 10_000 });
    expect(added.closest('tr')).toHaveAttribute('data-fresh', 'true');
    expect(screen.queryByText('bank (Bank Teller)')).toBeNull();
    expect(row.closest('tr')).not.toHaveAttribute('data-fresh');
    expect(screen.getByRole('dialog', { name: I.rejectTitle })).toBe(dialog);
    expect(within(dialog).getByLabelText(I.reason)).toHaveValue('Not asked for');
  });
});
