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
  guardsBothWays: true,
  input: { number: 'ACC-1' },
  // A reviewer who may not approve this account is there to see "Approve" refused; the rest of
  // the review is the same as with one who may.
  filter: (snapshot, name, event) => {
    // A reason too short matters only where one is needed: a rejection.
    if (name === 'reason.change' && event.reason === 'No') return snapshot.context.decision === 'reject';
    return (
      snapshot.context.detail?.permissions.canApprove !== false ||
      (name === 'decision.start' && event.decision === 'approve')
    );
  },
  // Whether the dialog shows a problem with the reason: it clears once the reason is put right.
  context: (context) => context.reasonProblem !== null,
  variants: () => ({
    'loadAccount.done': [
      { label: 'may decide', output: { permissions: { canDecide: true, canApprove: true } } },
      { label: 'may not approve', output: { permissions: { canDecide: true, canApprove: false } } },
    ],
    'loadAccount.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'decision.start': [
      { label: 'approve', decision: 'approve' },
      { label: 'reject', decision: 'reject' },
    ],
    'reason.change': [
      { label: 'a reason', reason: 'Document unreadable' },
      { label: 'too short', reason: 'No' },
    ],
    'decide.done': [
      {
        label: 'decided',
        output: {
          account: { number: 'CUS-000001', label: 'Awa Ndiaye' },
          permissions: { canDecide: true, canApprove: true },
        },
      },
    ],
    'decide.error': [{ label: 'refused', error: apiError(409, 'CONFLICT') }],
  }),
};

const flow = findTransferFlow('cash-out');
if (!flow) throw new Error('contract/transfers.ts has no cash-out flow');

/**
 * What the user types, each a whole form, told apart in the graph by its amount: a valid
 * form, a valid form whose customer number no wallet has, a form the page refuses in place.
 * The runner types the whole form the label names.
 */
export const TRANSFER_TYPED = {
  valid: '25000',
  'unknown beneficiary': '25001',
  invalid: '12.5',
} as const;
/** The draft a reload puts back (never the withdrawal code, so never a form that can go on). */
export const TRANSFER_DRAFT = { amount: TRANSFER_TYPED.invalid };

export const transferFlowGraph: MachineGraph<typeof transferFlowMachine> = {
  id: 'transferFlow',
  machine: transferFlowMachine,
  guardsBothWays: true,
  inputs: [
    { label: 'empty form', input: { flow } },
    {
      label: 'with a draft',
      input: { flow, draft: { savedAt: '2025-03-04T09:00:00.000Z', values: TRANSFER_DRAFT } },
    },
  ],
  provide: {
    guards: {
      formIsValid: ({ context }) =>
        context.form.amount === TRANSFER_TYPED.valid || context.form.amount === TRANSFER_TYPED['unknown beneficiary'],
    },
    actions: { issueIdempotencyKey: () => {} },
  },
  // What is typed decides the quote's answer: a state of its own.
  context: (context) => context.form.amount,
  filter: (snapshot, name) => {
    const unknown = snapshot.context.form.amount === TRANSFER_TYPED['unknown beneficiary'];
    // The server answers the quote from the customer number typed.
    if (name === 'quoteTransfer.done') return !unknown;
    if (name === 'quoteTransfer.error') return unknown;
    // "Discard draft" is offered only while a restored draft is on the form.
    if (name === 'draft.discard') return snapshot.context.restoredAt !== null;
    return true;
  },
  variants: () => ({
    'loadOptions.done': [
      {
        label: 'options',
        output: {
          ownAccount: null,
          banks: [],
          partners: [],
          counterparties: [],
          approvalThreshold: 1_000_000,
          amountRange: { min: 100, max: 2_000_000 },
        },
      },
    ],
    'loadOptions.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'form.change': Object.entries(TRANSFER_TYPED).map(([label, value]) => ({ label, field: 'amount', value })),
    'quoteTransfer.done': [{ label: 'quote', output: { fee: 0 } }],
    'quoteTransfer.error': [{ label: 'unknown beneficiary', error: apiError(404, 'NOT_FOUND') }],
    'checkWithdrawalCode.done': [
      { label: 'right code', output: { valid: true } },
      { label: 'wrong code', output: { valid: false } },
    ],
    'checkWithdrawalCode.error': [{ label: 'no answer', error: new TypeError('Failed to fetch') }],
    'submitTransfer.done': [{ label: 'accepted', output: { reference: 'T1' } }],
    'submitTransfer.error': [
      { label: 'refused', error: apiError(422, 'ACCOUNT_BLOCKED') },
      { label: 'no answer', error: new TypeError('Failed to fetch') },
    ],
  }),
};
