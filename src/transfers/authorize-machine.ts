import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { ApprovalDecisionResult, ApprovalStatus, ApprovalView, TransferFlowId } from '../../contract/transfers';
import { describeFailure, type RequestFailure } from './failure';

/**
 * The maker-checker page: a filtered, paged list of approval requests; Approve or Reject one
 * row, or the selected rows together, through a dialog (a rejection needs a reason); after
 * a decision the per-item outcome stays on screen and the list is loaded again.
 *
 * loading → ready | failed;  ready → confirming (dialog) → deciding → loading.
 * Effects are provided by the page: `listApprovals`, `decideApprovals`.
 */
export interface ApprovalQuery {
  /** '' = every status. */
  status: ApprovalStatus | '';
  flow: TransferFlowId | '';
  from: string;
  to: string;
  q: string;
  page: number;
  pageSize: number;
}

export const DEFAULT_APPROVAL_QUERY: ApprovalQuery = {
  status: 'pending',
  flow: '',
  from: '',
  to: '',
  q: '',
  page: 1,
  pageSize: 25,
};

export type ApprovalFilters = Pick<ApprovalQuery, 'status' | 'flow' | 'from' | 'to' | 'q'>;

export interface ApprovalPage {
  rows: ApprovalView[];
  total: number;
  page: number;
  pageSize: number;
}

export type Decision = 'approve' | 'reject';

/** What the dialog is about to decide: one row (its own endpoint) or the selection (the bulk one). */
export interface PendingDecision {
  decision: Decision;
  scope: 'row' | 'bulk';
  rows: ApprovalView[];
}

export interface DecisionInput {
  decision: Decision;
  scope: 'row' | 'bulk';
  ids: number[];
  reason: string;
}

export interface DecisionOutcome {
  decision: Decision;
  results: ApprovalDecisionResult[];
  /** References by id, as listed when the decision was taken (a failed result may carry none). */
  references: Record<number, string>;
}

export type AuthorizeEvent =
  | { type: 'filters.change'; filters: Partial<ApprovalFilters> }
  | { type: 'page.change'; page: number }
  | { type: 'pageSize.change'; pageSize: number }
  | { type: 'list.retry' }
  | { type: 'selection.toggle'; id: number }
  | { type: 'selection.all'; selected: boolean }
  | { type: 'decision.start'; decision: Decision; ids: number[]; scope: 'row' | 'bulk' }
  | { type: 'reason.change'; reason: string }
  | { type: 'decision.cancel' }
  | { type: 'decision.confirm' }
  | { type: 'outcome.dismiss' };

export interface AuthorizeContext {
  query: ApprovalQuery;
  page: ApprovalPage | null;
  selected: number[];
  loadFailure: RequestFailure | null;
  pending: PendingDecision | null;
  reason: string;
  reasonMissing: boolean;
  decisionFailure: RequestFailure | null;
  outcome: DecisionOutcome | null;
}

const decidable = (page: ApprovalPage | null) => (page?.rows ?? []).filter((r) => r.canDecide);

/** The list's own events, the same wherever the list is in view. */
const LIST_EVENTS = {
  'filters.change': { target: '#authorize.loading', actions: 'applyFilters' },
  'page.change': { target: '#authorize.loading', actions: 'goToPage' },
  'pageSize.change': { target: '#authorize.loading', actions: 'changePageSize' },
  'outcome.dismiss': { actions: 'dismissOutcome' },
} as const;

