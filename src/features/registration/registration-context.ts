import type { DocumentType } from '../../../contract/kyc';
import type { RegistrationDraft, RegistrationForm } from '../../../contract/registration-forms';
import type { RegistrationStep } from '../../../contract/registration';
import type { RegistrationResult } from '../../../contract/api/registrations';
import { type CheckedFile, MAX_DOCUMENT_MB } from '../../ui/files/document-file';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import type { FieldMessage } from '../../ui/form/issue-messages';
import {
  emptyValues,
  type FieldErrors,
  type FormValues,
  isDataStep,
  placeServerError,
  validateStep,
} from './registration-form';

/** What the registration machine holds, and the pure rules it moves between steps and uploads with. */
export type UploadStatus = 'waiting' | 'sending' | 'done' | 'failed';

export interface RegistrationContext {
  form: RegistrationForm;
  today: Date;
  step: RegistrationStep;
  values: FormValues;
  /** Errors of the step in view, shown once the user has asked to go on. */
  errors: FieldErrors;
  /** The numbers last checked for duplicates, and what the API said of them. */
  checked: { phone?: string; nationalId?: string };
  taken: { phone: TakenMark; nationalId: TakenMark };
  files: Partial<Record<DocumentType, CheckedFile>>;
  failure: RequestFailure | null;
  result: RegistrationResult | null;
  uploads: Partial<Record<DocumentType, UploadStatus>>;
  uploadFailures: Partial<Record<DocumentType, RequestFailure>>;
  uploading: DocumentType | null;
  /** When the restored draft was saved; null when the form started empty. */
  restoredFrom: string | null;
  /** Typed since the last draft save. */
  dirty: boolean;
}

/** A number known to be registered (with its account, when the caller may see it), or false. */
export type TakenMark = false | { account: string | null };

export const stepIds = (form: RegistrationForm) => form.steps.map((s) => s.id);
export const nextStep = (form: RegistrationForm, step: RegistrationStep): RegistrationStep => {
  const ids = stepIds(form);
  return ids[Math.min(ids.indexOf(step) + 1, ids.length - 1)] ?? step;
};
export const previousStep = (form: RegistrationForm, step: RegistrationStep): RegistrationStep => {
  const ids = stepIds(form);
  return ids[Math.max(ids.indexOf(step) - 1, 0)] ?? step;
};

/** A restored form opens where it was left; the review needs the files picked again, so documents. */
export const restoredStep = (draft: RegistrationDraft | null | undefined): RegistrationStep =>
  !draft ? 'identity' : draft.step === 'review' ? 'documents' : draft.step;

export const freshForm = (form: RegistrationForm) => ({
  step: 'identity' as RegistrationStep,
  values: emptyValues(form),
  errors: {},
  checked: {},
  taken: { phone: false as TakenMark, nationalId: false as TakenMark },
  files: {},
  failure: null,
  result: null,
  uploads: {},
  uploadFailures: {},
  uploading: null,
  restoredFrom: null,
  dirty: false,
});

export const nextUpload = (uploads: Partial<Record<DocumentType, UploadStatus>>): DocumentType | null =>
  (Object.entries(uploads).find(([, status]) => status === 'waiting')?.[0] as DocumentType | undefined) ?? null;

/** A typed value kept; a shown error goes once the field is right, none appears while typing. */
export function fieldChanged(
  context: RegistrationContext,
  change: { step: RegistrationStep; name: string; value: string },
): Partial<RegistrationContext> {
  if (!isDataStep(change.step)) return {};
  const values = {
    ...context.values,
    [change.step]: { ...context.values[change.step], [change.name]: change.value },
  };
  const errors = { ...context.errors };
  if (change.name in errors) {
    const now = validateStep(context.form, change.step, values, context.today)[change.name];
    if (now) errors[change.name] = now;
    else delete errors[change.name];
  }
  // A number edited since the duplicate check is no longer known to be taken.
  const taken = {
    phone: change.name === 'phone' ? false : context.taken.phone,
    nationalId: change.name === 'nationalId' ? false : context.taken.nationalId,
  };
  return { values, errors, taken, dirty: true };
}

/** A file the page found wrong is not kept: its type shows why instead. */
export function documentPicked(
  context: RegistrationContext,
  docType: DocumentType,
  checked: CheckedFile,
): Partial<RegistrationContext> {
  return {
    files: checked.problem ? context.files : { ...context.files, [docType]: checked },
    errors: checked.problem
      ? {
          ...context.errors,
          [docType]: {
            key: `file.${checked.problem}`,
            params: { max: MAX_DOCUMENT_MB },
            text: checked.problem,
          },
        }
      : Object.fromEntries(Object.entries(context.errors).filter(([k]) => k !== docType)),
  };
}

/** A refusal of the create call that names a field reopens that field's step with the message. */
export function refusalPlaced(context: RegistrationContext, error: unknown): Partial<RegistrationContext> {
  const failure = describeFailure(error);
  const placed = placeServerError(context.form, failure.code, failure.message);
  if (!placed) return {};
  return {
    step: placed.step,
    errors: { [placed.field]: placed.message } satisfies Record<string, FieldMessage>,
    taken: {
      phone: failure.code === 'DUPLICATE_PHONE' ? context.taken.phone || { account: null } : context.taken.phone,
      nationalId:
        failure.code === 'DUPLICATE_NATIONAL_ID'
          ? context.taken.nationalId || { account: null }
          : context.taken.nationalId,
    },
  };
}

/** The document being sent is done, or failed with `failure`. */
export function uploadEnded(context: RegistrationContext, failure?: RequestFailure): Partial<RegistrationContext> {
  const docType = context.uploading as DocumentType;
  if (!failure) return { uploads: { ...context.uploads, [docType]: 'done' } };
  return {
    uploads: { ...context.uploads, [docType]: 'failed' },
    uploadFailures: { ...context.uploadFailures, [docType]: failure },
  };
}
