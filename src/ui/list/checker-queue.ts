import { assign, setup } from 'xstate';
import { describeFailure, type RequestFailure } from '../failure';
import { notProvided } from '../../machines/not-provided';

/**
 * A checker's queue (maker-checker): a filtered, paged list of requests; Approve or Reject one
 * row, or the selected rows together, through a dialog that may need a reason; after a decision
 * its outcome stays on screen and the list is loaded again. The authorize page
 * (src/transfers/authorize-machine.ts) and /chargeback-voucher (src/chargebacks/list-machine.ts)
 * are two of them.
 *
 * loading → ready | failed;  ready → confirming (dialog) → deciding → loading.
 * Effects are named actors the page provides: `listRows` (a page of the query) and
 * `decideRows` (the decision; its answer becomes the outcome through `outcomeOf`).
 */
export interface PagedQuery {
  page: number;
  pageSize: number;
}

export interface QueueRow {
  id: number;
  /** The caller may decide this row (not their own request, still pending…). */
  canDecide: boolean;
}

export interface QueuePage<R> {
  rows: R[];
  total: number;
  page: number;
  pageSize: number;
}

/** One row (its own endpoint) or the selection (the bulk one). */
type DecisionScope = 'row' | 'bulk';

/** What the dialog is about to decide. */
export interface PendingDecision<D, R> {
  decision: D;
  scope: DecisionScope;
  rows: R[];
}

/** What `decideRows` is asked. */
export interface DecisionInput<D> {
  decision: D;
  scope: DecisionScope;
  ids: number[];
  /** Trimmed; '' when none was given. */
  reason: string;
}

/** The filters of a query: all but its page. */
export type QueueFilters<Q extends PagedQuery> = Omit<Q, 'page' | 'pageSize'>;

type QueueEvent<Q extends PagedQuery, D> =
  | { type: 'filters.change'; filters: Partial<QueueFilters<Q>> }
  | { type: 'page.change'; page: number }
  | { type: 'pageSize.change'; pageSize: number }
  | { type: 'list.retry' }
  /** Something else changed the list (a new request was made): load it again. */
  | { type: 'list.reload' }
  | { type: 'selection.toggle'; id: number }
  | { type: 'selection.all'; selected: boolean }
  | { type: 'decision.start'; decision: D; ids: number[]; scope: DecisionScope }
  | { type: 'reason.change'; reason: string }
  | { type: 'decision.cancel' }
  | { type: 'decision.confirm' }
  | { type: 'outcome.dismiss' };

export interface QueueContext<Q, R, D, O> {
  query: Q;
  page: QueuePage<R> | null;
  /** Ids of the selected rows, only ever rows the caller may decide. */
  selected: number[];
  loadFailure: RequestFailure | null;
  pending: PendingDecision<D, R> | null;
  reason: string;
  /** The reason was refused; it clears once the reason is put right, never while typing a first one. */
  reasonInvalid: boolean;
  decisionFailure: RequestFailure | null;
  outcome: O | null;
}

export interface QueueSpec<Q extends PagedQuery, R, D, Out, O> {
  /** The machine's id. */
  id: string;
  defaultQuery: Q;
  /** Whether this reason may go with this decision (trimmed or not). */
  reasonFits: (decision: D, reason: string) => boolean;
  /** What stays on screen after a decision, from what was decided and the API's answer. */
  outcomeOf: (pending: PendingDecision<D, R>, output: Out) => O;
  /** Starting a new decision hides the last outcome (default: it stays until the next one). */
  hideOutcomeOnStart?: boolean;
  /** Something beside the list adds to it, and sends `list.reload` (default: nothing does). */
  reloadable?: boolean;
  /**
   * What the page offers beside the rows (default: each). A page without row checkboxes, a
   * filter bar or a page size never sends their events, so its queue has no such transitions.
   */
  offers?: { selection?: boolean; filters?: boolean; pageSize?: boolean };
}

const decidableIds = (page: QueuePage<QueueRow> | null) =>
  (page?.rows ?? []).filter((r) => r.canDecide).map((r) => r.id);

