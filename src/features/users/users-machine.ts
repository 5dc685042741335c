import { assign, raise, type SnapshotFrom, setup } from 'xstate';
import type { BankOption } from '../../../contract/api/banks';
import type { UserCreateBody, UserListQuery } from '../../../contract/staff-users';
import type {
  AftuMemberOption,
  StaffChangeWaiting,
  StaffUserChange,
  StaffUserPage,
  StaffUserView,
} from '../../../contract/api/users';
import { notProvided } from '../../machines/not-provided';
import { withFieldChange } from '../../ui/managed-list/field-change';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import { errorMessage } from '../../ui/list/report-machine';
import {
  EMPTY_USER,
  placeUserError,
  type UserErrors,
  type UserField,
  type UserValues,
  userBody,
  validateUser,
  valuesOf,
} from './user-form';

/**
 * /users: one page of staff users for the filters, and one thing at a time over it: the add /
 * edit form (editing → saving), an action's confirmation (asking → working), or a one-time
 * password shown once (revealing): whole, or (a deciding user's, decision 031) only its first
 * half, while the request waits for a second administrator. Effects are named actors the page
 * provides: loadUsers, loadBanks, loadAftuMembers, saveUser, actOnUser; and the action `announce`
 * for the confirmation toast.
 */
export type UserAction = 'deactivate' | 'reactivate' | 'passwordReset' | 'unlock' | 'twoFactorReset';

export type UsersQuery = Omit<UserListQuery, 'q'> & { q: string };

export type UsersEvent =
  | { type: 'users.retry' }
  | { type: 'filters.change'; query: Partial<UsersQuery> }
  | { type: 'search.change'; q: string }
  | { type: 'user.add' }
  | { type: 'user.edit'; id: number }
  | { type: 'field.change'; name: UserField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'user.act'; id: number; action: UserAction }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'password.copy' }
  | { type: 'password.dismiss' };

/**
 * An action answers like a save: done at once (the user after it, a reset's whole password), or
 * waiting for a second administrator (a deciding user's reset: the first half of its password).
 */
export type ActResult = StaffUserChange;

/** A one-time password shown once: the whole of it, or only the first half (the approver gets the second). */
export interface Revealed {
  username: string;
  password: string;
  part: 'whole' | 'firstHalf';
}

export interface UsersContext {
  query: UsersQuery;
  result: StaffUserPage | null;
  loadError: string | null;
  banks: BankOption[];
  /** The AFTU members a broker may represent; null until loaded (or when they could not be). */
  aftuMembers: AftuMemberOption[] | null;
  /** The user being edited, or null when adding one. */
  editing: StaffUserView | null;
  values: UserValues;
  errors: UserErrors;
  failure: RequestFailure | null;
  confirming: { user: StaffUserView; action: UserAction } | null;
  /** A one-time password, shown once until dismissed. */
  revealed: Revealed | null;
}

export type Announcement =
  | { kind: 'created' | 'updated'; name: string }
  | { kind: UserAction; name: string }
  | { kind: 'requested' };

const FIRST_QUERY: UsersQuery = { q: '', page: 1, pageSize: 25 };

/** The page with `user` in place of its old row (or first, when new). */
function withUser(result: StaffUserPage | null, user: StaffUserView): StaffUserPage | null {
  if (!result) return result;
  const known = result.rows.some((u) => u.id === user.id);
  return known
    ? { ...result, rows: result.rows.map((u) => (u.id === user.id ? user : u)) }
    : { ...result, rows: [user, ...result.rows], total: result.total + 1 };
}

type Applied = Extract<StaffUserChange, { applied: true }>;

const whole = (username: string, password: string | undefined): Revealed => ({
  username,
  password: password ?? '',
  part: 'whole',
});
const firstHalf = (username: string, waiting: StaffChangeWaiting): Revealed => ({
  username,
  password: waiting.firstHalf ?? '',
  part: 'firstHalf',
});
const confirmed = (context: UsersContext) => context.confirming as NonNullable<UsersContext['confirming']>;

const closed = { editing: null, errors: {}, failure: null, confirming: null, revealed: null } as const;

