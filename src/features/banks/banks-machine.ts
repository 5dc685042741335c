import { assign, type SnapshotFrom, setup } from 'xstate';
import type { BankBody } from '../../../contract/banks';
import type { BankView, FloatAccountChoice } from '../../../contract/api/banks';
import { errorMessage } from '../../ui/list/report-machine';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import {
  type BankErrors,
  type BankField,
  type BankValues,
  bankBody,
  EMPTY_BANK,
  placeBankError,
  validateBank,
  valuesOf,
} from './bank-form';
import { notProvided } from '../../machines/not-provided';
import { withFieldChange } from '../../ui/managed-list/field-change';

/**
 * /banks: the list, and one thing at a time over it: the add / edit form (editing → saving)
 * or the deactivate / reactivate confirmation (confirming → switching). Effects are named
 * actors the page provides: loadBanks, loadFloatChoices, saveBank, switchBank; and the action
 * `announce` for the confirmation toast.
 */
export type StateVerb = 'deactivate' | 'activate';

export type BanksEvent =
  | { type: 'banks.retry' }
  | { type: 'bank.add' }
  | { type: 'bank.edit'; id: number }
  | { type: 'field.change'; name: BankField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'bank.switch'; id: number; verb: StateVerb }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' };

export interface BanksContext {
  banks: BankView[];
  loadError: string | null;
  /** The bank being edited, or null when adding one. */
  editing: BankView | null;
  values: BankValues;
  errors: BankErrors;
  failure: RequestFailure | null;
  floatChoices: FloatAccountChoice[] | null;
  confirming: { bank: BankView; verb: StateVerb } | null;
}

export type Announcement =
  | { kind: 'created'; bank: BankView }
  | { kind: 'updated'; bank: BankView }
  | { kind: 'deactivated' | 'activated'; bank: BankView };

/** The list with `bank` in place of its old row (or added), active banks first, by name. */
export function withBank(banks: readonly BankView[], bank: BankView): BankView[] {
  const others = banks.filter((b) => b.id !== bank.id);
  return [...others, bank].sort(
    (a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name) || a.id - b.id,
  );
}

const closedForm = { editing: null, errors: {}, failure: null, floatChoices: null, confirming: null } as const;

