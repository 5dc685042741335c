import { assign, type SnapshotFrom, setup } from 'xstate';
import type { FeePreview } from '../../../contract/api/fees';
import type { TransferFlowId } from '../../../contract/transfers';
import { notProvided } from '../../machines/not-provided';
import { describeFailure, type RequestFailure } from '../../ui/failure';

/**
 * The preview box of /fees: a flow and an amount give the fee, commission and total the ledger
 * would charge now. The API computes them (the ledger's own rule); a pause in typing sends the
 * question, and a newer question replaces one on its way. Effect: the actor `previewFee`.
 */
export type PreviewEvent =
  | { type: 'preview.flow'; flowId: TransferFlowId }
  | { type: 'preview.amount'; amount: string };

interface PreviewContext {
  flowId: TransferFlowId;
  amount: string;
  result: FeePreview | null;
  failure: RequestFailure | null;
}

/** A whole, positive number of francs; spaces as people group digits are allowed. */
function amountOf(text: string): number | null {
  const digits = text.replace(/[\s\u202f\u00a0]/g, '');
  if (!/^\d{1,13}$/.test(digits)) return null;
  const value = Number(digits);
  return value > 0 ? value : null;
}

export const feePreviewMachine = setup({
  types: {
    context: {} as PreviewContext,
    events: {} as PreviewEvent,
    input: {} as { flowId: TransferFlowId },
  },
  actors: {
    previewFee: notProvided<FeePreview, { flowId: TransferFlowId; amount: number }>('previewFee'),
  },
  delays: {
    typingPause: 300,
  },
  guards: {
    hasAmount: ({ context }) => amountOf(context.amount) !== null,
  },
}).createMachine({
  id: 'feePreview',
  initial: 'idle',
  context: ({ input }) => ({ flowId: input.flowId, amount: '', result: null, failure: null }),
  on: {
    'preview.flow': { target: '.deciding', actions: assign({ flowId: ({ event }) => event.flowId }) },
    'preview.amount': { target: '.deciding', actions: assign({ amount: ({ event }) => event.amount }) },
  },
  states: {
    idle: {},
    deciding: {
      always: [
        { guard: 'hasAmount', target: 'waiting' },
        { target: 'idle', actions: assign({ result: null, failure: null }) },
      ],
    },
    waiting: {
      after: { typingPause: 'asking' },
    },
    asking: {
      tags: ['busy'],
      invoke: {
        src: 'previewFee',
        input: ({ context }) => ({ flowId: context.flowId, amount: amountOf(context.amount) as number }),
        onDone: { target: 'idle', actions: assign({ result: ({ event }) => event.output, failure: null }) },
        onError: {
          target: 'idle',
          actions: assign({ result: null, failure: ({ event }) => describeFailure(event.error) }),
        },
      },
    },
  },
});

type PreviewSnapshot = SnapshotFrom<typeof feePreviewMachine>;

export const selectPreviewFlow = (s: PreviewSnapshot) => s.context.flowId;
export const selectPreviewAmount = (s: PreviewSnapshot) => s.context.amount;
export const selectPreviewResult = (s: PreviewSnapshot) => s.context.result;
export const selectPreviewFailure = (s: PreviewSnapshot) => s.context.failure;
export const selectIsPreviewing = (s: PreviewSnapshot) => s.hasTag('busy') || s.matches('waiting');
