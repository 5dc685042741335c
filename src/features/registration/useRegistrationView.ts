import { useSelector } from '@xstate/react';
import {
  selectErrors,
  selectFailure,
  selectFiles,
  selectIsBusy,
  selectIsChecking,
  selectIsSubmitting,
  selectIsUploading,
  selectRestoredFrom,
  selectResult,
  selectScreen,
  selectStep,
  selectTaken,
  selectUploadFailures,
  selectUploads,
  selectValues,
} from './registration-selectors';
import type { RegistrationActor } from './useRegistrationActor';

/** What the registration page shows of the running registration. */
export function useRegistrationView(actor: RegistrationActor) {
  return {
    screen: useSelector(actor, selectScreen),
    step: useSelector(actor, selectStep),
    values: useSelector(actor, selectValues),
    errors: useSelector(actor, selectErrors),
    taken: useSelector(actor, selectTaken),
    files: useSelector(actor, selectFiles),
    failure: useSelector(actor, selectFailure),
    result: useSelector(actor, selectResult),
    uploads: useSelector(actor, selectUploads),
    uploadFailures: useSelector(actor, selectUploadFailures),
    restoredFrom: useSelector(actor, selectRestoredFrom),
    busy: useSelector(actor, selectIsBusy),
    checking: useSelector(actor, selectIsChecking),
    submitting: useSelector(actor, selectIsSubmitting),
    uploading: useSelector(actor, selectIsUploading),
  };
}

export type RegistrationView = ReturnType<typeof useRegistrationView>;
