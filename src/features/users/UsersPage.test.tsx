/**
 * /users over the fake API: the list filters on the server; a new bank user's one-time password
 * is shown once with a copy button; a bank Checker waits for a second administrator, as the form
 * says before it is sent; a deactivation asks first.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PendingUserChange, StaffUserView } from '../../../contract/api/users';
import { createFakeApi, type RenderedApp, renderApp, success } from '../../../tests/unit/support/render-app';
import { userMessages } from './messages';

const U = userMessages.en;
const TIMEOUT = 30_000;

const staff = (id: number, username: string, name: string, extra: Partial<StaffUserView> = {}): StaffUserView => ({
  id,
  username,
  name,
  group: 'agent',
  bank: null,
  profile: null,
  phone: null,
  email: null,
  members: [],
  status: 'active',
  mustChangePassword: false,
  twoFactor: false,
  throttled: false,
  decides: false,
  createdAt: '2026-01-05T09:00:00.000Z',
  ...extra,
});

let app: RenderedApp | undefined;
beforeAll(async () => void (await import('./UsersPage')), 60_000);
afterEach(() => app?.unmount());

function open(url = '/users') {
  const api = createFakeApi({
    banks: [{ id: 7, code: 'BIS', name: 'Banque Islamique', bankGroup: null, active: true }],
  });
  const rows = [
    staff(1, 'moussa', 'Moussa Diop'),
    staff(2, 'bank-teller', 'Awa Sarr', {
      group: 'bank',
      bank: { id: 7, code: 'BIS', name: 'Banque Islamique' },
      profile: 'Teller',
    }),
    staff(4, 'bank-checker', 'Banque Islamique Checker', {
      group: 'bank',
      bank: { id: 7, code: 'BIS', name: 'Banque Islamique' },
      profile: 'Checker',
      throttled: true,
      decides: true,
    }),
  ];
  const pending: PendingUserChange[] = [];
  api.on('GET', 'users', (call) => {
    const [status, id] = [call.query.get('status'), Number(call.query.get('id'))];
    const shown = rows.filter((u) => (!status || u.status === status) && (!id || u.id === id));
    return { body: success({ rows: shown, total: shown.length, page: 1, pageSize: 25, pending }) };
  });
  api.on('GET', 'users/aftu-members', () => ({
    body: success({
      members: [
        { memberId: 'AFTU-M1', name: 'GIE Transport Thiès' },
        { memberId: 'AFTU-M2', name: 'Tata Mbour' },
      ],
    }),
  }));
  api.on('GET', 'banks/options', () => ({
    body: success({ banks: [{ id: 7, code: 'BIS', name: 'Banque Islamique', bankGroup: null, active: true }] }),
  }));
  api.on('POST', 'users', (call) => {
    const body = call.body as { username: string; name: string; profile: string | null };
    if (body.profile === 'Checker') {
      pending.push({
        id: 41,
        kind: 'user.create',
        summary: `Create user ${body.username}: ${body.name} (Bank, BIS Checker)`,
        maker: 'Awa Ndiaye',
        mine: true,
        createdAt: '2026-01-06T10:00:00.000Z',
      });
      return { status: 202, body: success({ applied: false, changeRequestId: 41, firstHalf: 'abcd-efgh' }) };
    }
    const user = staff(3, body.username, body.name, { group: 'bank', mustChangePassword: true });
    rows.push(user);
    return { status: 201, body: success({ applied: true, user, oneTimePassword: 'abcd-efgh-jkmn-pqrs' }) };
  });
  api.on('POST', 'users/4/password-reset', () => {
    pending.push({
      id: 42,
      kind: 'user.passwordReset',
      summary: 'Reset password of bank-checker (Banque Islamique Checker)',
      maker: 'Awa Ndiaye',
      mine: true,
      createdAt: '2026-01-06T10:00:00.000Z',
    });
    return { status: 202, body: success({ applied: false, changeRequestId: 42, firstHalf: 'jkmn-pqrs' }) };
  });
  api.on('POST', 'users/4/unlock', () => ({
    status: 202,
    body: success({ applied: false, changeRequestId: 43 }),
  }));
  api.on('POST', 'users/1/deactivate', () => {
    const user = { ...(rows[0] as StaffUserView), status: 'deactivated' as const };
    rows[0] = user;
    return { body: success(user) };
  });
  app = renderApp({ api, signedInAs: 'admin', url });
  return { a: app, api };
}

const table = () => screen.findByRole('table', { name: U.caption }, { timeout: 10_000 });

async function fillBankUser(a: RenderedApp, username: string, profile: string) {
  await a.user.click(screen.getByRole('button', { name: U.add }));
  const dialog = await screen.findByRole('dialog', { name: U.form.addTitle });
  await a.user.type(within(dialog).getByLabelText(U.form.username), username);
  await a.user.type(within(dialog).getByLabelText(U.form.name), 'Khady Ndiaye');
  await a.user.selectOptions(within(dialog).getByLabelText(U.form.group), 'bank');
  await a.user.selectOptions(within(dialog).getByLabelText(U.form.bankId), '7');
  await a.user.selectOptions(within(dialog).getByLabelText(U.form.profile), profile);
  return dialog;
}

describe('/users', () => {
  it('asks which AFTU members a new AFTU master represents, and sends them', { timeout: TIMEOUT }, async () => {
    const { a, api } = open();
    await table();
    await a.user.click(screen.getByRole('button', { name: U.add }));
    const dialog = await screen.findByRole('dialog', { name: U.form.addTitle });
    expect(within(dialog).queryByRole('group', { name: U.form.members })).toBeNull();
    await a.user.type(within(dialog).getByLabelText(U.form.username), 'aliou.broker');
    await a.user.type(within(dialog).getByLabelText(U.form.name), 'Aliou Sarr');
    await a.user.selectOptions(within(dialog).getByLabelText(U.form.group), 'aftuMaster');
    const members = within(dialog).getByRole('group', { name: U.form.members });

    await a.user.click(within(dialog).getByRole('button', { name: U.form.create }));
    expect(await within(members).findByText(U.errors.members)).toBeVisible();
    expect(api.callsTo('users', 'POST')).toHaveLength(0);

    await a.user.click(within(members).getByRole('checkbox', { name: /Tata Mbour/ }));
    expect(within(members).queryByText(U.errors.members)).toBeNull();
    await a.user.click(within(dialog).getByRole('button', { name: U.form.create }));
    await waitFor(() => expect(api.callsTo('users', 'POST')).toHaveLength(1));
    expect(api.callsTo('users', 'POST')[0]?.body).toMatchObject({ group: 'aftuMaster', members: ['AFTU-M2'] });
  });

  it('opens on the one user an inbox row links to, until the reader asks for everyone', {
    timeout: TIMEOUT,
  }, async () => {
    const { a, api } = open('/users?user=4');
    const list = await table();
    expect(api.callsTo('users')[0]?.query.get('id')).toBe('4');
    expect(within(list).getAllByRole('rowheader')).toHaveLength(1);
    expect(screen.getByTestId('opened-user')).toHaveTextContent(U.opened.one);

    await a.user.click(screen.getByRole('button', { name: U.opened.all }));
    await waitFor(() => expect(within(list).getAllByRole('rowheader')).toHaveLength(3));
    expect(api.callsTo('users').at(-1)?.query.has('id')).toBe(false);
    expect(screen.queryByTestId('opened-user')).toBeNull();
  });

  it('opens searched for a user to create, by the username an inbox row gives', { timeout: TIMEOUT }, async () => {
    const { api } = open('/users?q=khady.ndiaye');
    await table();
    expect(api.callsTo('users')[0]?.query.get('q')).toBe('khady.ndiaye');
    expect(screen.getByLabelText(U.filters.search)).toHaveValue('khady.ndiaye');
  });

  it('lists the staff with their status, filtered on the server', { timeout: TIMEOUT }, async () => {
    const { a, api } = open();
    const list = await table();
    expect(within(list).getByRole('rowheader', { name: /Moussa Diop/ })).toBeVisible();
    expect(within(list).getAllByText(U.status.active)).toHaveLength(3);

    await a.user.selectOptions(screen.getByLabelText(U.filters.status), 'deactivated');
    await waitFor(() => expect(api.callsTo('users').at(-1)?.query.get('status')).toBe('deactivated'));
    expect(await screen.findByText(U.empty)).toBeVisible();
  });

  it('shows a new user’s one-time password once, with a copy button', { timeout: TIMEOUT }, async () => {
    const { a, api } = open();
    await table();
    const dialog = await fillBankUser(a, 'khady.ndiaye', 'Teller');
    expect(within(dialog).queryByRole('status')).toBeNull();
    await a.user.click(within(dialog).getByRole('button', { name: U.form.create }));

    const shown = await screen.findByRole('dialog', { name: `One-time password for khady.ndiaye` });
    expect(within(shown).getByTestId('one-time-password')).toHaveTextContent('abcd-efgh-jkmn-pqrs');
    expect(api.callsTo('users', 'POST')[0]?.body).toMatchObject({ group: 'bank', bankId: 7, profile: 'Teller' });
    await a.user.click(within(shown).getByRole('button', { name: U.password.copy }));
    expect(await within(shown).findByRole('button', { name: U.password.copied })).toBeVisible();
    await a.user.click(within(shown).getByRole('button', { name: U.password.done }));
    await waitFor(() => expect(screen.queryByTestId('one-time-password')).toBeNull());
    expect(within(await table()).getByRole('rowheader', { name: /Khady Ndiaye/ })).toBeVisible();
  });

  it('says a bank Checker waits for a second administrator, and shows the maker only the first half of their password', {
    timeout: TIMEOUT,
  }, async () => {
    const { a } = open();
    await table();
    const dialog = await fillBankUser(a, 'checker.two', 'Checker');
    expect(within(dialog).getByText(U.form.secondAdminNew)).toBeVisible();
    await a.user.click(within(dialog).getByRole('button', { name: U.form.create }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    const shown = await screen.findByRole('dialog', { name: 'First half of the one-time password for checker.two' });
    expect(within(shown).getByText(U.firstHalf.label)).toBeVisible();
    expect(within(shown).getByTestId('one-time-password')).toHaveTextContent(/^abcd-efgh$/);
    await a.user.click(within(shown).getByRole('button', { name: U.password.done }));
    await waitFor(() => expect(screen.queryByTestId('one-time-password')).toBeNull());
    // The list says what waits, and who asked.
    const waiting = await screen.findByRole('region', { name: U.pending.title });
    expect(within(waiting).getByText('Create user checker.two: Khady Ndiaye (Bank, BIS Checker)')).toBeVisible();
    expect(within(waiting).getByText(/asked by you/)).toBeVisible();
    expect(within(waiting).getByRole('link', { name: U.pending.inbox })).toHaveAttribute(
      'href',
      '/authorize-transactions',
    );
  });

  it('asks a second administrator to reset a Checker’s password, and shows the maker the first half only', {
    timeout: TIMEOUT,
  }, async () => {
    const { a } = open();
    const list = await table();
    await a.user.click(within(list).getByRole('button', { name: 'More actions for Banque Islamique Checker' }));
    await a.user.click(await screen.findByRole('menuitem', { name: U.actions.passwordReset }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the password of Banque Islamique Checker?' });
    expect(within(confirm).getByText(/a second administrator must approve this in the approvals inbox/)).toBeVisible();
    await a.user.click(within(confirm).getByRole('button', { name: U.confirm.ask }));

    const shown = await screen.findByRole('dialog', { name: 'First half of the one-time password for bank-checker' });
    expect(within(shown).getByText(U.firstHalf.label)).toBeVisible();
    expect(within(shown).getByTestId('one-time-password')).toHaveTextContent(/^jkmn-pqrs$/);
    await a.user.click(within(shown).getByRole('button', { name: U.password.copy }));
    expect(await within(shown).findByRole('button', { name: U.password.copied })).toBeVisible();
    await a.user.click(within(shown).getByRole('button', { name: U.password.done }));
    const waiting = await screen.findByRole('region', { name: U.pending.title });
    expect(within(waiting).getByText('Reset password of bank-checker (Banque Islamique Checker)')).toBeVisible();
  });

  it('says a Teller made Checker waits, and will get a new password in two halves', { timeout: TIMEOUT }, async () => {
    const { a } = open();
    const list = await table();
    await a.user.click(within(list).getByRole('button', { name: 'Edit Awa Sarr' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Awa Sarr' });
    expect(within(dialog).queryByRole('status')).toBeNull();
    await a.user.selectOptions(within(dialog).getByLabelText(U.form.profile), 'Checker');
    expect(within(dialog).getByText(U.form.secondAdminPromoted)).toBeVisible();
  });

  it('says an unlock of a Checker waits for a second administrator', { timeout: TIMEOUT }, async () => {
    const { a, api } = open();
    const list = await table();
    await a.user.click(within(list).getByRole('button', { name: 'More actions for Banque Islamique Checker' }));
    await a.user.click(await screen.findByRole('menuitem', { name: U.actions.unlock }));
    const confirm = await screen.findByRole('dialog', { name: 'Unlock sign-in for Banque Islamique Checker?' });
    expect(within(confirm).getByText(/must approve the unlock/)).toBeVisible();
    await a.user.click(within(confirm).getByRole('button', { name: U.confirm.ask }));
    await waitFor(() => expect(api.callsTo('users/4/unlock', 'POST')).toHaveLength(1));
    expect((await screen.findAllByText(U.done.requested, {}, { timeout: 3000 }))[0]).toBeVisible();
    expect(screen.queryByTestId('one-time-password')).toBeNull();
  });

  it('asks before deactivating, then shows the new status', { timeout: TIMEOUT }, async () => {
    const { a } = open();
    const list = await table();
    await a.user.click(within(list).getByRole('button', { name: 'More actions for Moussa Diop' }));
    await a.user.click(await screen.findByRole('menuitem', { name: U.actions.deactivate }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Moussa Diop?' });
    await act(async () => {
      await a.user.click(within(confirm).getByRole('button', { name: U.actions.deactivate }));
    });
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect((await screen.findAllByText('Moussa Diop deactivated.', {}, { timeout: 3000 }))[0]).toBeVisible();
    expect(within(await table()).getByText(U.status.deactivated)).toBeVisible();
  });
});
