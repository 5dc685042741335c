import { assign, type SnapshotFrom, setup } from 'xstate';
import type { TransferOptions, TransferQuote, TransferRequest, TransferResult } from '../../../contract/api/transfers';
import type { TransferFlowDef, TransferFlowId } from '../../../contract/transfers';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import {
  EMPTY_FORM,
  type FieldErrors,
  type FieldName,
  type FormRules,
  hasErrors,
  initialForm,
  restoreForm,
  rulesFor,
  type TransferDraft,
  type TransferForm,
  toRequest,
  validateField,
  validateForm,
} from './transfer-form';
import { notProvided } from '../../machines/not-provided';

/**
 * One money movement: loadingOptions → editing → quoting → checkingCode → reviewing → submitting → done,
 * or failed (the server refused: the form is kept, the refusal until the form changes) or interrupted (no answer: the outcome is
 * unknown, so the same request goes again with the same key).
 *
 * Money safety lives here, not in the buttons:
 * - the idempotency key is issued when the user confirms from review, and a retry of that
 *   attempt (`transfer.retry`) sends it again; any new attempt passes through review, so it
 *   gets a new one;
 * - `review.confirm` means nothing while submitting, so a double click posts once;
 * - what is submitted is the request that was quoted, never the form as it is now.
 *
 * A cash-out's withdrawal code is checked (not spent) once the quote is in, so a wrong code sends
 * the teller back to the form before the review; the submission still checks and spends it.
 * For flows without a code the check answers right at once.
 *
 * Effects are named and provided by the page (transfer-actors.ts): `loadOptions`,
 * `quoteTransfer`, `checkWithdrawalCode`, `submitTransfer`, `issueIdempotencyKey`, `printReceipt`.
 *
 * A draft the page kept (an expired session) is put back on the form once the options are in;
 * `draft.discard` empties the form again.
 */
export type TransferFlowEvent =
  | { type: 'options.retry' }
  | { type: 'form.change'; field: FieldName; value: string }
  | { type: 'form.submit' }
  | { type: 'review.back' }
  | { type: 'review.confirm' }
  | { type: 'transfer.retry' }
  | { type: 'receipt.print' }
  | { type: 'receipt.new' }
  | { type: 'draft.discard' };

export interface TransferFlowContext {
  flow: TransferFlowDef;
  options: TransferOptions | null;
  rules: FormRules;
  form: TransferForm;
  /** Shown once the user has asked to go on; each field clears itself when put right. */
  errors: FieldErrors;
  /** The request quoted, and the one submitted. */
  request: TransferRequest | null;
  quote: TransferQuote | null;
  idempotencyKey: string | null;
  result: TransferResult | null;
  failure: RequestFailure | null;
  /** The form as it starts for this caller (what a discarded draft goes back to). */
  blank: TransferForm;
  /** A draft waiting for the options, then gone. */
  draft: TransferDraft | null;
  /** When the restored draft was saved; null when the form did not come from one. */
  restoredAt: string | null;
}

export interface CodeCheckInput {
  flowId: TransferFlowId;
  request: TransferRequest;
}

export interface SubmitInput {
  flowId: TransferFlowId;
  request: TransferRequest;
  idempotencyKey: string;
}

