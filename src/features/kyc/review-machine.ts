import { type ActorRefFrom, assign, enqueueActions, type SnapshotFrom, setup } from 'xstate';
import { KYC_DECISIONS, type KycDecision, type KycDecisionRequest, kycDecisionSchema } from '../../../contract/kyc';
import { REASON_TOO_SHORT } from '../../../contract/reasons';
import type { KycAccountDetail } from '../../../contract/api/kyc';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import { notProvided } from '../../machines/not-provided';

/**
 * One account under review: loading → ready | failed; from ready a decision goes through a
 * dialog (confirming → deciding) and comes back to ready with the account as the API returns
 * it after the decision. A rejection or a request for documents needs a reason (the contract's
 * schema decides); the API is asked only once the dialog's input passes that schema.
 *
 * "Approve and next" is an approval that, once done, goes on to the next account waiting.
 *
 * Effects are provided by the page: `loadAccount`, `decide`, and the actions `announceDecision`
 * (a toast), `listChanged` (the list behind the detail reloads) and `openNext` (the queue's
 * oldest account other than `after`, or the list when none waits: that page is another
 * account's review, with its own machine).
 */
export type ReasonProblem = 'short' | 'long' | 'invalid';

export type ReviewEvent =
  | { type: 'account.retry' }
  | { type: 'decision.start'; decision: KycDecision; andNext?: boolean }
  | { type: 'reason.change'; reason: string }
  | { type: 'decision.cancel' }
  | { type: 'decision.confirm' };

export interface ReviewContext {
  number: string;
  detail: KycAccountDetail | null;
  loadFailure: RequestFailure | null;
  decision: KycDecision | null;
  /** Whether the next account waiting opens once this decision is taken. */
  andNext: boolean;
  reason: string;
  reasonProblem: ReasonProblem | null;
  decisionFailure: RequestFailure | null;
}

const REASON_PROBLEMS: Record<string, ReasonProblem> = {
  [REASON_TOO_SHORT]: 'short',
  'At most 500 characters': 'long',
};

/** What is wrong with a reason for this decision, by the contract's schema; null when it passes. */
export function reasonProblemOf(decision: KycDecision, reason: string): ReasonProblem | null {
  const trimmed = reason.trim();
  const result = kycDecisionSchema.safeParse({ decision, ...(trimmed ? { reason: trimmed } : {}) });
  if (result.success) return null;
  return REASON_PROBLEMS[result.error.issues[0]?.message ?? ''] ?? 'invalid';
}

const decisionBody = (decision: KycDecision, reason: string): KycDecisionRequest => {
  const trimmed = reason.trim();
  return trimmed ? { decision, reason: trimmed } : { decision };
};

/** What the message after a decision says: whose account, what happened, and why. */
interface DecisionAnnouncement {
  decision: KycDecision;
  number: string;
  name: string;
  reason: string;
}

