/**
 * Test model of one money movement on a transfer page, written from the description
 * of the flow (not from src/transfers/transfer-flow-machine.ts):
 * - the form is checked in place: an invalid form shows its errors and asks the server nothing;
 * - a valid form is quoted: the review shows what the server resolved (beneficiary, fee,
 *   total); a refused quote (unknown beneficiary…) returns to the form with the message;
 * - from review the user goes back to the form, kept as typed, or confirms;
 * - a confirm starts one attempt with a new idempotency key; confirming again while it is in
 *   flight sends nothing more;
 * - accepted: a receipt, which can be printed, and "New transfer" gives an empty form;
 * - refused: the message in place and the form kept; the next attempt is a new one;
 * - no answer: the outcome is unknown; "Try again" resends the same attempt with the same key.
 */
import { setup } from 'xstate';

export type TransferModelEvent =
  | { type: 'page.open' }
  | { type: 'form.submitInvalid' }
  | { type: 'form.submitValid' }
  | { type: 'form.submitUnknownBeneficiary' }
  | { type: 'review.back' }
  | { type: 'review.confirm' }
  | { type: 'review.confirmAgain' }
  | { type: 'server.accepts' }
  | { type: 'server.refuses' }
  | { type: 'server.answerLost' }
  | { type: 'attempt.retry' }
  | { type: 'receipt.print' }
  | { type: 'receipt.new' };

export const transferFlowModel = setup({ types: { events: {} as TransferModelEvent } }).createMachine({
  id: 'transferFlowModel',
  initial: 'closed',
  states: {
    closed: { on: { 'page.open': 'empty' } },
    /** A fresh form: nothing typed, no message. */
    empty: {
      on: {
        'form.submitInvalid': 'invalid',
        'form.submitValid': 'reviewing',
        'form.submitUnknownBeneficiary': 'quoteRefused',
      },
    },
    invalid: { on: { 'form.submitValid': 'reviewing' } },
    quoteRefused: { on: { 'form.submitValid': 'reviewing' } },
    reviewing: { on: { 'review.back': 'kept', 'review.confirm': 'submitting' } },
    /** Back from review: the form as typed, no message. */
    kept: { on: { 'form.submitValid': 'reviewing' } },
    submitting: {
      on: {
        'review.confirmAgain': 'submitting',
        'server.accepts': 'done',
        'server.refuses': 'failed',
        'server.answerLost': 'interrupted',
      },
    },
    interrupted: { on: { 'attempt.retry': 'submitting' } },
    failed: { on: { 'form.submitValid': 'reviewing' } },
    done: { on: { 'receipt.print': 'done', 'receipt.new': 'empty' } },
  },
});

export type TransferModelState =
  | 'closed'
  | 'empty'
  | 'invalid'
  | 'quoteRefused'
  | 'reviewing'
  | 'kept'
  | 'submitting'
  | 'interrupted'
  | 'failed'
  | 'done';