export const usersMachine = setup({
  types: {
    context: {} as UsersContext,
    events: {} as UsersEvent,
    /** The list a link opened: one user (`id`) or a search. */
    input: {} as { query?: Partial<UsersQuery> } | undefined,
  },
  actors: {
    loadUsers: notProvided<StaffUserPage, UsersQuery>('loadUsers'),
    loadBanks: notProvided<BankOption[]>('loadBanks'),
    loadAftuMembers: notProvided<AftuMemberOption[]>('loadAftuMembers'),
    saveUser: notProvided<StaffUserChange, { id: number | null; body: UserCreateBody }>('saveUser'),
    actOnUser: notProvided<ActResult, { id: number; action: UserAction }>('actOnUser'),
    copyText: notProvided<void, { text: string }>('copyText'),
  },
  actions: {
    announce: (_, _params: Announcement) => {},
  },
  delays: { searchPause: 300 },
  guards: {
    isValid: ({ context }) => Object.keys(validateUser(context.values, context.editing !== null)).length === 0,
    namesAField: (_, params: { error: unknown }) => {
      const failure = describeFailure(params.error);
      return !failure.network && placeUserError(failure.code) !== null;
    },
    knownUser: ({ context }, params: { id: number }) => context.result?.rows.some((u) => u.id === params.id) ?? false,
    isApplied: (_, params: { change: StaffUserChange }) => params.change.applied,
    revealsPassword: (_, params: { change: StaffUserChange }) =>
      params.change.applied && Boolean(params.change.oneTimePassword),
    revealsFirstHalf: (_, params: { change: StaffUserChange }) =>
      !params.change.applied && Boolean(params.change.firstHalf),
  },
}).createMachine({
  id: 'users',
  type: 'parallel',
  context: ({ input }) => ({
    query: { ...FIRST_QUERY, ...input?.query },
    result: null,
    loadError: null,
    banks: [],
    aftuMembers: null,
    editing: null,
    values: EMPTY_USER,
    errors: {},
    failure: null,
    confirming: null,
    revealed: null,
  }),
  states: {
    // The bank choices for the form load once, beside the list.
    banks: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadBanks',
            onDone: { target: 'done', actions: assign({ banks: ({ event }) => event.output }) },
            onError: 'done',
          },
        },
        done: {},
      },
    },
    // The AFTU members a broker may represent, likewise.
    aftuMembers: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadAftuMembers',
            onDone: { target: 'done', actions: assign({ aftuMembers: ({ event }) => event.output }) },
            onError: 'done',
          },
        },
        done: {},
      },
    },
    list: {
      initial: 'loading',
      on: {
        'filters.change': {
          target: '.loading',
          reenter: true,
          actions: assign({ query: ({ context, event }) => ({ ...context.query, page: 1, ...event.query }) }),
        },
        'search.change': {
          target: '.pausing',
          reenter: true,
          // A search looks through everyone again, not only the user a link opened.
          actions: assign({
            query: ({ context, event }) => ({ ...context.query, q: event.q, page: 1, id: undefined }),
          }),
        },
      },
      states: {
        pausing: { after: { searchPause: 'loading' } },
        loading: {
          tags: ['loading'],
          entry: assign({ loadError: null }),
          invoke: {
            src: 'loadUsers',
            input: ({ context }) => context.query,
            onDone: { target: 'shown', actions: assign({ result: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorMessage(event.error) }) },
          },
        },
        failed: { tags: ['failed'], on: { 'users.retry': 'loading' } },
        shown: {},
      },
    },
    work: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.add': { target: 'form', actions: assign({ ...closed, values: EMPTY_USER }) },
            'user.edit': {
              guard: { type: 'knownUser', params: ({ event }) => ({ id: event.id }) },
              target: 'form',
              actions: assign(({ context, event }) => {
                const user = context.result?.rows.find((u) => u.id === event.id) as StaffUserView;
                return { ...closed, editing: user, values: valuesOf(user) };
              }),
            },
            'user.act': {
              guard: { type: 'knownUser', params: ({ event }) => ({ id: event.id }) },
              target: 'confirming',
              actions: assign(({ context, event }) => ({
                ...closed,
                confirming: {
                  user: context.result?.rows.find((u) => u.id === event.id) as StaffUserView,
                  action: event.action,
                },
              })),
            },
          },
        },
        form: {
          tags: ['form'],
          initial: 'editing',
          on: { 'form.cancel': { target: 'idle', actions: assign(closed) } },
          states: {
            editing: {
              on: {
                'field.change': {
                  actions: assign(({ context, event }) =>
                    withFieldChange(context, event.name, event.value, (values) =>
                      validateUser(values, context.editing !== null),
                    ),
                  ),
                },
                'form.submit': [
                  { guard: 'isValid', target: 'saving' },
                  {
                    actions: assign({
                      errors: ({ context }) => validateUser(context.values, context.editing !== null),
                    }),
                  },
                ],
              },
            },
            saving: {
              tags: ['busy'],
              entry: assign({ failure: null, errors: {} }),
              on: { 'form.cancel': {} },
              invoke: {
                src: 'saveUser',
                input: ({ context }) => ({ id: context.editing?.id ?? null, body: userBody(context.values) }),
                onDone: [
                  {
                    guard: { type: 'revealsPassword', params: ({ event }) => ({ change: event.output }) },
                    target: '#users.work.revealing',
                    actions: assign(({ context, event }) => {
                      const change = event.output as Applied;
                      return {
                        ...closed,
                        result: withUser(context.result, change.user),
                        revealed: whole(change.user.username, change.oneTimePassword),
                      };
                    }),
                  },
                  {
                    guard: { type: 'isApplied', params: ({ event }) => ({ change: event.output }) },
                    target: '#users.work.idle',
                    actions: [
                      {
                        type: 'announce',
                        params: ({ event }) => ({ kind: 'updated', name: (event.output as Applied).user.name }),
                      },
                      assign(({ context, event }) => ({
                        ...closed,
                        result: withUser(context.result, (event.output as Applied).user),
                      })),
                    ],
                  },
                  {
                    guard: { type: 'revealsFirstHalf', params: ({ event }) => ({ change: event.output }) },
                    target: '#users.work.revealing',
                    actions: [
                      assign(({ context, event }) => ({
                        ...closed,
                        revealed: firstHalf(context.values.username.trim(), event.output as StaffChangeWaiting),
                      })),
                    ],
                  },
                  {
                    target: '#users.work.idle',
                    actions: [
                      { type: 'announce', params: { kind: 'requested' } },
                      assign(closed),
                      raise({ type: 'filters.change', query: {} }),
                    ],
                  },
                ],
                onError: [
                  {
                    guard: { type: 'namesAField', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    actions: assign(({ event }) => {
                      const placed = placeUserError(describeFailure(event.error).code);
                      return { errors: placed ? { [placed.field]: placed.error } : {} };
                    }),
                  },
                  { target: 'editing', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
                ],
              },
            },
          },
        },
        confirming: {
          tags: ['confirming'],
          initial: 'asking',
          on: { 'confirm.cancel': { target: 'idle', actions: assign(closed) } },
          states: {
            asking: { on: { 'confirm.accept': 'working' } },
            working: {
              tags: ['busy'],
              entry: assign({ failure: null }),
              on: { 'confirm.cancel': {} },
              invoke: {
                src: 'actOnUser',
                input: ({ context }) => ({ id: confirmed(context).user.id, action: confirmed(context).action }),
                onDone: [
                  {
                    guard: { type: 'revealsPassword', params: ({ event }) => ({ change: event.output }) },
                    target: '#users.work.revealing',
                    actions: assign(({ context, event }) => {
                      const done = event.output as Applied;
                      return {
                        ...closed,
                        result: withUser(context.result, done.user),
                        revealed: whole(done.user.username, done.oneTimePassword),
                      };
                    }),
                  },
                  {
                    guard: { type: 'revealsFirstHalf', params: ({ event }) => ({ change: event.output }) },
                    target: '#users.work.revealing',
                    actions: [
                      assign(({ context, event }) => ({
                        ...closed,
                        revealed: firstHalf(confirmed(context).user.username, event.output as StaffChangeWaiting),
                      })),
                    ],
                  },
                  {
                    guard: { type: 'isApplied', params: ({ event }) => ({ change: event.output }) },
                    target: '#users.work.idle',
                    actions: [
                      {
                        type: 'announce',
                        params: ({ context, event }) => ({
                          kind: confirmed(context).action,
                          name: (event.output as Applied).user.name,
                        }),
                      },
                      assign(({ context, event }) => ({
                        ...closed,
                        result: withUser(context.result, (event.output as Applied).user),
                      })),
                    ],
                  },
                  {
                    target: '#users.work.idle',
                    actions: [
                      { type: 'announce', params: { kind: 'requested' } },
                      assign(closed),
                      raise({ type: 'filters.change', query: {} }),
                    ],
                  },
                ],
                onError: {
                  target: 'asking',
                  actions: assign({ failure: ({ event }) => describeFailure(event.error) }),
                },
              },
            },
          },
        },
        revealing: {
          tags: ['revealing'],
          on: {
            'password.dismiss': {
              target: 'idle',
              // Reloading restarts every region of the page (a list load re-enters the whole
              // parallel machine), so it waits until the password is no longer shown. The list
              // then shows what waits for a second administrator.
              actions: [assign(closed), raise({ type: 'filters.change', query: {} })],
            },
          },
          initial: 'shown',
          states: {
            shown: { on: { 'password.copy': 'copying' } },
            copying: {
              invoke: {
                src: 'copyText',
                input: ({ context }) => ({ text: context.revealed?.password ?? '' }),
                onDone: 'copied',
                onError: 'shown',
              },
            },
            copied: { tags: ['copied'], on: { 'password.copy': 'copying' } },
          },
        },
      },
    },
  },
});

