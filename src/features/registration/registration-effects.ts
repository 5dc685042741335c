import { fromPromise } from 'xstate';
import type { DocumentType, KycDocumentView } from '../../../contract/kyc';
import type {
  RegistrationAvailability,
  RegistrationInput,
  RegistrationKind,
  RegistrationResult,
} from '../../../contract/registration';
import type { ApiClient } from '../../api/client';
import { kycApi } from '../../api/kyc-api';

/** `GET registrations/availability`: whether the numbers typed are registered already, and to whom. */
export const checkAvailability = (api: ApiClient) =>
  fromPromise<RegistrationAvailability, { phone?: string; nationalId?: string }>(({ input, signal }) =>
    api.get<RegistrationAvailability>('registrations/availability', { query: input, signal }),
  );

/** The registration machine's requests over the one API client (docs/architecture.md: pages never fetch). */
export function registrationActors(api: ApiClient) {
  const kyc = kycApi(api);
  return {
    checkDuplicates: checkAvailability(api),
    createAccount: fromPromise<RegistrationResult, { kind: RegistrationKind; body: RegistrationInput }>(({ input }) =>
      api.post<RegistrationResult>(`registrations/${input.kind}`, input.body),
    ),
    uploadDocument: fromPromise<KycDocumentView, { number: string; docType: DocumentType; file: File }>(({ input }) =>
      kyc.upload(input.number, input.docType, input.file),
    ),
  };
}
