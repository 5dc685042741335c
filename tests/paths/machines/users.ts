/**
 * Graphs of the admin's staff-user machines: the /users page (add, edit, the row actions, a
 * one-time password shown once), the two-factor reset of another user, and the password form.
 * What each step means on screen is in the step tables (tests/paths/steps/users.ts, …).
 */
import type { StaffUserPage, StaffUserView } from '../../../contract/api/users';
import type { TwoFactorUserStatus } from '../../../contract/api/two-factor';
import { ApiRequestError } from '../../../src/api/client';
import { adminResetMachine } from '../../../src/features/two-factor/admin-reset-machine';
import { TELLER } from '../../../src/features/users/user.fixtures';
import { type UsersContext, usersMachine } from '../../../src/features/users/users-machine';
import { passwordFormMachine } from '../../../src/routes/password/password-form-machine';
import { DEMO_PASSWORD } from '../../../server/db/demo-users';
import { LABEL, type MachineGraph } from '../graph-adapter';

const apiError = (status: number, code: string) => new ApiRequestError(code, status, code, false);
const noAnswer = () => new TypeError('Failed to fetch');

/** A staff user as the list shows one: the catalogue's teller, made another by `fields`. */
const staff = (fields: Pick<StaffUserView, 'id' | 'username' | 'name'> & Partial<StaffUserView>): StaffUserView => ({
  ...TELLER,
  group: 'agent',
  bank: null,
  profile: null,
  phone: null,
  email: null,
  twoFactor: false,
  ...fields,
});

/**
 * The page the list shows: an agent, and a bank Checker who decides (so a reset of theirs waits
 * for a second administrator) and whose sign-in is slowed down (so it can be unlocked).
 */
export const USERS_LISTED = {
  agent: staff({ id: 1, username: 'moussa', name: 'Moussa Diop' }),
  checker: staff({
    id: 4,
    username: 'bank-checker',
    name: 'Banque Islamique Checker',
    group: 'bank',
    bank: { id: 7, code: 'BIS', name: 'Banque Islamique' },
    profile: 'Checker',
    throttled: true,
    decides: true,
  }),
} as const;
const PAGE: StaffUserPage = {
  rows: [USERS_LISTED.agent, USERS_LISTED.checker],
  total: 2,
  page: 1,
  pageSize: 25,
  pending: [],
};
/** What the add form gets typed, one field a step. */
export const USER_TYPED = { username: 'khady.ndiaye', name: 'Khady Ndiaye' } as const;
/** The one-time passwords the server hands out: whole, or the first half of a deciding user's. */
const USER_PASSWORDS = { whole: 'abcd-efgh-jkmn-pqrs', firstHalf: 'abcd-efgh' } as const;

const waiting = (firstHalf?: string) => ({ applied: false, changeRequestId: 41, ...(firstHalf ? { firstHalf } : {}) });
const created = staff({ id: 3, username: USER_TYPED.username, name: USER_TYPED.name, mustChangePassword: true });

/** The row actions the paths take, each on the user whose answer it shows. */
const ACTS = [
  { label: 'deactivate the agent', id: 1, action: 'deactivate' },
  { label: "reset the agent's password", id: 1, action: 'passwordReset' },
  { label: "reset the Checker's password", id: 4, action: 'passwordReset' },
  { label: 'unlock the Checker', id: 4, action: 'unlock' },
] as const;
/** How each action answers: done, a whole password, the first half of one, or waiting. */
const ACT_ANSWERS: Record<(typeof ACTS)[number]['label'], { label: string; output: unknown }> = {
  'deactivate the agent': {
    label: 'deactivated',
    output: { applied: true, user: { ...USERS_LISTED.agent, status: 'deactivated' } },
  },
  "reset the agent's password": {
    label: 'a one-time password',
    output: {
      applied: true,
      user: { ...USERS_LISTED.agent, mustChangePassword: true },
      oneTimePassword: USER_PASSWORDS.whole,
    },
  },
  "reset the Checker's password": { label: 'its first half', output: waiting(USER_PASSWORDS.firstHalf) },
  'unlock the Checker': { label: 'waits', output: waiting() },
};
const actLabel = (context: UsersContext) =>
  ACTS.find((a) => a.id === context.confirming?.user.id && a.action === context.confirming?.action)?.label;

const LIST_EVENTS = new Set(['filters.change', 'search.change']);
const ROW_EVENTS = new Set(['user.add', 'user.edit', 'user.act']);

