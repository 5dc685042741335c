import { z } from '@hono/zod-openapi';
import {
  DOCUMENT_MIME_TYPES,
  DOCUMENT_TYPES,
  KYC_DECISIONS,
  KYC_LIST_KINDS,
  type KycAccountDetail,
  type KycDocumentView,
  type KycListPage,
  kycDecisionSchema,
  kycListQuerySchema,
} from '../../../contract/kyc';
import { KYC_STATUSES } from '../../../contract/ledger';

/** OpenAPI shapes of the KYC review API; the request schemas are the contract's own. */

export const listKindParam = z.object({
  kind: z.enum(KYC_LIST_KINDS).openapi({ example: 'customers', description: 'Partners: administrators only' }),
});

/** Account numbers are a short prefix and a code: CUS-000123, AGT-00001, PRT-00002. */
export const accountNumberParam = z.object({
  number: z
    .string()
    .max(48)
    .regex(/^[A-Za-z]{2,5}-[A-Za-z0-9_-]{1,40}$/, 'Not an account number')
    .openapi({ example: 'CUS-000042' }),
});

export const documentIdParam = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).openapi({ example: 12 }),
});

export const listQuery = kycListQuerySchema;
export const decisionBody = kycDecisionSchema.openapi('KycDecisionRequest');

const text = z.object({ en: z.string(), fr: z.string() });

const decisionView = z
  .object({
    id: z.number().int(),
    decision: z.enum(KYC_DECISIONS),
    reason: z.string().nullable(),
    reviewer: z.string(),
    reviewerUsername: z.string(),
    at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('KycDecision');

export const listPage: z.ZodType<KycListPage> = z
  .object({
    rows: z.array(
      z.object({
        number: z.string(),
        name: z.string(),
        phone: z.string().nullable(),
        region: z.string().nullable(),
        nationalId: z.string().nullable(),
        kycStatus: z.enum(KYC_STATUSES),
        status: z.string(),
        createdAt: z.string(),
        documents: z.number().int(),
        lastDecision: decisionView.nullable(),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .openapi('KycListPage');

export const documentView: z.ZodType<KycDocumentView> = z
  .object({
    id: z.number().int(),
    type: z.enum(DOCUMENT_TYPES),
    fileName: z.string(),
    mimeType: z.enum(DOCUMENT_MIME_TYPES),
    size: z.number().int(),
    sha256: z.string(),
    uploadedBy: z.string().nullable(),
    createdAt: z.string(),
    url: z.string().openapi({ example: 'kyc/documents/12/content', description: 'Relative to the API base' }),
  })
  .openapi('KycDocument');

const numberAndLabel = z.object({ number: z.string(), label: z.string() });

export const accountDetail: z.ZodType<KycAccountDetail> = z
  .object({
    account: z.object({
      number: z.string(),
      kind: z.enum(['customer', 'agent', 'merchant', 'partner']),
      label: z.string(),
      phone: z.string().nullable(),
      region: z.string().nullable(),
      status: z.string(),
      kycStatus: z.enum(KYC_STATUSES),
      pinStatus: z.string(),
      createdAt: z.string(),
      activatedAt: z.string().nullable(),
      parent: numberAndLabel.nullable(),
      limits: z.object({ canTransact: z.boolean(), dailyLimit: z.number().int().nullable(), explanation: text }),
    }),
    identity: z
      .object({
        firstName: z.string(),
        lastName: z.string(),
        birthDate: z.string().nullable(),
        gender: z.enum(['female', 'male']).nullable(),
        nationalId: z.string().nullable(),
        email: z.string().nullable(),
        street: z.string().nullable(),
        city: z.string().nullable(),
        region: z.string().nullable(),
        businessName: z.string().nullable(),
        businessCategory: z.string().nullable(),
        ninea: z.string().nullable(),
        companyName: z.string().nullable(),
        contactPerson: z.string().nullable(),
        commissionPlan: z.string().nullable(),
        settlementBank: z.object({ code: z.string(), name: z.string() }).nullable(),
        enrollingAgent: numberAndLabel.nullable(),
        registeredBy: z.string().nullable(),
        registeredAt: z.string(),
      })
      .nullable(),
    student: z
      .object({ school: z.string(), level: z.string(), guardianPhone: z.string(), onboardedBy: z.string() })
      .nullable(),
    documents: z.array(documentView),
    requiredDocuments: z.array(z.enum(DOCUMENT_TYPES)),
    missingDocuments: z.array(z.enum(DOCUMENT_TYPES)),
    decisions: z.array(decisionView),
    permissions: z.object({ canDecide: z.boolean(), canApprove: z.boolean(), canUpload: z.boolean() }),
  })
  .openapi('KycAccountDetail');

/** The multipart upload: the document's type and the file itself. */
export const uploadForm = z.object({
  type: z.enum(DOCUMENT_TYPES),
  file: z
    .instanceof(File, { message: 'Attach the document as the file field' })
    .openapi({ type: 'string', format: 'binary', description: 'JPEG, PNG or PDF' }),
});
