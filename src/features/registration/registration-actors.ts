import { fromPromise } from 'xstate';
import type { KycDocumentView } from '../../../contract/api/kyc';
import type { RegistrationAvailability, RegistrationResult } from '../../../contract/api/registrations';
import type { DocumentType } from '../../../contract/kyc';
import type { RegistrationRequest } from '../../../contract/registration';
import type { ApiClient } from '../../api/client';
import { registrationApi } from './registration-api';

/** Whether the numbers typed are registered already, and to whom. */
export const checkAvailability = (api: ApiClient) =>
  fromPromise<RegistrationAvailability, { phone?: string; nationalId?: string }>(({ input, signal }) =>
    registrationApi(api).availability(input, signal),
  );

/** The registration machine's requests over the one API client (docs/architecture.md: pages never fetch). */
export function registrationActors(api: ApiClient) {
  const calls = registrationApi(api);
  return {
    checkDuplicates: checkAvailability(api),
    createAccount: fromPromise<RegistrationResult, RegistrationRequest>(({ input }) => calls.register(input)),
    uploadDocument: fromPromise<KycDocumentView, { number: string; docType: DocumentType; file: File }>(({ input }) =>
      calls.uploadDocument(input.number, input.docType, input.file),
    ),
  };
}
