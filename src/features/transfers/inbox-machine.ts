import { and, assign, enqueueActions, not, or, type SnapshotFrom, setup, stateIn } from 'xstate';
import type { InboxItem, InboxPage } from '../../../contract/api/inbox';
import type { InboxKind } from '../../../contract/inbox';
import { isReasonLongEnough } from '../../../contract/reasons';
import { notProvided } from '../../machines/not-provided';
import { describeFailure, type RequestFailure } from '../../ui/failure';

/**
 * The approvals inbox (docs/decisions/018-one-approvals-inbox.md): every kind of request that
 * waits, filtered by kind; Approve or Reject one through a dialog (a rejection, and a
 * chargeback's approval, need a reason), then the list loads again and the menu's count is
 * asked for at once.
 *
 * main: loading → ready | failed; ready → confirming → deciding → loading (or back to confirming
 * with the refusal). An approval that hands the decider the second half of a one-time password
 * (decision 031) shows it once first (handingOver, with a copy button), then loads the list.
 * live: when the server says what the inbox lists changed (`list.changed`, from the menu count's
 * stream), the list loads again behind whatever is open, without the busy state, so a dialog,
 * the reason typed and the scroll stay; rows that arrived are highlighted for FRESH_MS
 * (highlight), rows decided elsewhere leave.
 * Effects supplied by the page (useInbox.ts, over transfers-api.ts): `listInbox`, `decideItem`, `copyText`, and the
 * action `countChanged`.
 */
type InboxDecision = 'approve' | 'reject';

export interface InboxPending {
  item: InboxItem;
  decision: InboxDecision;
}

export interface DecideItemInput extends InboxPending {
  reason: string;
}

/** What a decision hands the decider, once. */
export interface DecideItemOutput {
  secondHalf?: string;
}

interface Context {
  kind: InboxKind | '';
  page: InboxPage | null;
  pending: InboxPending | null;
  reason: string;
  reasonInvalid: boolean;
  failure: RequestFailure | null;
  /** The last decision taken, for the line that confirms it. */
  done: InboxPending | null;
  /** The second half of a one-time password, shown once until dismissed. */
  secondHalf: string | null;
  /** Rows that arrived while the list was shown (`kind:id`), highlighted for a moment. */
  fresh: string[];
}

type Event =
  | { type: 'kind.change'; kind: InboxKind | '' }
  | { type: 'list.retry' }
  | { type: 'decision.start'; item: InboxItem; decision: InboxDecision }
  | { type: 'reason.change'; reason: string }
  | { type: 'decision.cancel' }
  | { type: 'decision.confirm' }
  | { type: 'secondHalf.copy' }
  | { type: 'secondHalf.dismiss' }
  /** What the inbox lists changed on the server (the menu count's stream says so). */
  | { type: 'list.changed' }
  | { type: 'fresh.show' };

/** How long a row that arrived on its own stays highlighted. */
export const FRESH_MS = 4_000;