/** The query after a list event: new filters or a new page size start again at page 1. */
function nextQuery<Q extends PagedQuery>(query: Q, event: QueueEvent<Q, unknown>): Q {
  switch (event.type) {
    case 'filters.change':
      return { ...query, ...event.filters, page: 1 };
    case 'page.change':
      return { ...query, page: event.page };
    case 'pageSize.change':
      return { ...query, pageSize: event.pageSize, page: 1 };
    default:
      return query;
  }
}

/**
 * An invoke of the queue's own actors. Their types hang on the queue's type parameters, which
 * xstate's config types cannot resolve inside the generic factory; the mappers say their own.
 */
const asInvoke = <T extends { src: 'listRows' | 'decideRows' }>(invoke: T) => invoke as never;

export function checkerQueueMachine<Q extends PagedQuery, R extends QueueRow, D extends string, Out, O>(
  spec: QueueSpec<Q, R, D, Out, O>,
) {
  const loading = `#${spec.id}.loading`;
  /**
   * A new query while a page loads starts its own load: `reenter` restarts `listRows` (the one
   * under way is cancelled), instead of leaving the old query's answer to fill the list.
   */
  const load = { target: loading, reenter: true, actions: 'changeQuery' } as const;
  /** The events of what stays in view whatever the list shows: the filters and the last outcome. */
  const offers = { selection: true, filters: true, pageSize: true, ...spec.offers };
  const listEvents = {
    ...(offers.filters ? { 'filters.change': load } : {}),
    'outcome.dismiss': { actions: 'dismissOutcome' },
    // Only a queue whose page makes new requests beside it is told to load again.
    ...(spec.reloadable ? { 'list.reload': { target: loading, reenter: true } } : {}),
  } as const;
  /**
   * The pager's: it shows only beside rows (never with the load's failure), and its page buttons
   * are disabled while a page loads; its page size is not.
   */
  const pageSizeChange = offers.pageSize ? ({ 'pageSize.change': load } as const) : {};
  const pagerEvents = { ...pageSizeChange, 'page.change': load } as const;

  /** The row checkboxes': one row, or every row the caller may decide. */
  const selectionEvents = {
    'selection.toggle': {
      guard: { type: 'isDecidable', params: ({ event }: { event: { id: number } }) => ({ id: event.id }) },
      actions: 'toggleSelected',
    },
    'selection.all': { actions: 'selectAll' },
  } as const;

  type Args = { context: QueueContext<Q, R, D, O> };
  type Done = { event: { output: unknown } };
  const failureOf = ({ event }: { event: { error: unknown } }) => ({ failure: describeFailure(event.error) });
  return setup({
    types: {
      context: {} as QueueContext<Q, R, D, O>,
      events: {} as QueueEvent<Q, D>,
    },
    actors: {
      listRows: notProvided<QueuePage<R>, Q>('listRows'),
      decideRows: notProvided<Out, DecisionInput<D>>('decideRows'),
    },
    actions: {
      changeQuery: assign(({ context, event }) => ({ query: nextQuery(context.query, event), selected: [] })),
      dismissOutcome: assign({ outcome: null }),
      toggleSelected: assign({
        selected: ({ context, event }) => {
          if (event.type !== 'selection.toggle') return context.selected;
          return context.selected.includes(event.id)
            ? context.selected.filter((id) => id !== event.id)
            : [...context.selected, event.id];
        },
      }),
      selectAll: assign({
        selected: ({ context, event }) =>
          event.type === 'selection.all' && event.selected ? decidableIds(context.page) : [],
      }),
      /** A refused reason stays refused until it fits; a first one is never refused while typed. */
      changeReason: assign(({ context, event }) => {
        const reason = event.type === 'reason.change' ? event.reason : context.reason;
        const { pending } = context;
        return {
          reason,
          reasonInvalid: context.reasonInvalid && !(pending && spec.reasonFits(pending.decision, reason)),
        };
      }),
      showPage: assign(({ context }, params: { page: QueuePage<R> }) => {
        const allowed = new Set(decidableIds(params.page));
        return { page: params.page, selected: context.selected.filter((id) => allowed.has(id)) };
      }),
      showLoadFailure: assign((_, params: { failure: RequestFailure }) => ({ loadFailure: params.failure })),
      showDecisionFailure: assign((_, params: { failure: RequestFailure }) => ({ decisionFailure: params.failure })),
      showOutcome: assign(({ context }, params: { output: Out }) => ({
        outcome: spec.outcomeOf(context.pending as PendingDecision<D, R>, params.output),
        pending: null,
        reason: '',
        selected: [],
      })),
    },
    guards: {
      /** Only rows the caller may decide, and at least one. */
      canDecideAll: ({ context }, params: { ids: number[] }) => {
        const allowed = new Set(decidableIds(context.page));
        return params.ids.length > 0 && params.ids.every((id) => allowed.has(id));
      },
      isDecidable: ({ context }, params: { id: number }) => decidableIds(context.page).includes(params.id),
      reasonFits: ({ context }) =>
        context.pending !== null && spec.reasonFits(context.pending.decision, context.reason),
    },
  }).createMachine({
    id: spec.id,
    initial: 'loading',
    context: {
      query: spec.defaultQuery,
      page: null,
      selected: [],
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
        on: { ...listEvents, ...pageSizeChange },
        invoke: asInvoke({
          src: 'listRows',
          input: ({ context }: Args) => context.query,
          onDone: {
            target: 'ready',
            actions: { type: 'showPage', params: ({ event }: Done) => ({ page: event.output as QueuePage<R> }) },
          },
          onError: { target: 'failed', actions: { type: 'showLoadFailure', params: failureOf } },
        }),
      },
      failed: {
        tags: ['failed'],
        on: { ...listEvents, 'list.retry': 'loading' },
      },
      ready: {
        tags: ['ready'],
        on: {
          ...listEvents,
          ...pagerEvents,
          ...(offers.selection ? selectionEvents : {}),
          'decision.start': {
            guard: { type: 'canDecideAll', params: ({ event }) => ({ ids: event.ids }) },
            target: 'confirming',
            actions: assign(({ context, event }) => ({
              pending: {
                decision: event.decision,
                scope: event.scope,
                rows: (context.page?.rows ?? []).filter((r) => event.ids.includes(r.id)),
              },
              reason: '',
              reasonInvalid: false,
              decisionFailure: null,
              outcome: spec.hideOutcomeOnStart ? null : context.outcome,
            })),
          },
        },
      },
      confirming: {
        tags: ['dialog'],
        on: {
          'reason.change': { actions: 'changeReason' },
          'decision.cancel': { target: 'ready', actions: assign({ pending: null, decisionFailure: null }) },
          'decision.confirm': [
            { guard: 'reasonFits', target: 'deciding' },
            { actions: assign({ reasonInvalid: true }) },
          ],
        },
      },
      deciding: {
        // No decision.confirm here: a second click while the first is on its way sends nothing.
        tags: ['dialog', 'busy'],
        entry: assign({ decisionFailure: null }),
        invoke: asInvoke({
          src: 'decideRows',
          input: ({ context }: Args): DecisionInput<D> => {
            const pending = context.pending as PendingDecision<D, R>;
            return {
              decision: pending.decision,
              scope: pending.scope,
              ids: pending.rows.map((r) => r.id),
              reason: context.reason.trim(),
            };
          },
          onDone: {
            target: 'loading',
            actions: { type: 'showOutcome', params: ({ event }: Done) => ({ output: event.output as Out }) },
          },
          // Nothing was decided that we know of: the dialog stays, with the message, to try again.
          onError: { target: 'confirming', actions: { type: 'showDecisionFailure', params: failureOf } },
        }),
      },
    },
  });
}

/** A queue's snapshot, whatever its types. */
export interface QueueSnapshotLike {
  context: QueueContext<PagedQuery, QueueRow, string, unknown>;
  hasTag(tag: string): boolean;
}

/** Everything a queue's page shows, from one snapshot. */
export function queueState<S extends QueueSnapshotLike>(s: S) {
  const c = s.context as S['context'];
  return {
    query: c.query as S['context']['query'],
    page: c.page as S['context']['page'],
    selected: c.selected,
    loading: s.hasTag('loading'),
    loadFailure: s.hasTag('failed') ? c.loadFailure : null,
    /** The decision the dialog is about, while it is open. */
    pending: s.hasTag('dialog') ? (c.pending as S['context']['pending']) : null,
    reason: c.reason,
    reasonInvalid: c.reasonInvalid,
    decisionFailure: c.decisionFailure,
    deciding: s.hasTag('busy'),
    outcome: c.outcome as S['context']['outcome'],
  };
}
