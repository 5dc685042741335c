/**
 * The KYC review endpoints of contract/kyc.ts over the one API client. Machines get these as
 * named actors from the page that assembles them; nothing here keeps state.
 */
import type {
  DocumentType,
  KycAccountDetail,
  KycDecisionRequest,
  KycDocumentView,
  KycListKind,
  KycListPage,
  KycListQuery,
} from '../../contract/kyc';
import type { ApiClient } from './client';

const accountPath = (number: string) => `kyc/accounts/${encodeURIComponent(number)}`;

/** `GET kyc/{kind}`: empty filters are left out so the URL stays short on a slow link. */
function listParams(query: KycListQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'number') params[key] = value;
    else if (typeof value === 'string' && value.trim() !== '') params[key] = value.trim();
  }
  return params;
}

export const kycApi = (api: ApiClient) => ({
  list: (kind: KycListKind, query: KycListQuery, signal?: AbortSignal) =>
    api.get<KycListPage>(`kyc/${kind}`, { query: listParams(query), signal }),

  account: (number: string, signal?: AbortSignal) => api.get<KycAccountDetail>(accountPath(number), { signal }),

  decide: (number: string, body: KycDecisionRequest) =>
    api.post<KycAccountDetail>(`${accountPath(number)}/decision`, body),

  /** Multipart: the browser writes the boundary, so the client must not force a JSON content type. */
  upload: (number: string, type: DocumentType, file: File) => {
    const form = new FormData();
    form.set('type', type);
    form.set('file', file, file.name);
    return api.post<KycDocumentView>(`${accountPath(number)}/documents`, form);
  },

  /** The bytes of a document, fetched with the session header (an <img src> could not send it). */
  content: (url: string, signal?: AbortSignal) => api.get<Blob>(url, { responseType: 'blob', signal }),
});

export type KycApi = ReturnType<typeof kycApi>;
