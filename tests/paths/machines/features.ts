/**
 * Graphs of the feature machines with a user-visible flow. Guards that stand for a domain rule
 * (is the form valid) read the variant the step chose; the runner types values that make it so.
 */
import { findTransferFlow } from '../../../contract/transfers';
import { ApiRequestError } from '../../../src/api/client';
import { reviewMachine } from '../../../src/features/kyc/review-machine';
import { transferFlowMachine } from '../../../src/features/transfers/transfer-flow-machine';
import type { MachineGraph } from '../graph-adapter';

const apiError = (status: number | undefined, code: string) => new ApiRequestError(code, status, code, false);

export const kycReviewGraph: MachineGraph<typeof reviewMachine> = {
  id: 'kycReview',
  machine: reviewMachine,
  input: { number: 'ACC-1' },
  variants: () => ({
    'loadAccount.done': [{ label: 'may decide', output: { permissions: { canDecide: true, canApprove: true } } }],
    'loadAccount.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'decision.start': [
      { label: 'approve', decision: 'approve' },
      { label: 'reject', decision: 'reject' },
    ],
    'reason.change': [{ label: 'a reason', reason: 'Document unreadable' }],
    'decide.done': [{ label: 'decided', output: { permissions: { canDecide: true, canApprove: true } } }],
    'decide.error': [{ label: 'refused', error: apiError(409, 'CONFLICT') }],
  }),
};

const flow = findTransferFlow('agent-cash-in');
if (!flow) throw new Error('contract/transfers.ts has no agent-cash-in flow');

export const transferFlowGraph: MachineGraph<typeof transferFlowMachine> = {
  id: 'transferFlow',
  machine: transferFlowMachine,
  input: { flow },
  provide: {
    guards: { formIsValid: ({ context }) => context.form.amount === '5000' },
    actions: { issueIdempotencyKey: () => {} },
  },
  variants: () => ({
    'loadOptions.done': [
      {
        label: 'options',
        output: { ownAccount: null, banks: [], partners: [], counterparties: [], approvalThreshold: 1_000_000 },
      },
    ],
    'loadOptions.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'form.change': [
      { label: 'valid', field: 'amount', value: '5000' },
      { label: 'invalid', field: 'amount', value: '' },
    ],
    'quoteTransfer.done': [{ label: 'quote', output: { fee: 0 } }],
    'quoteTransfer.error': [{ label: 'unknown beneficiary', error: apiError(404, 'NOT_FOUND') }],
    'submitTransfer.done': [{ label: 'accepted', output: { reference: 'T1' } }],
    'submitTransfer.error': [
      { label: 'refused', error: apiError(422, 'INSUFFICIENT_FUNDS') },
      { label: 'no answer', error: new TypeError('Failed to fetch') },
    ],
  }),
};