export const transferFlowMachine = setup({
  types: {
    context: {} as TransferFlowContext,
    events: {} as TransferFlowEvent,
    input: {} as { flow: TransferFlowDef; draft?: TransferDraft | null },
  },
  actors: {
    loadOptions: notProvided<TransferOptions, { flowId: TransferFlowId }>('loadOptions'),
    quoteTransfer: notProvided<TransferQuote, { flowId: TransferFlowId; request: TransferRequest }>('quoteTransfer'),
    checkWithdrawalCode: notProvided<{ valid: boolean }, CodeCheckInput>('checkWithdrawalCode'),
    submitTransfer: notProvided<TransferResult, SubmitInput>('submitTransfer'),
  },
  actions: {
    issueIdempotencyKey: assign({
      idempotencyKey: (): string => {
        throw new Error('issueIdempotencyKey not provided');
      },
    }),
    printReceipt: () => {},
    // A refusal answered the form as it was sent: once the form changes it no longer applies, and
    // left standing it would contradict the field's own message. An attempt whose outcome is
    // unknown stays said: money may have moved.
    changeField: assign(({ context }, params: { field: FieldName; value: string }) => {
      const form = { ...context.form, [params.field]: params.value };
      const failure = context.failure?.outcomeUnknown ? context.failure : null;
      if (!(params.field in context.errors)) return { form, failure };
      const errors = { ...context.errors };
      const error = validateField(context.flow, context.rules, form, params.field);
      if (error) errors[params.field] = error;
      else delete errors[params.field];
      return { form, errors, failure };
    }),
    showErrors: assign({ errors: ({ context }) => validateForm(context.flow, context.rules, context.form) }),
    showWrongCode: assign({ errors: { withdrawalCode: 'codeWrong' as const }, quote: null }),
    discardDraft: assign(({ context }) => ({ form: context.blank, errors: {}, failure: null, restoredAt: null })),
  },
  guards: {
    formIsValid: ({ context }) => !hasErrors(validateForm(context.flow, context.rules, context.form)),
    outcomeUnknown: (_, params: { error: unknown }) => describeFailure(params.error).outcomeUnknown,
    isCodeRight: (_, params: { valid: boolean }) => params.valid,
  },
}).createMachine({
  id: 'transferFlow',
  initial: 'loadingOptions',
  context: ({ input }) => ({
    flow: input.flow,
    options: null,
    rules: rulesFor(input.flow, null),
    form: EMPTY_FORM,
    errors: {},
    request: null,
    quote: null,
    idempotencyKey: null,
    result: null,
    failure: null,
    blank: EMPTY_FORM,
    draft: input.draft ?? null,
    restoredAt: null,
  }),
  states: {
    loadingOptions: {
      tags: ['loading'],
      entry: assign({ failure: null }),
      invoke: {
        src: 'loadOptions',
        input: ({ context }) => ({ flowId: context.flow.id }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const rules = rulesFor(context.flow, event.output);
            const blank = initialForm(rules, event.output);
            const { draft } = context;
            return {
              options: event.output,
              rules,
              blank,
              form: draft ? restoreForm(blank, rules, draft.values) : blank,
              restoredAt: draft?.savedAt ?? null,
              draft: null,
            };
          }),
        },
        onError: { target: 'optionsFailed', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
      },
    },
    optionsFailed: {
      tags: ['optionsFailed'],
      on: { 'options.retry': 'loadingOptions' },
    },
    editing: {
      tags: ['form'],
      on: {
        'form.change': {
          actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'form.submit': [{ guard: 'formIsValid', target: 'quoting' }, { actions: 'showErrors' }],
        'draft.discard': { actions: 'discardDraft' },
      },
    },
    quoting: {
      tags: ['form', 'busy'],
      entry: assign(({ context }) => ({
        request: toRequest(context.flow, context.rules, context.form),
        errors: {},
        failure: null,
        quote: null,
      })),
      invoke: {
        src: 'quoteTransfer',
        input: ({ context }) => ({ flowId: context.flow.id, request: context.request as TransferRequest }),
        onDone: { target: 'checkingCode', actions: assign({ quote: ({ event }) => event.output }) },
        // Unknown beneficiary, insufficient funds…: nothing moved, the user fixes the form.
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
      },
    },
    checkingCode: {
      tags: ['form', 'busy'],
      invoke: {
        src: 'checkWithdrawalCode',
        input: ({ context }) => ({ flowId: context.flow.id, request: context.request as TransferRequest }),
        onDone: [
          { guard: { type: 'isCodeRight', params: ({ event }) => event.output }, target: 'reviewing' },
          // Not the customer's live code: said on its field, and nothing is reviewed.
          { target: 'editing', actions: 'showWrongCode' },
        ],
        onError: {
          target: 'editing',
          actions: assign({ quote: null, failure: ({ event }) => describeFailure(event.error) }),
        },
      },
    },
    reviewing: {
      tags: ['review'],
      entry: assign({ idempotencyKey: null }),
      on: {
        'review.back': 'editing',
        'review.confirm': { target: 'submitting', actions: 'issueIdempotencyKey' },
      },
    },
    submitting: {
      // No `review.confirm` here: a second click while the first is in flight is ignored.
      tags: ['review', 'busy'],
      entry: assign({ failure: null }),
      invoke: {
        src: 'submitTransfer',
        input: ({ context }) => ({
          flowId: context.flow.id,
          request: context.request as TransferRequest,
          idempotencyKey: context.idempotencyKey as string,
        }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'outcomeUnknown', params: ({ event }) => ({ error: event.error }) },
            target: 'interrupted',
            actions: assign({ failure: ({ event }) => describeFailure(event.error) }),
          },
          { target: 'failed', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
        ],
      },
    },
    interrupted: {
      tags: ['review', 'interrupted'],
      on: {
        // The same attempt again: same body, same key, so the server runs it at most once.
        'transfer.retry': 'submitting',
        'review.back': 'editing',
      },
    },
    failed: {
      tags: ['form', 'failed'],
      on: {
        'form.change': {
          target: 'editing',
          actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        // The form failed as it was quoted, so it is valid here: any change leaves for editing,
        // which checks it again. A guard here could never refuse.
        'form.submit': 'quoting',
        'draft.discard': { target: 'editing', actions: 'discardDraft' },
      },
    },
    done: {
      tags: ['receipt'],
      on: {
        'receipt.print': { actions: 'printReceipt' },
        'receipt.new': {
          target: 'loadingOptions',
          actions: assign({
            form: EMPTY_FORM,
            errors: {},
            request: null,
            quote: null,
            result: null,
            idempotencyKey: null,
            restoredAt: null,
          }),
        },
      },
    },
  },
});

