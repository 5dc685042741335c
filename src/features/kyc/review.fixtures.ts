/**
 * A customer account waiting for KYC review, as GET kyc/accounts/{number} answers it, with the
 * API's own rules for its limits and its required documents, for the catalogue's stories (no
 * server). Its documents' bytes are drawings, made on demand like the API's.
 */
import type { KycAccountDetail, KycDocumentView } from '../../../contract/api/kyc';
import {
  type DocumentMimeType,
  type DocumentType,
  KYC_STATUS_AFTER,
  type KycDecisionRequest,
  kycLimits,
  limitsAfterApproval,
  requiredDocumentsOf,
  statusAfterApproval,
} from '../../../contract/kyc';

const CUSTOMER_DAILY_LIMIT = 200_000;

const document = (id: number, type: DocumentType, mimeType: DocumentMimeType, size: number): KycDocumentView => ({
  id,
  type,
  fileName: `${type}.${mimeType === 'application/pdf' ? 'pdf' : mimeType === 'image/png' ? 'png' : 'jpg'}`,
  mimeType,
  size,
  sha256: id.toString(16).padStart(64, '0'),
  uploadedBy: 'Mariama Ba',
  createdAt: '2026-11-24T10:05:00.000Z',
  url: `kyc/documents/${id}/content`,
});

const account = {
  number: 'CUS-000042',
  kind: 'customer' as const,
  label: 'Aminata Diallo',
  phone: '+221 77 123 45 67',
  region: 'Thiès',
  // Registered in the back-office: inactive until its first approval.
  status: 'inactive',
  kycStatus: 'pending' as const,
  pinStatus: 'set',
  createdAt: '2026-11-20T09:12:00.000Z',
  activatedAt: null as string | null,
  parent: null,
};

export const PENDING_ACCOUNT: KycAccountDetail = {
  account: { ...account, limits: kycLimits(account, CUSTOMER_DAILY_LIMIT) },
  afterApproval: limitsAfterApproval(account, CUSTOMER_DAILY_LIMIT),
  identity: {
    firstName: 'Aminata',
    lastName: 'Diallo',
    birthDate: '1994-06-18',
    gender: 'female',
    nationalId: '2 751 1994 01234',
    email: null,
    street: 'Quartier Médina Fall, rue 12',
    city: 'Thiès',
    region: 'Thiès',
    businessName: null,
    businessCategory: null,
    ninea: null,
    companyName: null,
    contactPerson: null,
    commissionPlan: null,
    settlementBank: null,
    enrollingAgent: { number: 'AGT-00012', label: 'Boutique Ndèye Fatou Sarr' },
    registeredBy: 'Mariama Ba',
    registeredAt: '2026-11-20T09:12:00.000Z',
  },
  student: null,
  documents: [
    document(311, 'proof_of_address', 'application/pdf', 184_320),
    document(310, 'selfie', 'image/jpeg', 412_004),
    document(309, 'id_back', 'image/jpeg', 356_880),
    document(308, 'id_front', 'image/png', 498_112),
  ],
  requiredDocuments: [...requiredDocumentsOf(account.kind)],
  missingDocuments: [],
  decisions: [
    {
      id: 77,
      decision: 'more_documents',
      reason: 'The ID card photo is blurred: please take the front again in daylight.',
      reviewer: 'Ousmane Sow',
      reviewerUsername: 'kyc-admin',
      at: '2026-11-21T15:40:00.000Z',
    },
  ],
  permissions: { canDecide: true, canApprove: true, canUpload: true },
};

/** The account as the API returns it after `body` was decided by the catalogue's reviewer. */
export function decided(detail: KycAccountDetail, body: KycDecisionRequest): KycAccountDetail {
  const kycStatus = KYC_STATUS_AFTER[body.decision];
  const approved = body.decision === 'approve';
  const status = approved ? statusAfterApproval(detail.account) : detail.account.status;
  const activatedAt = status !== detail.account.status ? new Date().toISOString() : detail.account.activatedAt;
  const changed = { ...detail.account, kycStatus, status, activatedAt };
  return {
    ...detail,
    account: { ...changed, limits: kycLimits(changed, CUSTOMER_DAILY_LIMIT) },
    afterApproval: limitsAfterApproval(changed, CUSTOMER_DAILY_LIMIT),
    decisions: [
      {
        id: 78,
        decision: body.decision,
        reason: body.reason ?? null,
        reviewer: 'Awa Ndiaye',
        reviewerUsername: 'admin',
        at: new Date().toISOString(),
      },
      ...detail.decisions,
    ],
  };
}

/** A document's bytes: a drawing of a card with its title, in place of the scan. */
export async function documentBytes(id: number): Promise<Blob> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200"><rect width="320" height="200" rx="12" fill="#e6f2ef"/><rect x="20" y="40" width="80" height="100" rx="6" fill="#9fc7bd"/><text x="120" y="70" font-family="sans-serif" font-size="14" fill="#18453b">RÉPUBLIQUE DU SÉNÉGAL</text><text x="120" y="100" font-family="sans-serif" font-size="12" fill="#18453b">DIALLO Aminata</text><text x="120" y="125" font-family="sans-serif" font-size="12" fill="#18453b">Document ${id}</text></svg>`;
  return new Blob([svg], { type: 'image/svg+xml' });
}
