import { assign, type SnapshotFrom, setup } from 'xstate';
import type { TransferLimits } from '../../../contract/change-requests';
import type { LimitsView } from '../../../contract/api/limits';
import { notProvided } from '../../machines/not-provided';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import { errorMessage } from '../../ui/list/report-machine';

/**
 * The limits section of /fees: the transfer limits in force, the change waiting for a second
 * administrator, and a dialog to ask for new ones (editing → submitting). Effects are named
 * actors the page provides: loadLimits, submitLimits; and the action `announce`.
 */
export const LIMIT_FIELDS = ['approvalThreshold', 'customerDailyLimit', 'maxTransfer'] as const;
type LimitField = (typeof LIMIT_FIELDS)[number];
type LimitValues = Record<LimitField, string>;
/** Error keys by field (`order`: the threshold above the largest transfer). */
export type LimitErrors = Partial<Record<LimitField, 'wholeXof' | 'order'>>;

export type LimitsEvent =
  | { type: 'limits.retry' }
  | { type: 'limits.edit' }
  | { type: 'limit.change'; field: LimitField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' };

interface LimitsContext {
  limits: LimitsView | null;
  loadError: string | null;
  values: LimitValues;
  errors: LimitErrors;
  failure: RequestFailure | null;
}

const EMPTY: LimitValues = { approvalThreshold: '', customerDailyLimit: '', maxTransfer: '' };
const whole = (text: string) => {
  const digits = text.replace(/[\s\u202f\u00a0]/g, '');
  return /^\d{1,13}$/.test(digits) ? Number(digits) : null;
};

/** The limits to send, or what is wrong with them; the API checks the same rules. */
function checkLimits(values: LimitValues): { limits: TransferLimits | null; errors: LimitErrors } {
  const errors: LimitErrors = {};
  const parsed = Object.fromEntries(LIMIT_FIELDS.map((f) => [f, whole(values[f])])) as Record<
    LimitField,
    number | null
  >;
  for (const f of LIMIT_FIELDS) {
    const value = parsed[f];
    if (value === null || (f !== 'approvalThreshold' && value === 0)) errors[f] = 'wholeXof';
  }
  const { approvalThreshold, customerDailyLimit, maxTransfer } = parsed;
  if (approvalThreshold === null || customerDailyLimit === null || maxTransfer === null || Object.keys(errors).length) {
    return { limits: null, errors };
  }
  if (approvalThreshold > maxTransfer) return { limits: null, errors: { approvalThreshold: 'order' } };
  return { limits: { approvalThreshold, customerDailyLimit, maxTransfer }, errors };
}

export const limitsMachine = setup({
  types: { context: {} as LimitsContext, events: {} as LimitsEvent },
  actors: {
    loadLimits: notProvided<LimitsView>('loadLimits'),
    submitLimits: notProvided<{ changeRequestId: number }, TransferLimits>('submitLimits'),
  },
  actions: { announce: () => {} },
  guards: {
    isValid: ({ context }) => checkLimits(context.values).limits !== null,
    isEditable: ({ context }) => context.limits !== null && context.limits.pending === null,
  },
}).createMachine({
  id: 'limits',
  initial: 'loading',
  context: { limits: null, loadError: null, values: EMPTY, errors: {}, failure: null },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadLimits',
        onDone: { target: 'idle', actions: assign({ limits: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: { tags: ['failed'], on: { 'limits.retry': 'loading' } },
    idle: {
      on: {
        'limits.edit': {
          guard: 'isEditable',
          target: 'form',
          actions: assign(({ context }) => {
            const l = context.limits as LimitsView;
            const values = Object.fromEntries(LIMIT_FIELDS.map((f) => [f, String(l[f])])) as LimitValues;
            return { values, errors: {}, failure: null };
          }),
        },
      },
    },
    form: {
      tags: ['form'],
      initial: 'editing',
      on: { 'form.cancel': 'idle' },
      states: {
        editing: {
          on: {
            'limit.change': {
              actions: assign(({ context, event }) => {
                const values = { ...context.values, [event.field]: event.value };
                return { values, errors: Object.keys(context.errors).length ? checkLimits(values).errors : {} };
              }),
            },
            'form.submit': [
              { guard: 'isValid', target: 'submitting' },
              { actions: assign({ errors: ({ context }) => checkLimits(context.values).errors }) },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          entry: assign({ failure: null }),
          invoke: {
            src: 'submitLimits',
            input: ({ context }) => checkLimits(context.values).limits as TransferLimits,
            onDone: { target: '#limits.loading', actions: 'announce' },
            onError: { target: 'editing', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
          },
        },
      },
    },
  },
});

type LimitsSnapshot = SnapshotFrom<typeof limitsMachine>;

export const selectLimits = (s: LimitsSnapshot) => s.context.limits;
export const selectLimitsLoadError = (s: LimitsSnapshot) => (s.hasTag('failed') ? s.context.loadError : null);
export const selectLimitsFormOpen = (s: LimitsSnapshot) => s.hasTag('form');
export const selectLimitValues = (s: LimitsSnapshot) => s.context.values;
export const selectLimitErrors = (s: LimitsSnapshot) => s.context.errors;
export const selectLimitsFailure = (s: LimitsSnapshot) => s.context.failure;
export const selectLimitsBusy = (s: LimitsSnapshot) => s.hasTag('busy');