export const usersGraph: MachineGraph<typeof usersMachine> = {
  id: 'users',
  machine: usersMachine,
  guardsBothWays: true,
  // What the dialogs show: which add-form fields are typed (while the form is open), which
  // user is edited or acted on, the errors and the failure shown, which part of a password.
  context: (c, snapshot) => ({
    typed: snapshot.hasTag('form') && !c.editing ? [c.values.username !== '', c.values.name !== ''] : null,
    editing: c.editing?.id ?? null,
    errors: Object.keys(c.errors).sort(),
    failure: c.failure !== null,
    confirming: c.confirming ? `${c.confirming.user.id}:${c.confirming.action}` : null,
    revealed: c.revealed?.part ?? null,
  }),
  filter: (snapshot, name, event) => {
    const { context } = snapshot;
    const label = String(event[LABEL]);
    // The bank choices and the AFTU members load beside the list (again with each reload of the
    // list): the graph lets them answer first, the banks then the members, as nothing on the
    // page waits for them. Their failures are shown once, on the first load.
    if (name.startsWith('loadBanks.') || name.startsWith('loadAftuMembers.')) {
      if (name.endsWith('.error') && context.result !== null) return false;
      return name.startsWith('loadBanks.') || snapshot.matches({ banks: 'done' });
    }
    if (!snapshot.matches({ banks: 'done', aftuMembers: 'done' })) return false;
    // The filters are behind a dialog while one is open; the graph changes them on a list shown.
    if (LIST_EVENTS.has(name)) return snapshot.matches({ work: 'idle', list: 'shown' });
    // The rows' buttons act on a list shown ("Add user" is disabled once a load failed).
    if (ROW_EVENTS.has(name)) return snapshot.matches({ list: 'shown' });
    const adding = context.editing === null;
    const told = Object.keys(context.errors).length > 0 || context.failure !== null;
    // The add form is typed before Save, the username then the name; an edit's form is whole.
    if (name === 'field.change') {
      const field = (event as { name?: keyof typeof USER_TYPED }).name;
      const next = context.values.username === '' ? 'username' : 'name';
      return adding && !told && field === next && context.values[field] === '';
    }
    // Save is pressed on an empty form (refused in place) or a whole one, and again after a
    // lost answer; Cancel closes an edit, also while saving (disabled) and after a lost answer.
    if (name === 'form.submit') {
      return (
        Object.keys(context.errors).length === 0 &&
        (!adding || context.values.name !== '' || context.values.username === '')
      );
    }
    if (name === 'form.cancel') return !adding;
    // The server's answer follows what was sent: a new user, or an edit of the agent.
    if (name === 'saveUser.done') return adding === label.startsWith('added');
    if (name === 'saveUser.error') return adding === (label === 'username taken');
    const act = actLabel(context);
    if (name === 'actOnUser.done') return act !== undefined && ACT_ANSWERS[act].label === label;
    // A refusal, and Cancel, show alike in every action's dialog: the graph takes them in one.
    if (name === 'actOnUser.error' || name === 'confirm.cancel') return act === ACTS[0].label;
    // Copying works alike for a whole password and for its first half.
    if (name === 'password.copy') return context.revealed?.part === 'whole';
    if (name === 'password.dismiss') return !snapshot.matches({ work: { revealing: 'copying' } });
    return true;
  },
  variants: () => ({
    'loadBanks.done': [
      { label: 'banks', output: [{ id: 7, code: 'BIS', name: 'Banque Islamique', bankGroup: null, active: true }] },
    ],
    'loadBanks.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'loadAftuMembers.done': [{ label: 'members', output: [{ memberId: 'AFTU-M1', name: 'GIE Transport Thiès' }] }],
    'loadAftuMembers.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'loadUsers.done': [{ label: 'two users', output: PAGE }],
    'loadUsers.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'users.retry': [{ label: 'retry' }],
    'filters.change': [{ label: 'active only', query: { status: 'active' } }],
    'search.change': [{ label: 'a name', q: 'Diop' }],
    'user.add': [{ label: 'add' }],
    'user.edit': [{ label: 'the agent', id: 1 }],
    'user.act': ACTS.map((a) => ({ ...a })),
    'field.change': [
      { label: 'a username', name: 'username', value: USER_TYPED.username },
      { label: 'a full name', name: 'name', value: USER_TYPED.name },
    ],
    'form.submit': [{ label: 'submit' }],
    'form.cancel': [{ label: 'cancel' }],
    'saveUser.done': [
      {
        label: 'added, with its password',
        output: { applied: true, user: created, oneTimePassword: USER_PASSWORDS.whole },
      },
      { label: 'added, waits: first half', output: waiting(USER_PASSWORDS.firstHalf) },
      { label: 'saved', output: { applied: true, user: USERS_LISTED.agent } },
      { label: 'waits', output: waiting() },
    ],
    'saveUser.error': [
      { label: 'username taken', error: apiError(409, 'USERNAME_TAKEN') },
      { label: 'no answer', error: noAnswer() },
    ],
    'confirm.accept': [{ label: 'confirm' }],
    'confirm.cancel': [{ label: 'cancel' }],
    'actOnUser.done': Object.values(ACT_ANSWERS),
    'actOnUser.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'password.copy': [{ label: 'copy' }],
    'copyText.done': [{ label: 'copied' }],
    'copyText.error': [{ label: 'refused', error: new Error('denied') }],
    'password.dismiss': [{ label: 'done' }],
  }),
};

