import { T, type Text } from './text';

/**
 * The KYC documents and decisions as facts (types, titles, the file check) without the API's
 * schemas: the dashboard's shared kit shows and checks them on every KYC page, and importing
 * them must not bring zod into the code every page shares. contract/kyc.ts re-exports them.
 */

// ---- Documents ----

export const DOCUMENT_TYPES = ['id_front', 'id_back', 'selfie', 'proof_of_address', 'business_registration'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_TITLES: Record<DocumentType, Text> = {
  id_front: T('ID card (front)', 'Carte d’identité (recto)'),
  id_back: T('ID card (back)', 'Carte d’identité (verso)'),
  selfie: T('Selfie', 'Selfie'),
  proof_of_address: T('Proof of address', 'Justificatif de domicile'),
  business_registration: T('Business registration (NINEA / RCCM)', 'Enregistrement de l’entreprise (NINEA / RCCM)'),
};

export const DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

/** For the file picker's accept attribute. */
export const DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

/** The API's default limit (MAX_DOCUMENT_BYTES); the API answers 413 above its configured value. */
export const DEFAULT_MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/**
 * The type a file really is, from its first bytes: a declared type or a file name can lie (an
 * .exe renamed .png), the signature cannot. The form sniffs too, to warn before uploading.
 */
export function sniffDocumentType(bytes: Uint8Array): DocumentMimeType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

// ---- Decisions ----

export const KYC_DECISIONS = ['approve', 'reject', 'more_documents'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

export const KYC_DECISION_TITLES: Record<KycDecision, Text> = {
  approve: T('Approve', 'Approuver'),
  reject: T('Reject', 'Rejeter'),
  more_documents: T('Ask for more documents', 'Demander des documents'),
};