export const banksMachine = setup({
  types: {
    context: {} as BanksContext,
    events: {} as BanksEvent,
  },
  actors: {
    loadBanks: notProvided<BankView[]>('loadBanks'),
    loadFloatChoices: notProvided<FloatAccountChoice[], { bankId: number | null }>('loadFloatChoices'),
    saveBank: notProvided<BankView, { id: number | null; body: BankBody }>('saveBank'),
    switchBank: notProvided<BankView, { id: number; verb: StateVerb }>('switchBank'),
  },
  actions: {
    announce: (_, _params: Announcement) => {},
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateBank(context.values)).length === 0,
    namesAField: (_, params: { error: unknown }) => {
      const failure = describeFailure(params.error);
      return !failure.network && placeBankError(failure.code) !== null;
    },
    knownBank: ({ context }, params: { id: number }) => context.banks.some((b) => b.id === params.id),
  },
}).createMachine({
  id: 'banks',
  initial: 'loading',
  context: {
    banks: [],
    loadError: null,
    editing: null,
    values: EMPTY_BANK,
    errors: {},
    failure: null,
    floatChoices: null,
    confirming: null,
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ loadError: null }),
      invoke: {
        src: 'loadBanks',
        onDone: { target: 'ready', actions: assign({ banks: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'banks.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'bank.add': {
              target: 'form',
              actions: assign({ ...closedForm, values: EMPTY_BANK }),
            },
            'bank.edit': {
              guard: { type: 'knownBank', params: ({ event }) => ({ id: event.id }) },
              target: 'form',
              actions: assign(({ context, event }) => {
                const bank = context.banks.find((b) => b.id === event.id) as BankView;
                return { ...closedForm, editing: bank, values: valuesOf(bank) };
              }),
            },
            'bank.switch': {
              guard: { type: 'knownBank', params: ({ event }) => ({ id: event.id }) },
              target: 'confirming',
              actions: assign(({ context, event }) => ({
                ...closedForm,
                confirming: { bank: context.banks.find((b) => b.id === event.id) as BankView, verb: event.verb },
              })),
            },
          },
        },
        form: {
          tags: ['form'],
          // The float accounts it may take load beside the form; the form works meanwhile.
          invoke: {
            src: 'loadFloatChoices',
            input: ({ context }) => ({ bankId: context.editing?.id ?? null }),
            onDone: { actions: assign({ floatChoices: ({ event }) => event.output }) },
            onError: { actions: assign({ floatChoices: [] }) },
          },
          initial: 'editing',
          on: { 'form.cancel': { target: 'idle', actions: assign(closedForm) } },
          states: {
            editing: {
              on: {
                'field.change': {
                  actions: assign(({ context, event }) =>
                    withFieldChange(context, event.name, event.value, validateBank),
                  ),
                },
                'form.submit': [
                  { guard: 'isValid', target: 'saving' },
                  { actions: assign({ errors: ({ context }) => validateBank(context.values) }) },
                ],
              },
            },
            saving: {
              tags: ['busy'],
              entry: assign({ failure: null, errors: {} }),
              on: { 'form.cancel': {} },
              invoke: {
                src: 'saveBank',
                input: ({ context }) => ({ id: context.editing?.id ?? null, body: bankBody(context.values) }),
                onDone: {
                  target: '#banks.ready.idle',
                  actions: [
                    {
                      type: 'announce',
                      params: ({ context, event }) => ({
                        kind: context.editing ? 'updated' : 'created',
                        bank: event.output,
                      }),
                    },
                    assign(({ context, event }) => ({ ...closedForm, banks: withBank(context.banks, event.output) })),
                  ],
                },
                onError: [
                  {
                    guard: { type: 'namesAField', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    actions: assign(({ event }) => {
                      const placed = placeBankError(describeFailure(event.error).code);
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
          on: { 'confirm.cancel': { target: 'idle', actions: assign(closedForm) } },
          states: {
            asking: {
              on: { 'confirm.accept': 'switching' },
            },
            switching: {
              tags: ['busy'],
              entry: assign({ failure: null }),
              on: { 'confirm.cancel': {} },
              invoke: {
                src: 'switchBank',
                input: ({ context }) => {
                  const c = context.confirming as NonNullable<BanksContext['confirming']>;
                  return { id: c.bank.id, verb: c.verb };
                },
                onDone: {
                  target: '#banks.ready.idle',
                  actions: [
                    {
                      type: 'announce',
                      params: ({ event }) => ({
                        kind: event.output.active ? ('activated' as const) : ('deactivated' as const),
                        bank: event.output,
                      }),
                    },
                    assign(({ context, event }) => ({ ...closedForm, banks: withBank(context.banks, event.output) })),
                  ],
                },
                onError: {
                  target: 'asking',
                  actions: assign({ failure: ({ event }) => describeFailure(event.error) }),
                },
              },
            },
          },
        },
      },
    },
  },
});

export type BanksSnapshot = SnapshotFrom<typeof banksMachine>;

export const selectBanks = (s: BanksSnapshot) => s.context.banks;
export const selectIsLoading = (s: BanksSnapshot) => s.hasTag('loading');
export const selectLoadError = (s: BanksSnapshot) => (s.hasTag('failed') ? s.context.loadError : null);
export const selectFormOpen = (s: BanksSnapshot) => s.hasTag('form');
export const selectEditing = (s: BanksSnapshot) => s.context.editing;
export const selectValues = (s: BanksSnapshot) => s.context.values;
export const selectErrors = (s: BanksSnapshot) => s.context.errors;
export const selectFailure = (s: BanksSnapshot) => s.context.failure;
export const selectFloatChoices = (s: BanksSnapshot) => s.context.floatChoices;
export const selectIsBusy = (s: BanksSnapshot) => s.hasTag('busy');
export const selectConfirming = (s: BanksSnapshot) => (s.hasTag('confirming') ? s.context.confirming : null);