/** The user whose two-factor the admin resets: on, then off once reset (or still on while it waits). */
export const RESET_TARGET: TwoFactorUserStatus = {
  username: 'awa.ndiaye',
  name: 'Awa Ndiaye',
  enabled: true,
  enabledAt: '2026-11-02T09:00:00.000Z',
  pending: false,
};
const RESET_OFF: TwoFactorUserStatus = { ...RESET_TARGET, enabled: false, enabledAt: null };

export const adminResetGraph: MachineGraph<typeof adminResetMachine> = {
  id: 'adminReset',
  machine: adminResetMachine,
  guardsBothWays: true,
  // What the card shows: the user found (on or off), a failure, the missing username, a reset's outcome.
  context: (c) => [c.target?.enabled ?? null, c.failure !== null, c.usernameMissing, c.resetDone?.waiting ?? null],
  // "Find" is used with the card at rest: no lookup or reset on its way, no confirmation open;
  // the graph finds again a user who is on, and sends no username once, before anything failed.
  // While a lookup or a reset is on its way, Enter in the field (a username) must change nothing.
  filter: (snapshot, name, event) => {
    const { context } = snapshot;
    if (name === 'lookup.submit') {
      if (snapshot.matches('looking') || snapshot.matches('resetting')) return event[LABEL] === 'a username';
      if (snapshot.matches('found')) return context.target?.enabled === true && !context.resetDone && !context.failure;
      if (!snapshot.matches('idle') || context.failure) return false;
      return event[LABEL] === 'a username' || !context.usernameMissing;
    }
    // Reset is offered for a user whose two-factor is on (or being set up).
    if (name === 'reset.ask') return context.target?.enabled === true;
    return true;
  },
  variants: () => ({
    'lookup.submit': [
      { label: 'a username', username: RESET_TARGET.username },
      { label: 'no username', username: '  ' },
    ],
    'lookUp.done': [
      { label: 'on', output: RESET_TARGET },
      { label: 'off', output: RESET_OFF },
    ],
    'lookUp.error': [{ label: 'not found', error: apiError(404, 'NOT_FOUND') }],
    'reset.ask': [{ label: 'reset' }],
    'reset.cancel': [{ label: 'cancel' }],
    'reset.confirm': [{ label: 'yes' }],
    'reset.done': [
      { label: 'reset', output: { target: RESET_OFF, waiting: false } },
      { label: 'waits', output: { target: RESET_TARGET, waiting: true } },
    ],
    'reset.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
  }),
};

/** What the password form gets typed, by the graph's label: each a whole form, and what the page finds wrong with it. */
export const PASSWORD_TYPED = {
  'a new password': {
    current: DEMO_PASSWORD,
    next: 'Baobab-Tiled-Ferry-42',
    repeat: 'Baobab-Tiled-Ferry-42',
    problem: null,
  },
  'two different new ones': {
    current: DEMO_PASSWORD,
    next: 'Baobab-Tiled-Ferry-42',
    repeat: 'Baobab-Tiled-Ferry-43',
    problem: 'mismatch',
  },
  'no current password': {
    current: '',
    next: 'Baobab-Tiled-Ferry-42',
    repeat: 'Baobab-Tiled-Ferry-42',
    problem: 'currentMissing',
  },
} as const;

export const passwordFormGraph: MachineGraph<typeof passwordFormMachine> = {
  id: 'passwordForm',
  machine: passwordFormMachine,
  guardsBothWays: true,
  // What the form shows: the problem it found, or the server's refusal.
  context: (c) => [c.problem, c.serverError !== null],
  filter: (snapshot, name) => {
    // Typing sends an edit only while a problem is shown; the graph fixes it before sending again.
    if (snapshot.matches('editing')) {
      if (name === 'password.edit') return snapshot.context.problem !== null;
      if (name === 'password.submit') return snapshot.context.problem === null;
    }
    return true;
  },
  variants: () => ({
    'password.submit': Object.entries(PASSWORD_TYPED).map(([label, typed]) => ({
      label,
      problem: typed.problem,
      currentPassword: typed.current,
      newPassword: typed.next,
    })),
    'password.edit': [{ label: 'edit' }],
    'changePassword.done': [{ label: 'changed', output: {} }],
    'changePassword.error': [{ label: 'refused', error: apiError(400, 'CURRENT_PASSWORD_WRONG') }],
  }),
};
