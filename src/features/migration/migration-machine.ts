import { assign, raise, type SnapshotFrom, setup } from 'xstate';
import { type MigrationBody, type MigrationKind, readWalletTerm } from '../../../contract/wallet-migrations';
import type { MigrationHistoryPage, MigrationResult, MigrationWallet } from '../../../contract/api/wallet-migrations';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import {
  canChangeType,
  EMPTY_MIGRATION,
  fieldOfRefusal,
  type MigrationErrors,
  type MigrationField,
  type MigrationValues,
  migrationBody,
  validateMigration,
} from './migration-form';
import { notProvided } from '../../machines/not-provided';

/**
 * /migration: find a wallet, say what changes, review, confirm, see the result; beside it the
 * history (the wallet's once found, everyone's recent ones before).
 *
 * flow: finding → looking → ready.editing ⇄ ready.reviewing → ready.submitting → done
 * history: loading → ready | failed, reloaded when the wallet changes or a migration is done.
 * Effects provided by the page: `findWallet`, `migrateWallet`, `listHistory`.
 */
export type MigrationEvent =
  | { type: 'wallet.find'; term: string }
  | { type: 'wallet.change' }
  | { type: 'kind.change'; kind: MigrationKind }
  | { type: 'field.change'; name: MigrationField; value: string }
  | { type: 'migration.review' }
  | { type: 'migration.back' }
  | { type: 'migration.confirm' }
  | { type: 'migration.another' }
  | { type: 'history.page'; page: number }
  | { type: 'history.retry' }
  | { type: 'history.reload' }
  /** A decision on this page changed a wallet (or closed its request): the history, and the wallet if in view, follow. */
  | { type: 'wallet.decided'; wallet: MigrationWallet };

export interface MigrationContext {
  term: string;
  termInvalid: boolean;
  wallet: MigrationWallet | null;
  values: MigrationValues;
  errors: MigrationErrors;
  /** The server's words for a field it refused (a phone another account uses). */
  fieldRefusal: { field: MigrationField; message: string } | null;
  failure: RequestFailure | null;
  result: MigrationResult | null;
  history: MigrationHistoryPage | null;
  historyPage: number;
  historyFailure: RequestFailure | null;
}

const HISTORY_PAGE_SIZE = 10;

const freshForm = { values: EMPTY_MIGRATION, errors: {}, fieldRefusal: null, failure: null };