export const reviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as { number: string },
  },
  actors: {
    loadAccount: notProvided<KycAccountDetail, { number: string }>('loadAccount'),
    decide: notProvided<KycAccountDetail, { number: string; body: KycDecisionRequest }>('decide'),
  },
  actions: {
    announceDecision: (_, _params: DecisionAnnouncement) => {},
    listChanged: () => {},
    openNext: (_, _params: { after: string }) => {},
  },
  guards: {
    mayTake: ({ context }, params: { decision: KycDecision }) => {
      const permissions = context.detail?.permissions;
      if (!permissions?.canDecide) return false;
      return params.decision !== 'approve' || permissions.canApprove;
    },
    reasonFits: ({ context }) =>
      context.decision !== null && reasonProblemOf(context.decision, context.reason) === null,
  },
}).createMachine({
  id: 'review',
  initial: 'loading',
  context: ({ input }) => ({
    number: input.number,
    detail: null,
    loadFailure: null,
    decision: null,
    andNext: false,
    reason: '',
    reasonProblem: null,
    decisionFailure: null,
  }),
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ loadFailure: null }),
      invoke: {
        src: 'loadAccount',
        input: ({ context }) => ({ number: context.number }),
        onDone: { target: 'ready', actions: assign({ detail: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ loadFailure: ({ event }) => describeFailure(event.error) }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'account.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'decision.start': {
              guard: { type: 'mayTake', params: ({ event }) => ({ decision: event.decision }) },
              target: 'confirming',
              actions: assign({
                decision: ({ event }) => event.decision,
                andNext: ({ event }) => event.decision === 'approve' && event.andNext === true,
                reason: '',
                reasonProblem: null,
                decisionFailure: null,
              }),
            },
          },
        },
        confirming: {
          tags: ['dialog'],
          on: {
            'reason.change': {
              actions: assign({
                reason: ({ event }) => event.reason,
                // A shown problem clears itself once the reason is put right, never appears while typing.
                reasonProblem: ({ context, event }) =>
                  context.reasonProblem && context.decision ? reasonProblemOf(context.decision, event.reason) : null,
              }),
            },
            'decision.cancel': { target: 'idle', actions: assign({ decision: null, decisionFailure: null }) },
            'decision.confirm': [
              { guard: 'reasonFits', target: 'deciding' },
              {
                actions: assign({
                  reasonProblem: ({ context }) =>
                    context.decision ? reasonProblemOf(context.decision, context.reason) : null,
                }),
              },
            ],
          },
        },
        deciding: {
          // No decision.confirm here: a second click while the first is on its way sends nothing.
          tags: ['dialog', 'busy'],
          entry: assign({ decisionFailure: null }),
          invoke: {
            src: 'decide',
            input: ({ context }) => ({
              number: context.number,
              body: decisionBody(context.decision as KycDecision, context.reason),
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign({ detail: ({ event }) => event.output }),
                {
                  type: 'announceDecision',
                  params: ({ context, event }) => ({
                    decision: context.decision as KycDecision,
                    number: event.output.account.number,
                    name: event.output.account.label,
                    reason: context.reason.trim(),
                  }),
                },
                'listChanged',
                enqueueActions(({ context, enqueue }) => {
                  if (context.andNext) enqueue({ type: 'openNext', params: { after: context.number } });
                }),
                assign({ decision: null, andNext: false, reason: '' }),
              ],
            },
            // Nothing was decided: the dialog stays open with the server's message.
            onError: {
              target: 'confirming',
              actions: assign({ decisionFailure: ({ event }) => describeFailure(event.error) }),
            },
          },
        },
      },
    },
  },
});

export type ReviewSnapshot = SnapshotFrom<typeof reviewMachine>;
export type ReviewActor = ActorRefFrom<typeof reviewMachine>;

export const selectDetail = (s: ReviewSnapshot) => s.context.detail;
export const selectIsLoading = (s: ReviewSnapshot) => s.hasTag('loading');
export const selectLoadFailure = (s: ReviewSnapshot) => (s.hasTag('failed') ? s.context.loadFailure : null);
export const selectDialogDecision = (s: ReviewSnapshot) => (s.hasTag('dialog') ? s.context.decision : null);
export const selectReason = (s: ReviewSnapshot) => s.context.reason;
export const selectReasonProblem = (s: ReviewSnapshot) => s.context.reasonProblem;
export const selectDecisionFailure = (s: ReviewSnapshot) => s.context.decisionFailure;
export const selectIsDeciding = (s: ReviewSnapshot) => s.hasTag('busy');

/**
 * The decisions the page offers: those the machine would start from `ready.idle` with this
 * account, so the buttons and the guard never disagree (and stay put while the dialog is open).
 */
export const selectDecisionsOffered = (s: ReviewSnapshot): KycDecision[] => {
  if (!s.context.detail) return [];
  const idle = s.machine.resolveState({ value: { ready: 'idle' }, context: s.context });
  return KYC_DECISIONS.filter((decision) => idle.can({ type: 'decision.start', decision }));
};
export const sameDecisions = (a: readonly KycDecision[], b: readonly KycDecision[]) => a.join() === b.join();
