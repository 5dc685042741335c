import { assign, cancel, enqueueActions, not, type SnapshotFrom, setup } from 'xstate';
import type { DocumentType } from '../../../contract/kyc';
import type { KycDocumentView } from '../../../contract/api/kyc';
import type { RegistrationKind, RegistrationRequest, RegistrationStep } from '../../../contract/registration';
import type { RegistrationAvailability, RegistrationResult, TakenBy } from '../../../contract/api/registrations';
import type { RegistrationDraft, RegistrationForm } from '../../../contract/registration-forms';
import { ApiRequestError } from '../../api/client';
import type { CheckedFile } from '../../ui/files/document-file';
import { describeFailure } from '../../ui/failure';
import {
  duplicateKeys,
  emptyValues,
  hasErrors,
  placeServerError,
  registrationRequest,
  validateStep,
  valuesFromDraft,
} from './registration-form';
import { notProvided } from '../../machines/not-provided';
import {
  documentPicked,
  fieldChanged,
  freshForm,
  nextStep,
  nextUpload,
  previousStep,
  type RegistrationContext,
  refusalPlaced,
  type TakenMark,
  restoredStep,
  stepIds,
  uploadEnded,
} from './registration-context';

export type { RegistrationContext } from './registration-context';

export type RegistrationEvent =
  | { type: 'field.change'; step: RegistrationStep; name: string; value: string }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'step.goto'; step: RegistrationStep }
  | { type: 'document.pick'; docType: DocumentType; checked: CheckedFile }
  | { type: 'document.remove'; docType: DocumentType }
  | { type: 'registration.submit' }
  | { type: 'uploads.retry' }
  | { type: 'registration.new' }
  | { type: 'draft.discard' }
  | { type: 'draft.save' };

export interface RegistrationInputArgs {
  form: RegistrationForm;
  today: Date;
  draft?: RegistrationDraft | null;
}

/**
 * One registration, step by step (identity, contact, address, settings, documents, review):
 *
 *   editing(step n) → validating → [checkingDuplicates →] editing(step n+1) … → reviewing
 *   → submitting → uploadingDocuments (one file at a time) → done;  submitting → failed.
 *
 * - A step is checked with the contract's schema before the next one opens; the first
 *   wrong field gets focus (the page reads `errors`).
 * - Identity and contact ask the API whether the national ID or phone is already registered;
 *   a taken one stops the step, and Next keeps stopping there until the number changes (the
 *   create call would refuse it). Without an answer the form goes on: the create call decides.
 * - A refusal of the create call that names a field (409 duplicates, 400, 422) reopens that
 *   field's step with the message; any other is shown on the review.
 * - Documents are picked (already checked by the page) and uploaded once the account exists.
 * - The typed values are saved as a draft, debounced; the draft is dropped on success and on
 *   "Discard draft". Files are never in it.
 *
 * Effects are provided by the page: `checkDuplicates`, `createAccount`, `uploadDocument`, the
 * actions `saveDraft` and `clearDraft`, and the delay `draftDebounce`.
 */
