import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { ChargebackDecision, ChargebackPage, ChargebackStatus, ChargebackView } from '../../contract/chargebacks';
import { describeFailure, type RequestFailure } from '../transfers/failure';
import { isReason } from './ask-machine';

/**
 * The chargebacks of /chargeback-voucher, pending first by default, and the checker's decision:
 * Approve or Reject a row through a dialog that needs a reason; the outcome stays on screen and
 * the list is loaded again. A refusal (funds no longer there...) stays in the dialog.
 *
 * loading → ready | failed; ready → confirming → deciding → loading.
 * Effects provided by the page: `listChargebacks`, `decideChargeback`.
 */
export interface ChargebackQuery {
  /** '' = every status. */
  status: ChargebackStatus | '';
  from: string;
  to: string;
  q: string;
  page: number;
  pageSize: number;
}

export const DEFAULT_CHARGEBACK_QUERY: ChargebackQuery = {
  status: 'pending',
  from: '',
  to: '',
  q: '',
  page: 1,
  pageSize: 10,
};

export type ChargebackFilters = Pick<ChargebackQuery, 'status' | 'from' | 'to' | 'q'>;

export interface PendingDecision {
  decision: ChargebackDecision;
  row: ChargebackView;
}

export interface DecisionOutcome {
  decision: ChargebackDecision;
  reference: string;
  reversalReference: string | null;
}

export type ListEvent =
  | { type: 'filters.change'; filters: Partial<ChargebackFilters> }
  | { type: 'page.change'; page: number }
  | { type: 'list.retry' }
  | { type: 'list.reload' }
  | { type: 'decision.start'; decision: ChargebackDecision; id: number }
  | { type: 'reason.change'; reason: string }
  | { type: 'decision.cancel' }
  | { type: 'decision.confirm' }
  | { type: 'outcome.dismiss' };

export interface ListContext {
  query: ChargebackQuery;
  page: ChargebackPage | null;
  loadFailure: RequestFailure | null;
  pending: PendingDecision | null;
  reason: string;
  reasonInvalid: boolean;
  decisionFailure: RequestFailure | null;
  outcome: DecisionOutcome | null;
}

const LIST_EVENTS = {
  'filters.change': { target: '#chargebackList.loading', actions: 'applyFilters' },
  'page.change': { target: '#chargebackList.loading', actions: 'goToPage' },
  'list.reload': { target: '#chargebackList.loading' },
  'outcome.dismiss': { actions: 'dismissOutcome' },
} as const;

export const chargebackListMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
  },
  actors: {
    listChargebacks: fromPromise<ChargebackPage, ChargebackQuery>(async () => {
      throw new Error('listChargebacks not provided');
    }),
    decideChargeback: fromPromise<ChargebackView, { id: number; decision: ChargebackDecision; reason: string }>(
      async () => {
        throw new Error('decideChargeback not provided');
      },
    ),
  },
  actions: {
    applyFilters: assign(({ context, event }) => ({
      query: { ...context.query, ...(event.type === 'filters.change' ? event.filters : {}), page: 1 },
    })),
    goToPage: assign(({ context, event }) => ({
      query: { ...context.query, page: event.type === 'page.change' ? event.page : context.query.page },
    })),
    dismissOutcome: assign({ outcome: null }),
  },
  guards: {
    decidable: ({ context }, params: { id: number }) =>
      (context.page?.rows ?? []).some((r) => r.id === params.id && r.canDecide),
    reasonGiven: ({ context }) => isReason(context.reason),
  },
}).createMachine({
  id: 'chargebackList',
  initial: 'loading',
  context: {
    query: DEFAULT_CHARGEBACK_QUERY,
    page: null,
    loadFailure: null,
    pending: null,
    reason: '',
    reasonInvalid: false,
    decisionFailure: null,
    outcome: null,
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ loadFailure: null }),
      on: LIST_EVENTS,
      invoke: {
        src: 'listChargebacks',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ loadFailure: ({ event }) => describeFailure(event.error) }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: { ...LIST_EVENTS, 'list.retry': 'loading' },
    },
    ready: {
      on: {
        ...LIST_EVENTS,
        'decision.start': {
          guard: { type: 'decidable', params: ({ event }) => ({ id: event.id }) },
          target: 'confirming',
          actions: assign(({ context, event }) => ({
            pending: {
              decision: event.decision,
              row: (context.page?.rows ?? []).find((r) => r.id === event.id) as ChargebackView,
            },
            reason: '',
            reasonInvalid: false,
            decisionFailure: null,
            outcome: null,
          })),
        },
      },
    },
    confirming: {
      tags: ['dialog'],
      on: {
        'reason.change': {
          actions: assign(({ context, event }) => ({
            reason: event.reason,
            reasonInvalid: context.reasonInvalid && !isReason(event.reason),
          })),
        },
        'decision.cancel': { target: 'ready', actions: assign({ pending: null, decisionFailure: null }) },
        'decision.confirm': [
          { guard: 'reasonGiven', target: 'deciding' },
          { actions: assign({ reasonInvalid: true }) },
        ],
        // Not under an open dialog: the decision reloads the list anyway.
        'list.reload': {},
      },
    },
    deciding: {
      tags: ['dialog', 'busy'],
      entry: assign({ decisionFailure: null }),
      on: { 'list.reload': {} },
      invoke: {
        src: 'decideChargeback',
        input: ({ context }) => ({
          id: (context.pending as PendingDecision).row.id,
          decision: (context.pending as PendingDecision).decision,
          reason: context.reason.trim(),
        }),
        onDone: {
          target: 'loading',
          actions: assign(({ context, event }) => ({
            outcome: {
              decision: (context.pending as PendingDecision).decision,
              reference: event.output.original.reference,
              reversalReference: event.output.reversalReference,
            },
            pending: null,
            reason: '',
          })),
        },
        // Nothing was decided: the dialog stays with the server's words, to cancel or try again.
        onError: {
          target: 'confirming',
          actions: assign({ decisionFailure: ({ event }) => describeFailure(event.error) }),
        },
      },
    },
  },
});

export type ListSnapshot = SnapshotFrom<typeof chargebackListMachine>;

export const selectQuery = (s: ListSnapshot) => s.context.query;
export const selectPage = (s: ListSnapshot) => s.context.page;
export const selectIsLoading = (s: ListSnapshot) => s.hasTag('loading');
export const selectLoadFailure = (s: ListSnapshot) => (s.hasTag('failed') ? s.context.loadFailure : null);
export const selectPending = (s: ListSnapshot) => (s.hasTag('dialog') ? s.context.pending : null);
export const selectReason = (s: ListSnapshot) => s.context.reason;
export const selectReasonInvalid = (s: ListSnapshot) => s.context.reasonInvalid;
export const selectDecisionFailure = (s: ListSnapshot) => s.context.decisionFailure;
export const selectIsDeciding = (s: ListSnapshot) => s.hasTag('busy');
export const selectOutcome = (s: ListSnapshot) => s.context.outcome;
