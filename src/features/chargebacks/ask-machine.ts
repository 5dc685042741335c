import { assign, type SnapshotFrom, setup } from 'xstate';
import type { ChargebackLookup, ChargebackView } from '../../../contract/api/chargebacks';
import { isReasonLongEnough } from '../../../contract/reasons';
import {
  CHARGEBACK_REASON_MAX,
  type ChargebackRequest,
  chargebackRequestSchema,
  referenceSchema,
} from '../../../contract/chargebacks';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import { notProvided } from '../../machines/not-provided';

/**
 * The maker's side of /chargeback-voucher: type a reference, see the transaction (amount,
 * parties, date, status, entries) and whether it can be reversed, give a reason, send.
 *
 * idle → looking → found ⇄ submitting → done; a new reference may be looked up from any of them.
 * "Another chargeback" (`ask.reset`) is offered once one is asked for: a found transaction is
 * left by looking up another.
 * Effects provided by the page: `lookupTransaction`, `requestChargeback`, and the action
 * `announceRequested` (the list below reloads).
 */
export type AskEvent =
  | { type: 'reference.lookup'; reference: string }
  | { type: 'reason.change'; reason: string }
  | { type: 'chargeback.submit' }
  | { type: 'ask.reset' };

export interface AskContext {
  reference: string;
  referenceInvalid: boolean;
  lookup: ChargebackLookup | null;
  reason: string;
  reasonInvalid: boolean;
  failure: RequestFailure | null;
  created: ChargebackView | null;
}

export const isReference = (text: string) => referenceSchema.safeParse(text).success;
export const isReason = (text: string) => {
  const trimmed = text.trim();
  return isReasonLongEnough(trimmed) && trimmed.length <= CHARGEBACK_REASON_MAX;
};

export const askMachine = setup({
  types: {
    context: {} as AskContext,
    events: {} as AskEvent,
  },
  actors: {
    lookupTransaction: notProvided<ChargebackLookup, { reference: string }>('lookupTransaction'),
    requestChargeback: notProvided<ChargebackView, ChargebackRequest>('requestChargeback'),
  },
  actions: {
    announceRequested: (_, _params: { chargeback: ChargebackView }) => {},
    takeReference: assign((_, params: { reference: string }) => ({
      reference: referenceSchema.parse(params.reference),
      referenceInvalid: false,
      failure: null,
      created: null,
    })),
    refuseReference: assign((_, params: { reference: string }) => ({
      reference: params.reference,
      referenceInvalid: true,
      lookup: null,
      failure: null,
      created: null,
    })),
  },
  guards: {
    referenceValid: (_, params: { reference: string }) => isReference(params.reference),
    canSubmit: ({ context }) => context.lookup?.refusal === null && isReason(context.reason),
  },
}).createMachine({
  id: 'ask',
  initial: 'idle',
  context: {
    reference: '',
    referenceInvalid: false,
    lookup: null,
    reason: '',
    reasonInvalid: false,
    failure: null,
    created: null,
  },
  on: {
    'reference.lookup': [
      {
        guard: { type: 'referenceValid', params: ({ event }) => ({ reference: event.reference }) },
        target: '.looking',
        actions: { type: 'takeReference', params: ({ event }) => ({ reference: event.reference }) },
      },
      {
        target: '.idle',
        actions: { type: 'refuseReference', params: ({ event }) => ({ reference: event.reference }) },
      },
    ],
  },
  states: {
    idle: { tags: ['entry'] },
    looking: {
      tags: ['entry', 'busy'],
      entry: assign({ lookup: null, reason: '', reasonInvalid: false }),
      invoke: {
        src: 'lookupTransaction',
        input: ({ context }) => ({ reference: context.reference }),
        onDone: { target: 'found', actions: assign({ lookup: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
      },
    },
    found: {
      tags: ['found'],
      on: {
        'reason.change': {
          actions: assign(({ context, event }) => ({
            reason: event.reason,
            reasonInvalid: context.reasonInvalid && !isReason(event.reason),
          })),
        },
        'chargeback.submit': [
          { guard: 'canSubmit', target: 'submitting' },
          { actions: assign(({ context }) => ({ reasonInvalid: !isReason(context.reason) })) },
        ],
      },
    },
    submitting: {
      tags: ['found', 'busy'],
      entry: assign({ failure: null }),
      // The request is on its way: another reference waits until it has an answer.
      on: { 'reference.lookup': {} },
      invoke: {
        src: 'requestChargeback',
        input: ({ context }) =>
          chargebackRequestSchema.parse({ reference: context.reference, reason: context.reason }) as ChargebackRequest,
        onDone: {
          target: 'done',
          actions: [
            assign({ created: ({ event }) => event.output }),
            { type: 'announceRequested', params: ({ event }) => ({ chargeback: event.output }) },
          ],
        },
        onError: { target: 'found', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
      },
    },
    done: {
      tags: ['done'],
      on: {
        'ask.reset': {
          target: 'idle',
          actions: assign({ reference: '', lookup: null, reason: '', failure: null, created: null }),
        },
      },
    },
  },
});

export type AskSnapshot = SnapshotFrom<typeof askMachine>;

export const selectReference = (s: AskSnapshot) => s.context.reference;
export const selectReferenceInvalid = (s: AskSnapshot) => s.context.referenceInvalid;
export const selectLookup = (s: AskSnapshot) => (s.hasTag('found') ? s.context.lookup : null);
export const selectReason = (s: AskSnapshot) => s.context.reason;
export const selectReasonInvalid = (s: AskSnapshot) => s.context.reasonInvalid;
export const selectFailure = (s: AskSnapshot) => s.context.failure;
export const selectCreated = (s: AskSnapshot) => (s.hasTag('done') ? s.context.created : null);
export const selectIsBusy = (s: AskSnapshot) => s.hasTag('busy');