export type TransferFlowSnapshot = SnapshotFrom<typeof transferFlowMachine>;

export const selectOptionsFailed = (s: TransferFlowSnapshot) => s.hasTag('optionsFailed');
export const selectIsBusy = (s: TransferFlowSnapshot) => s.hasTag('busy');
export const selectIsInterrupted = (s: TransferFlowSnapshot) => s.hasTag('interrupted');
export const selectIsQuoting = (s: TransferFlowSnapshot) => s.matches('quoting') || s.matches('checkingCode');
export const selectIsSubmitting = (s: TransferFlowSnapshot) => s.matches('submitting');
export const selectFlow = (s: TransferFlowSnapshot) => s.context.flow;
export const selectOptions = (s: TransferFlowSnapshot) => s.context.options;
export const selectRules = (s: TransferFlowSnapshot) => s.context.rules;
export const selectForm = (s: TransferFlowSnapshot) => s.context.form;
export const selectErrors = (s: TransferFlowSnapshot) => s.context.errors;
export const selectQuote = (s: TransferFlowSnapshot) => s.context.quote;
export const selectRequest = (s: TransferFlowSnapshot) => s.context.request;
export const selectResult = (s: TransferFlowSnapshot) => s.context.result;
export const selectFailure = (s: TransferFlowSnapshot) => s.context.failure;
export const selectBlank = (s: TransferFlowSnapshot) => s.context.blank;
export const selectRestoredAt = (s: TransferFlowSnapshot) => s.context.restoredAt;
/** Which screen is up, for moving focus when it changes. */
export const selectScreen = (s: TransferFlowSnapshot) =>
  s.hasTag('receipt') ? 'receipt' : s.hasTag('review') ? 'review' : s.hasTag('form') ? 'form' : 'loading';
