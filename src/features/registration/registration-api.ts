import type { uploadKycDocument } from '../../../contract/api/kyc';
import type {
  getRegistrationAvailability,
  registerAgent,
  registerCustomer,
  registerHybridMerchant,
  registerPartner,
} from '../../../contract/api/registrations';
import type { DocumentType } from '../../../contract/kyc';
import type { RegistrationRequest } from '../../../contract/registration';
import type { ApiClient } from '../../api/client';

/** The registration page's operations (contract/api/registrations.ts, and the KYC document upload). */
export const registrationApi = (api: ApiClient) => ({
  /** Whether the numbers typed are registered already, and to whom. */
  availability: (query: { phone?: string; nationalId?: string }, signal?: AbortSignal) =>
    api.call<typeof getRegistrationAvailability>('GET /registrations/availability', { query, signal }),

  /** Each kind of account is its own operation, with its own body. */
  register: (request: RegistrationRequest) => {
    switch (request.kind) {
      case 'agent':
        return api.call<typeof registerAgent>('POST /registrations/agent', { body: request.body });
      case 'customer':
        return api.call<typeof registerCustomer>('POST /registrations/customer', { body: request.body });
      case 'hybrid-merchant':
        return api.call<typeof registerHybridMerchant>('POST /registrations/hybrid-merchant', { body: request.body });
      case 'partner':
        return api.call<typeof registerPartner>('POST /registrations/partner', { body: request.body });
    }
  },

  /** Multipart: the browser writes the boundary, so the client must not force a JSON content type. */
  uploadDocument: (number: string, type: DocumentType, file: File) => {
    const body = new FormData();
    body.set('type', type);
    body.set('file', file, file.name);
    return api.call<typeof uploadKycDocument>('POST /kyc/accounts/{number}/documents', { params: { number }, body });
  },
});
