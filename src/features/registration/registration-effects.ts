import { fromPromise } from 'xstate';
import type { DocumentType, KycDocumentView } from '../../../contract/kyc';
import type {
  RegistrationCheckResult,
  RegistrationInput,
  RegistrationKind,
  RegistrationResult,
} from '../../../contract/registration';
import type { ApiClient } from '../../api/client';
import { kycApi } from '../../api/kyc-api';

/** The registration machine's requests over the one API client (docs/architecture.md: pages never fetch). */
export function registrationActors(api: ApiClient) {
  const kyc = kycApi(api);
  return {
    checkDuplicates: fromPromise<RegistrationCheckResult, { phone?: string; nationalId?: string }>(({ input }) =>
      api.post<RegistrationCheckResult>('registrations/check', input),
    ),
    createAccount: fromPromise<RegistrationResult, { kind: RegistrationKind; body: RegistrationInput }>(({ input }) =>
      api.post<RegistrationResult>(`registrations/${input.kind}`, input.body),
    ),
    uploadDocument: fromPromise<KycDocumentView, { number: string; docType: DocumentType; file: File }>(({ input }) =>
      kyc.upload(input.number, input.docType, input.file),
    ),
  };
}