export const authorizeMachine = setup({
  types: {
    context: {} as AuthorizeContext,
    events: {} as AuthorizeEvent,
  },
  actors: {
    listApprovals: fromPromise<ApprovalPage, ApprovalQuery>(async () => {
      throw new Error('listApprovals not provided');
    }),
    decideApprovals: fromPromise<ApprovalDecisionResult[], DecisionInput>(async () => {
      throw new Error('decideApprovals not provided');
    }),
  },
  actions: {
    applyFilters: assign(({ context, event }) => ({
      query: { ...context.query, ...(event.type === 'filters.change' ? event.filters : {}), page: 1 },
      selected: [],
    })),
    goToPage: assign(({ context, event }) => ({
      query: { ...context.query, page: event.type === 'page.change' ? event.page : context.query.page },
      selected: [],
    })),
    changePageSize: assign(({ context, event }) => ({
      query: {
        ...context.query,
        pageSize: event.type === 'pageSize.change' ? event.pageSize : context.query.pageSize,
        page: 1,
      },
      selected: [],
    })),
    dismissOutcome: assign({ outcome: null }),
  },
  guards: {
    /** Only rows the caller may decide, and at least one. */
    canDecideAll: ({ context }, params: { ids: number[] }) => {
      const allowed = new Set(decidable(context.page).map((r) => r.id));
      return params.ids.length > 0 && params.ids.every((id) => allowed.has(id));
    },
    isDecidable: ({ context }, params: { id: number }) => decidable(context.page).some((r) => r.id === params.id),
    /** A rejection must say why; an approval needs nothing more. */
    hasReasonIfNeeded: ({ context }) => context.pending?.decision !== 'reject' || context.reason.trim() !== '',
  },
}).createMachine({
  id: 'authorize',
  initial: 'loading',
  context: {
    query: DEFAULT_APPROVAL_QUERY,
    page: null,
    selected: [],
    loadFailure: null,
    pending: null,
    reason: '',
    reasonMissing: false,
    decisionFailure: null,
    outcome: null,
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ loadFailure: null }),
      on: LIST_EVENTS,
      invoke: {
        src: 'listApprovals',
        input: ({ context }) => context.query,
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const allowed = new Set(decidable(event.output).map((r) => r.id));
            return { page: event.output, selected: context.selected.filter((id) => allowed.has(id)) };
          }),
        },
        onError: { target: 'failed', actions: assign({ loadFailure: ({ event }) => describeFailure(event.error) }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: { ...LIST_EVENTS, 'list.retry': 'loading' },
    },
    ready: {
      tags: ['ready'],
      on: {
        ...LIST_EVENTS,
        'selection.toggle': {
          guard: { type: 'isDecidable', params: ({ event }) => ({ id: event.id }) },
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.includes(event.id)
                ? context.selected.filter((id) => id !== event.id)
                : [...context.selected, event.id],
          }),
        },
        'selection.all': {
          actions: assign({
            selected: ({ context, event }) => (event.selected ? decidable(context.page).map((r) => r.id) : []),
          }),
        },
        'decision.start': {
          guard: { type: 'canDecideAll', params: ({ event }) => ({ ids: event.ids }) },
          target: 'confirming',
          actions: assign(({ context, event }) => ({
            pending: {
              decision: event.decision,
              scope: event.scope,
              rows: (context.page?.rows ?? []).filter((r) => event.ids.includes(r.id)),
            } satisfies PendingDecision,
            reason: '',
            reasonMissing: false,
            decisionFailure: null,
          })),
        },
      },
    },
    confirming: {
      tags: ['dialog'],
      on: {
        'reason.change': {
          actions: assign({
            reason: ({ event }) => event.reason,
            reasonMissing: ({ context, event }) => context.reasonMissing && event.reason.trim() === '',
          }),
        },
        'decision.cancel': { target: 'ready', actions: assign({ pending: null, decisionFailure: null }) },
        'decision.confirm': [
          { guard: 'hasReasonIfNeeded', target: 'deciding' },
          { actions: assign({ reasonMissing: true }) },
        ],
      },
    },
    deciding: {
      tags: ['dialog', 'busy'],
      entry: assign({ decisionFailure: null }),
      invoke: {
        src: 'decideApprovals',
        input: ({ context }) => {
          const pending = context.pending as PendingDecision;
          return {
            decision: pending.decision,
            scope: pending.scope,
            ids: pending.rows.map((r) => r.id),
            reason: context.reason.trim(),
          };
        },
        onDone: {
          target: 'loading',
          actions: assign(({ context, event }) => {
            const pending = context.pending as PendingDecision;
            return {
              outcome: {
                decision: pending.decision,
                results: event.output,
                references: Object.fromEntries(pending.rows.map((r) => [r.id, r.reference])),
              },
              pending: null,
              reason: '',
              selected: [],
            };
          }),
        },
        // Nothing was decided that we know of: the dialog stays, with the message, to try again.
        onError: {
          target: 'confirming',
          actions: assign({ decisionFailure: ({ event }) => describeFailure(event.error) }),
        },
      },
    },
  },
});

export type AuthorizeSnapshot = SnapshotFrom<typeof authorizeMachine>;

export const selectQuery = (s: AuthorizeSnapshot) => s.context.query;
export const selectPage = (s: AuthorizeSnapshot) => s.context.page;
export const selectSelected = (s: AuthorizeSnapshot) => s.context.selected;
export const selectIsListLoading = (s: AuthorizeSnapshot) => s.hasTag('loading');
export const selectListFailure = (s: AuthorizeSnapshot) => (s.hasTag('failed') ? s.context.loadFailure : null);
export const selectDialogOpen = (s: AuthorizeSnapshot) => s.hasTag('dialog');
export const selectIsDeciding = (s: AuthorizeSnapshot) => s.hasTag('busy');
export const selectPending = (s: AuthorizeSnapshot) => s.context.pending;
export const selectReason = (s: AuthorizeSnapshot) => s.context.reason;
export const selectReasonMissing = (s: AuthorizeSnapshot) => s.context.reasonMissing;
export const selectDecisionFailure = (s: AuthorizeSnapshot) => s.context.decisionFailure;
export const selectOutcome = (s: AuthorizeSnapshot) => s.context.outcome;