export type UsersSnapshot = SnapshotFrom<typeof usersMachine>;

export const selectResult = (s: UsersSnapshot) => s.context.result;
export const selectQuery = (s: UsersSnapshot) => s.context.query;
export const selectBanks = (s: UsersSnapshot) => s.context.banks;
export const selectAftuMembers = (s: UsersSnapshot) => s.context.aftuMembers;
export const selectIsLoading = (s: UsersSnapshot) => s.hasTag('loading');
export const selectLoadError = (s: UsersSnapshot) => (s.hasTag('failed') ? s.context.loadError : null);
export const selectFormOpen = (s: UsersSnapshot) => s.hasTag('form');
export const selectEditing = (s: UsersSnapshot) => s.context.editing;
export const selectValues = (s: UsersSnapshot) => s.context.values;
export const selectErrors = (s: UsersSnapshot) => s.context.errors;
export const selectFailure = (s: UsersSnapshot) => s.context.failure;
export const selectIsBusy = (s: UsersSnapshot) => s.hasTag('busy');
export const selectConfirming = (s: UsersSnapshot) => (s.hasTag('confirming') ? s.context.confirming : null);
export const selectRevealed = (s: UsersSnapshot) => (s.hasTag('revealing') ? s.context.revealed : null);
export const selectCopied = (s: UsersSnapshot) => s.hasTag('copied');