export const migrationMachine = setup({
  types: {
    context: {} as MigrationContext,
    events: {} as MigrationEvent,
  },
  actors: {
    findWallet: notProvided<MigrationWallet, { term: string }>('findWallet'),
    migrateWallet: notProvided<MigrationResult, MigrationBody>('migrateWallet'),
    listHistory: notProvided<MigrationHistoryPage, { number: string | null; page: number; pageSize: number }>(
      'listHistory',
    ),
  },
  actions: {
    reloadHistory: raise({ type: 'history.reload' }),
    /** A request was recorded: the page's list of requests waiting for a decision shows it. */
    announceRequested: () => {},
    firstHistoryPage: assign({ historyPage: 1 }),
  },
  guards: {
    termReadable: (_, params: { term: string }) => readWalletTerm(params.term) !== null,
    isShownWallet: ({ context }, params: { number: string }) => context.wallet?.number === params.number,
    formValid: ({ context }) =>
      context.wallet !== null && Object.keys(validateMigration(context.wallet, context.values)).length === 0,
    kindAllowed: ({ context }, params: { kind: MigrationKind }) =>
      params.kind === 'phone' || (context.wallet !== null && canChangeType(context.wallet)),
    refusalNamesAField: ({ context }, params: { error: unknown }) =>
      fieldOfRefusal(describeFailure(params.error).code, context.values.kind) !== null,
  },
}).createMachine({
  id: 'migration',
  type: 'parallel',
  context: {
    term: '',
    termInvalid: false,
    wallet: null,
    ...freshForm,
    result: null,
    history: null,
    historyPage: 1,
    historyFailure: null,
  },
  on: {
    'wallet.decided': [
      {
        guard: { type: 'isShownWallet', params: ({ event }) => ({ number: event.wallet.number }) },
        actions: [assign({ wallet: ({ event }) => event.wallet }), 'reloadHistory'],
      },
      { actions: 'reloadHistory' },
    ],
  },
  states: {
    flow: {
      initial: 'finding',
      states: {
        finding: {
          tags: ['find'],
          on: {
            'wallet.find': [
              {
                guard: { type: 'termReadable', params: ({ event }) => ({ term: event.term }) },
                target: 'looking',
                actions: assign({ term: ({ event }) => event.term.trim(), termInvalid: false, failure: null }),
              },
              { actions: assign({ term: ({ event }) => event.term, termInvalid: true, failure: null }) },
            ],
          },
        },
        looking: {
          tags: ['find', 'busy'],
          invoke: {
            src: 'findWallet',
            input: ({ context }) => ({ term: context.term }),
            onDone: {
              target: 'ready',
              actions: [assign({ wallet: ({ event }) => event.output, ...freshForm }), 'reloadHistory'],
            },
            onError: { target: 'finding', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
          },
        },
        ready: {
          initial: 'editing',
          on: {
            'wallet.change': {
              target: 'finding',
              actions: [assign({ wallet: null, result: null, ...freshForm }), 'reloadHistory'],
            },
          },
          states: {
            editing: {
              tags: ['form'],
              on: {
                'kind.change': {
                  guard: { type: 'kindAllowed', params: ({ event }) => ({ kind: event.kind }) },
                  actions: assign(({ context, event }) => ({
                    values: { ...context.values, kind: event.kind },
                    errors: {},
                    fieldRefusal: null,
                    failure: null,
                  })),
                },
                'field.change': {
                  actions: assign(({ context, event }) => {
                    const values = { ...context.values, [event.name]: event.value };
                    const fieldRefusal = context.fieldRefusal?.field === event.name ? null : context.fieldRefusal;
                    if (!(event.name in context.errors) || !context.wallet) return { values, fieldRefusal };
                    // A shown error goes once the field is right; none appears while typing.
                    const errors = { ...context.errors };
                    const now = validateMigration(context.wallet, values)[event.name];
                    if (now) errors[event.name] = now;
                    else delete errors[event.name];
                    return { values, errors, fieldRefusal };
                  }),
                },
                'migration.review': [
                  { guard: 'formValid', target: 'reviewing', actions: assign({ errors: {}, failure: null }) },
                  {
                    actions: assign({
                      errors: ({ context }) =>
                        context.wallet ? validateMigration(context.wallet, context.values) : {},
                    }),
                  },
                ],
              },
            },
            reviewing: {
              tags: ['review'],
              on: {
                'migration.back': { target: 'editing', actions: assign({ failure: null }) },
                'migration.confirm': 'submitting',
              },
            },
            submitting: {
              tags: ['review', 'busy'],
              entry: assign({ failure: null }),
              invoke: {
                src: 'migrateWallet',
                input: ({ context }) => migrationBody(context.wallet as MigrationWallet, context.values),
                onDone: {
                  target: '#migration.flow.done',
                  actions: [
                    assign({ result: ({ event }) => event.output, wallet: ({ event }) => event.output.wallet }),
                    'reloadHistory',
                    'announceRequested',
                  ],
                },
                onError: [
                  {
                    guard: { type: 'refusalNamesAField', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    actions: assign(({ context, event }) => {
                      const field = fieldOfRefusal(
                        describeFailure(event.error).code,
                        context.values.kind,
                      ) as MigrationField;
                      return { fieldRefusal: { field, message: describeFailure(event.error).message } };
                    }),
                  },
                  // Anything else (the wallet changed meanwhile, no answer): said on the review, to go back or retry.
                  { target: 'reviewing', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
                ],
              },
            },
          },
        },
        done: {
          tags: ['done'],
          on: {
            'migration.another': {
              target: 'finding',
              actions: [assign({ wallet: null, result: null, term: '', ...freshForm }), 'reloadHistory'],
            },
          },
        },
      },
    },
    history: {
      initial: 'loading',
      // On each state, not on the region: a re-entering transition of a region would re-enter the
      // whole parallel machine and send the flow back to its start.
      states: {
        loading: {
          tags: ['historyLoading'],
          on: { 'history.reload': { target: 'loading', reenter: true, actions: 'firstHistoryPage' } },
          entry: assign({ historyFailure: null }),
          invoke: {
            src: 'listHistory',
            input: ({ context }) => ({
              number: context.wallet?.number ?? null,
              page: context.historyPage,
              pageSize: HISTORY_PAGE_SIZE,
            }),
            onDone: { target: 'ready', actions: assign({ history: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: assign({ historyFailure: ({ event }) => describeFailure(event.error) }),
            },
          },
        },
        ready: {
          on: {
            'history.page': { target: 'loading', actions: assign({ historyPage: ({ event }) => event.page }) },
            'history.reload': { target: 'loading', actions: 'firstHistoryPage' },
          },
        },
        failed: {
          on: {
            'history.retry': 'loading',
            'history.reload': { target: 'loading', actions: 'firstHistoryPage' },
          },
        },
      },
    },
  },
});

export type MigrationSnapshot = SnapshotFrom<typeof migrationMachine>;

export const selectTerm = (s: MigrationSnapshot) => s.context.term;
export const selectTermInvalid = (s: MigrationSnapshot) => s.context.termInvalid;
export const selectWallet = (s: MigrationSnapshot) => s.context.wallet;
export const selectValues = (s: MigrationSnapshot) => s.context.values;
export const selectErrors = (s: MigrationSnapshot) => s.context.errors;
export const selectFieldRefusal = (s: MigrationSnapshot) => s.context.fieldRefusal;
export const selectFailure = (s: MigrationSnapshot) => s.context.failure;
export const selectResult = (s: MigrationSnapshot) => (s.hasTag('done') ? s.context.result : null);
export const selectHistory = (s: MigrationSnapshot) => s.context.history;
export const selectHistoryFailure = (s: MigrationSnapshot) => s.context.historyFailure;
export const selectHistoryLoading = (s: MigrationSnapshot) => s.hasTag('historyLoading');
export const selectIsFinding = (s: MigrationSnapshot) => s.hasTag('find');
export const selectIsBusy = (s: MigrationSnapshot) => s.hasTag('busy');
export const selectIsReviewing = (s: MigrationSnapshot) => s.hasTag('review');
export const selectIsEditing = (s: MigrationSnapshot) => s.hasTag('form');
