import { assign, setup } from 'xstate';
import type { CurrentUser } from '../../api/types';
import { notProvided } from '../../machines/not-provided';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** What the browser refuses before asking the server (which checks again and decides). */
export type LocalProblem = 'currentMissing' | 'mismatch' | 'tooShort' | 'tooLong' | 'sameAsUsername' | 'tooCommon';

export type PasswordFormEvent =
  | ({ type: 'password.submit'; problem: LocalProblem | null } & PasswordChange)
  | { type: 'password.edit' };

interface PasswordFormContext {
  problem: LocalProblem | null;
  serverError: string | null;
}

/**
 * Setting a password (the first one after a one-time password, or a change from the header's
 * menu): the page checks what it can, the server decides (POST auth/password). `changePassword`
 * and `passwordChanged` are supplied by the page.
 */
export const passwordFormMachine = setup({
  types: { context: {} as PasswordFormContext, events: {} as PasswordFormEvent },
  actors: { changePassword: notProvided<CurrentUser, PasswordChange>('changePassword') },
  actions: { passwordChanged: (_, _params: { user: CurrentUser }) => {} },
  guards: {
    hasProblem: (_, params: { problem: LocalProblem | null }) => params.problem !== null,
  },
}).createMachine({
  id: 'passwordForm',
  initial: 'editing',
  context: { problem: null, serverError: null },
  states: {
    editing: {
      on: {
        'password.submit': [
          {
            guard: { type: 'hasProblem', params: ({ event }) => ({ problem: event.problem }) },
            actions: assign({ problem: ({ event }) => event.problem, serverError: null }),
          },
          { target: 'saving' },
        ],
        'password.edit': { actions: assign({ problem: null }) },
      },
    },
    saving: {
      tags: ['saving'],
      entry: assign({ problem: null, serverError: null }),
      invoke: {
        src: 'changePassword',
        input: ({ event }) => {
          const e = event as Extract<PasswordFormEvent, { type: 'password.submit' }>;
          return { currentPassword: e.currentPassword, newPassword: e.newPassword };
        },
        onDone: {
          target: 'done',
          actions: { type: 'passwordChanged', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: assign({
            serverError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    /** Changed: the form may be used again (another change). */
    done: {
      tags: ['done'],
      on: { 'password.edit': { target: 'editing' } },
    },
  },
});

type Snapshot = ReturnType<(typeof passwordFormMachine)['getInitialSnapshot']>;
export const selectIsSaving = (s: Snapshot) => s.hasTag('saving');
export const selectIsDone = (s: Snapshot) => s.hasTag('done');
export const selectProblem = (s: Snapshot) => s.context.problem;
export const selectServerError = (s: Snapshot) => s.context.serverError;