const takenMark = (by: TakenBy | null): TakenMark => (by?.taken ? { account: by.account } : false);

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInputArgs,
  },
  actors: {
    checkDuplicates: notProvided<RegistrationAvailability, { phone?: string; nationalId?: string }>('checkDuplicates'),
    createAccount: notProvided<RegistrationResult, RegistrationRequest>('createAccount'),
    uploadDocument: notProvided<KycDocumentView, { number: string; docType: DocumentType; file: File }>(
      'uploadDocument',
    ),
  },
  actions: {
    saveDraft: (_, _params: { context: RegistrationContext }) => {},
    clearDraft: (_, _params: { kind: RegistrationKind }) => {},
    scheduleDraftSave: enqueueActions(({ enqueue }) => {
      enqueue.cancel('draftSave');
      enqueue.raise({ type: 'draft.save' }, { id: 'draftSave', delay: 'draftDebounce' });
    }),
    showErrors: assign(({ context }) => ({
      errors: validateStep(context.form, context.step, context.values, context.today),
    })),
    advance: assign(({ context }) => ({ step: nextStep(context.form, context.step), errors: {}, dirty: true })),
  },
  delays: {
    draftDebounce: 500,
  },
  guards: {
    stepIsValid: ({ context }) => !hasErrors(validateStep(context.form, context.step, context.values, context.today)),
    needsDuplicateCheck: ({ context }) => {
      const keys = duplicateKeys(context.step, context.values);
      return (
        (keys.phone !== undefined && keys.phone !== context.checked.phone) ||
        (keys.nationalId !== undefined && keys.nationalId !== context.checked.nationalId)
      );
    },
    nextIsReview: ({ context }) => nextStep(context.form, context.step) === 'review',
    isTaken: (_, params: { result: RegistrationAvailability }) =>
      Boolean(params.result.phone?.taken || params.result.nationalId?.taken),
    // The number in view was found registered: the server would refuse it, so Next stops here.
    isTakenHere: ({ context }) =>
      (context.step === 'contact' && context.taken.phone !== false) ||
      (context.step === 'identity' && context.taken.nationalId !== false),
    isFirstStep: ({ context }) => stepIds(context.form).indexOf(context.step) === 0,
    isEarlierStep: ({ context }, params: { step: RegistrationStep }) => {
      const ids = stepIds(context.form);
      return ids.indexOf(params.step) >= 0 && ids.indexOf(params.step) < ids.indexOf(context.step);
    },
    namesAField: ({ context }, params: { error: unknown }) => {
      const failure = describeFailure(params.error);
      return !failure.network && placeServerError(context.form, failure.code, failure.message) !== null;
    },
    sessionEnded: (_, params: { error: unknown }) =>
      params.error instanceof ApiRequestError && params.error.sessionExpired,
    hasFiles: ({ context }) => Object.keys(context.files).length > 0,
    moreToUpload: ({ context }) => nextUpload(context.uploads) !== null,
    someUploadFailed: ({ context }) => Object.values(context.uploads).includes('failed'),
    notRegistered: ({ context }) => context.result === null && context.dirty,
    notSubmitted: ({ context }) => context.result === null,
  },
}).createMachine({
  id: 'registration',
  initial: 'editing',
  context: ({ input }) => ({
    form: input.form,
    today: input.today,
    ...freshForm(input.form),
    step: restoredStep(input.draft),
    values: input.draft ? valuesFromDraft(input.form, input.draft) : emptyValues(input.form),
    restoredFrom: input.draft?.savedAt ?? null,
  }),
  on: {
    // The page offers it while nothing is on its way: the form starts again, empty.
    'draft.discard': {
      guard: 'notSubmitted',
      target: '.editing',
      actions: [
        { type: 'clearDraft', params: ({ context }) => ({ kind: context.form.kind }) },
        cancel('draftSave'),
        assign(({ context }) => freshForm(context.form)),
      ],
    },
    'draft.save': {
      guard: 'notRegistered',
      actions: [{ type: 'saveDraft', params: ({ context }) => ({ context }) }, assign({ dirty: false })],
    },
  },
  states: {
    editing: {
      tags: ['form'],
      on: {
        'field.change': {
          actions: [assign(({ context, event }) => fieldChanged(context, event)), 'scheduleDraftSave'],
        },
        'step.next': 'validating',
        'step.back': {
          guard: not('isFirstStep'),
          actions: [
            assign(({ context }) => ({ step: previousStep(context.form, context.step), errors: {}, dirty: true })),
            'scheduleDraftSave',
          ],
        },
        'step.goto': {
          guard: { type: 'isEarlierStep', params: ({ event }) => ({ step: event.step }) },
          actions: [assign(({ event }) => ({ step: event.step, errors: {}, dirty: true })), 'scheduleDraftSave'],
        },
        'document.pick': {
          actions: assign(({ context, event }) => documentPicked(context, event.docType, event.checked)),
        },
        'document.remove': {
          actions: assign(({ context, event }) => ({
            files: Object.fromEntries(Object.entries(context.files).filter(([k]) => k !== event.docType)),
          })),
        },
      },
    },
    validating: {
      tags: ['form'],
      always: [
        { guard: not('stepIsValid'), target: 'editing', actions: 'showErrors' },
        { guard: 'isTakenHere', target: 'editing' },
        { guard: 'needsDuplicateCheck', target: 'checkingDuplicates' },
        { target: 'advancing' },
      ],
    },
    checkingDuplicates: {
      tags: ['form', 'busy'],
      invoke: {
        src: 'checkDuplicates',
        input: ({ context }) => duplicateKeys(context.step, context.values),
        onDone: [
          {
            guard: { type: 'isTaken', params: ({ event }) => ({ result: event.output }) },
            target: 'editing',
            actions: assign(({ context, event }) => ({
              checked: { ...context.checked, ...duplicateKeys(context.step, context.values) },
              taken: {
                phone: context.step === 'contact' ? takenMark(event.output.phone) : context.taken.phone,
                nationalId: context.step === 'identity' ? takenMark(event.output.nationalId) : context.taken.nationalId,
              },
            })),
          },
          {
            target: 'advancing',
            actions: assign(({ context }) => ({
              checked: { ...context.checked, ...duplicateKeys(context.step, context.values) },
            })),
          },
        ],
        onError: [
          // Signed out under the form: it stays where it is, for the draft to reopen it there.
          { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: 'editing' },
          // The check only warns early; without an answer the create call will still decide.
          { target: 'advancing' },
        ],
      },
    },
    advancing: {
      always: [
        { guard: 'nextIsReview', target: 'reviewing', actions: ['advance', 'scheduleDraftSave'] },
        { target: 'editing', actions: ['advance', 'scheduleDraftSave'] },
      ],
    },
    reviewing: {
      tags: ['review'],
      on: {
        'step.back': {
          target: 'editing',
          actions: [
            assign(({ context }) => ({ step: previousStep(context.form, context.step), dirty: true })),
            'scheduleDraftSave',
          ],
        },
        'step.goto': {
          guard: { type: 'isEarlierStep', params: ({ event }) => ({ step: event.step }) },
          target: 'editing',
          actions: assign(({ event }) => ({ step: event.step, errors: {} })),
        },
        'registration.submit': 'submitting',
      },
    },
    submitting: {
      tags: ['review', 'busy'],
      entry: assign({ failure: null }),
      invoke: {
        src: 'createAccount',
        input: ({ context }) => registrationRequest(context.form, context.values, context.today),
        onDone: [
          {
            guard: 'hasFiles',
            target: 'uploadingDocuments',
            actions: [
              assign(({ context, event }) => ({
                result: event.output,
                uploads: Object.fromEntries(Object.keys(context.files).map((type) => [type, 'waiting' as const])),
              })),
              { type: 'clearDraft', params: ({ context }) => ({ kind: context.form.kind }) },
              cancel('draftSave'),
            ],
          },
          {
            target: 'done',
            actions: [
              assign({ result: ({ event }) => event.output }),
              { type: 'clearDraft', params: ({ context }) => ({ kind: context.form.kind }) },
              cancel('draftSave'),
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'namesAField', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign(({ context, event }) => refusalPlaced(context, event.error)),
          },
          { target: 'failed', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
        ],
      },
    },
    failed: {
      tags: ['review', 'failed'],
      on: {
        'registration.submit': 'submitting',
        'step.back': {
          target: 'editing',
          actions: [
            assign(({ context }) => ({ step: previousStep(context.form, context.step), dirty: true })),
            'scheduleDraftSave',
          ],
        },
        'step.goto': {
          guard: { type: 'isEarlierStep', params: ({ event }) => ({ step: event.step }) },
          target: 'editing',
          actions: assign(({ event }) => ({ step: event.step, errors: {} })),
        },
      },
    },
    uploadingDocuments: {
      tags: ['done', 'busy'],
      entry: assign(({ context }) => {
        const next = nextUpload(context.uploads);
        return {
          uploading: next,
          uploads: next ? { ...context.uploads, [next]: 'sending' as const } : context.uploads,
        };
      }),
      invoke: {
        src: 'uploadDocument',
        input: ({ context }) => {
          const docType = context.uploading as DocumentType;
          return {
            number: (context.result as RegistrationResult).number,
            docType,
            file: (context.files[docType] as CheckedFile).file,
          };
        },
        onDone: [
          {
            guard: 'moreToUpload',
            target: 'uploadingDocuments',
            reenter: true,
            actions: assign(({ context }) => uploadEnded(context)),
          },
          {
            target: 'done',
            actions: assign(({ context }) => ({ ...uploadEnded(context), uploading: null })),
          },
        ],
        onError: [
          {
            guard: 'moreToUpload',
            target: 'uploadingDocuments',
            reenter: true,
            actions: assign(({ context, event }) => uploadEnded(context, describeFailure(event.error))),
          },
          {
            target: 'done',
            actions: assign(({ context, event }) => ({
              ...uploadEnded(context, describeFailure(event.error)),
              uploading: null,
            })),
          },
        ],
      },
    },
    done: {
      tags: ['done'],
      on: {
        'uploads.retry': {
          guard: 'someUploadFailed',
          target: 'uploadingDocuments',
          actions: assign(({ context }) => ({
            uploads: Object.fromEntries(
              Object.entries(context.uploads).map(([type, status]) => [type, status === 'failed' ? 'waiting' : status]),
            ),
            uploadFailures: {},
          })),
        },
        'registration.new': { target: 'editing', actions: assign(({ context }) => freshForm(context.form)) },
      },
    },
  },
});

export type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;