export const inboxRowKey = (item: Pick<InboxItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

/** The rows of `next` that `previous` did not have. */
const arrived = (previous: InboxPage | null, next: InboxPage) => {
  if (!previous) return [];
  const known = new Set(previous.rows.map(inboxRowKey));
  return next.rows.map(inboxRowKey).filter((key) => !known.has(key));
};

/** A rejection says why; a chargeback's own rules ask a reason for an approval too. */
export const needsReason = (p: InboxPending) => p.decision === 'reject' || p.item.kind === 'chargeback';

export const inboxMachine = setup({
  types: { context: {} as Context, events: {} as Event },
  actors: {
    listInbox: notProvided<InboxPage, { kind: InboxKind | '' }>('listInbox'),
    decideItem: notProvided<DecideItemOutput, DecideItemInput>('decideItem'),
    copyText: notProvided<void, { text: string }>('copyText'),
  },
  actions: {
    countChanged: () => {},
  },
  guards: {
    hasPage: ({ context }) => context.page !== null,
    listBusy: or([stateIn({ main: 'loading' }), stateIn({ main: 'failed' })]),
    handsOverHalf: (_, params: { output: DecideItemOutput }) => Boolean(params.output.secondHalf),
    hasReasonIfNeeded: ({ context }) =>
      context.pending !== null && (!needsReason(context.pending) || isReasonLongEnough(context.reason)),
  },
}).createMachine({
  id: 'inbox',
  context: {
    kind: '',
    page: null,
    pending: null,
    reason: '',
    reasonInvalid: false,
    failure: null,
    done: null,
    secondHalf: null,
    fresh: [],
  },
  type: 'parallel',
  on: {
    'kind.change': {
      target: ['.main.loading', '.live.idle'],
      actions: assign({ kind: ({ event }) => event.kind, done: null }),
    },
  },
  states: {
    main: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'listInbox',
            input: ({ context }) => ({ kind: context.kind }),
            onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output, failure: null }) },
            onError: { target: 'failed', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
          },
        },
        failed: { on: { 'list.retry': 'loading' } },
        ready: {
          on: {
            'decision.start': {
              target: 'confirming',
              actions: assign({
                pending: ({ event }) => ({ item: event.item, decision: event.decision }),
                reason: '',
                reasonInvalid: false,
                failure: null,
                done: null,
              }),
            },
          },
        },
        confirming: {
          tags: ['dialog'],
          on: {
            'reason.change': { actions: assign({ reason: ({ event }) => event.reason, reasonInvalid: false }) },
            'decision.cancel': { target: 'ready', actions: assign({ pending: null, failure: null }) },
            'decision.confirm': [
              { guard: 'hasReasonIfNeeded', target: 'deciding' },
              { actions: assign({ reasonInvalid: true }) },
            ],
          },
        },
        deciding: {
          tags: ['dialog', 'deciding'],
          invoke: {
            src: 'decideItem',
            input: ({ context }) => ({ ...(context.pending as InboxPending), reason: context.reason.trim() }),
            onDone: [
              {
                guard: { type: 'handsOverHalf', params: ({ event }) => ({ output: event.output }) },
                target: 'handingOver',
                actions: [
                  assign({
                    done: ({ context }) => context.pending,
                    pending: null,
                    secondHalf: ({ event }) => event.output.secondHalf ?? null,
                  }),
                  'countChanged',
                ],
              },
              {
                target: 'loading',
                actions: [assign({ done: ({ context }) => context.pending, pending: null }), 'countChanged'],
              },
            ],
            onError: {
              target: 'confirming',
              actions: assign({ failure: ({ event }) => describeFailure(event.error) }),
            },
          },
        },
        // Closed only by "Done": the half is never shown again.
        handingOver: {
          tags: ['handingOver'],
          initial: 'shown',
          on: { 'secondHalf.dismiss': { target: 'loading', actions: assign({ secondHalf: null }) } },
          states: {
            shown: { on: { 'secondHalf.copy': 'copying' } },
            copying: {
              invoke: {
                src: 'copyText',
                input: ({ context }) => ({ text: context.secondHalf ?? '' }),
                onDone: 'copied',
                onError: 'shown',
              },
            },
            copied: { tags: ['copied'], on: { 'secondHalf.copy': 'copying' } },
          },
        },
      },
    },
    // The list follows the server while it is shown: loaded again behind any open dialog.
    live: {
      initial: 'idle',
      states: {
        // While the list loads it is about to be new anyway; after a failure the user retries.
        idle: { on: { 'list.changed': { guard: and(['hasPage', not('listBusy')]), target: 'refreshing' } } },
        refreshing: {
          invoke: {
            src: 'listInbox',
            input: ({ context }) => ({ kind: context.kind }),
            onDone: [
              // A load of its own began meanwhile (another kind, a decision): its answer wins.
              { guard: 'listBusy', target: 'idle' },
              {
                target: 'idle',
                actions: enqueueActions(({ context, event, enqueue }) => {
                  const fresh = arrived(context.page, event.output);
                  enqueue.assign({ page: event.output, fresh: fresh.length > 0 ? fresh : context.fresh });
                  if (fresh.length > 0) enqueue.raise({ type: 'fresh.show' });
                }),
              },
            ],
            // A missed refresh is not the user's business: the next change tries again.
            onError: 'idle',
          },
          on: { 'list.changed': { target: 'refreshing', reenter: true } },
        },
      },
    },
    highlight: {
      initial: 'none',
      states: {
        none: { on: { 'fresh.show': 'shown' } },
        shown: {
          after: { [FRESH_MS]: { target: 'none', actions: assign({ fresh: [] }) } },
          on: { 'fresh.show': { target: 'shown', reenter: true } },
        },
      },
    },
  },
});

export type InboxSnapshot = SnapshotFrom<typeof inboxMachine>;
export const selectInboxPage = (s: InboxSnapshot) => s.context.page;
export const selectInboxKind = (s: InboxSnapshot) => s.context.kind;
export const selectInboxPending = (s: InboxSnapshot) => (s.hasTag('dialog') ? s.context.pending : null);
export const selectInboxLoading = (s: InboxSnapshot) => s.hasTag('busy');
export const selectInboxDeciding = (s: InboxSnapshot) => s.hasTag('deciding');
export const selectInboxFailure = (s: InboxSnapshot) => s.context.failure;
export const selectInboxListFailed = (s: InboxSnapshot) => s.matches({ main: 'failed' });
export const selectInboxFresh = (s: InboxSnapshot) => s.context.fresh;
export const selectInboxReason = (s: InboxSnapshot) => s.context.reason;
export const selectInboxReasonInvalid = (s: InboxSnapshot) => s.context.reasonInvalid;
export const selectInboxDone = (s: InboxSnapshot) => s.context.done;
export const selectInboxSecondHalf = (s: InboxSnapshot) => (s.hasTag('handingOver') ? s.context.secondHalf : null);
export const selectInboxCopied = (s: InboxSnapshot) => s.hasTag('copied');
