/**
 * The KYC review operations of contract/api/kyc.ts over the one API client. Machines get these as
 * named actors from the page that assembles them; nothing here keeps state.
 */
import type {
  decideKyc,
  getKycAccount,
  getKycDocumentContent,
  listKycAccounts,
  uploadKycDocument,
} from '../../../contract/api/kyc';
import type { OperationInput } from '../../../contract/api/operation';
import type { DocumentType, KycDecisionRequest, KycListKind } from '../../../contract/kyc';
import type { ApiClient } from '../../api/client';

/** What a review list is asked for: its filters, sort and page. */
export type KycListRequest = NonNullable<OperationInput<typeof listKycAccounts>['query']>;

/** Empty filters are left out so the URL stays short on a slow link. */
function listParams(query: KycListRequest): KycListRequest {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'number') params[key] = value;
    else if (typeof value === 'string' && value.trim() !== '') params[key] = value.trim();
  }
  return params;
}

export const kycApi = (api: ApiClient) => ({
  list: (kind: KycListKind, query: KycListRequest, signal?: AbortSignal) =>
    api.call<typeof listKycAccounts>('GET /kyc/{kind}', { params: { kind }, query: listParams(query), signal }),

  account: (number: string, signal?: AbortSignal) =>
    api.call<typeof getKycAccount>('GET /kyc/accounts/{number}', { params: { number }, signal }),

  decide: (number: string, body: KycDecisionRequest) =>
    api.call<typeof decideKyc>('POST /kyc/accounts/{number}/decision', { params: { number }, body }),

  /** Multipart: the browser writes the boundary, so the client must not force a JSON content type. */
  upload: (number: string, type: DocumentType, file: File) => {
    const body = new FormData();
    body.set('type', type);
    body.set('file', file, file.name);
    return api.call<typeof uploadKycDocument>('POST /kyc/accounts/{number}/documents', { params: { number }, body });
  },

  /** The bytes of a document, fetched with the session header (an <img src> could not send it). */
  content: (id: number, signal?: AbortSignal) =>
    api.call<typeof getKycDocumentContent>('GET /kyc/documents/{id}/content', { params: { id }, read: 'blob', signal }),
});

export type KycApi = ReturnType<typeof kycApi>;
