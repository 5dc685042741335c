import type { RegistrationDraft } from '../../../contract/registration-forms';
import type { RegistrationContext, RegistrationSnapshot } from './registration-machine';

// What the registration page reads of a running registration.

/** The draft saved of the form in progress: the typed values and where the user was, never the files. */
export function draftOf(context: RegistrationContext, savedAt: Date): RegistrationDraft {
  return { kind: context.form.kind, step: context.step, values: context.values, savedAt: savedAt.toISOString() };
}

export const selectStep = (s: RegistrationSnapshot) => s.context.step;
export const selectValues = (s: RegistrationSnapshot) => s.context.values;
export const selectErrors = (s: RegistrationSnapshot) => s.context.errors;
export const selectTaken = (s: RegistrationSnapshot) => s.context.taken;
export const selectFiles = (s: RegistrationSnapshot) => s.context.files;
export const selectFailure = (s: RegistrationSnapshot) => s.context.failure;
export const selectResult = (s: RegistrationSnapshot) => s.context.result;
export const selectUploads = (s: RegistrationSnapshot) => s.context.uploads;
export const selectUploadFailures = (s: RegistrationSnapshot) => s.context.uploadFailures;
export const selectRestoredFrom = (s: RegistrationSnapshot) => s.context.restoredFrom;
export const selectIsBusy = (s: RegistrationSnapshot) => s.hasTag('busy');
export const selectIsChecking = (s: RegistrationSnapshot) => s.matches('checkingDuplicates');
export const selectIsSubmitting = (s: RegistrationSnapshot) => s.matches('submitting');
export const selectIsUploading = (s: RegistrationSnapshot) => s.matches('uploadingDocuments');
/** Which screen is up: a step of the form, the review, or the outcome. */
export const selectScreen = (s: RegistrationSnapshot): 'form' | 'review' | 'done' =>
  s.hasTag('done') ? 'done' : s.hasTag('review') ? 'review' : 'form';
