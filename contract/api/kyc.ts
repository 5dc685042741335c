import { z } from 'zod';
import {
  DOCUMENT_MIME_TYPES,
  DOCUMENT_TYPES,
  KYC_DECISIONS,
  KYC_LIST_KINDS,
  kycDecisionSchema,
  type KycLimits,
  kycListQuerySchema,
} from '../kyc';
import { KYC_STATUSES } from '../ledger';
import { defineOperation } from './operation';
import { idSchema, orNull } from './schema-parts';

/** The KYC review API (docs/kyc-and-registration.md); the request schemas are the contract's own. */

const tags = ['KYC review'];

const text = z.object({ en: z.string(), fr: z.string() });

const decisionView = z
  .object({
    id: z.number().int(),
    decision: z.enum(KYC_DECISIONS),
    /** Null for an approval without a note. */
    reason: z.string().nullable(),
    /** The reviewer's display name. */
    reviewer: z.string(),
    reviewerUsername: z.string(),
    at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'KycDecision' });

const listRow = z.object({
  number: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  region: z.string().nullable(),
  nationalId: z.string().nullable(),
  kycStatus: z.enum(KYC_STATUSES),
  status: z.string(),
  createdAt: z.string(),
  /** How many documents are on file. */
  documents: z.number().int(),
  lastDecision: orNull(decisionView),
});

const listPage = z
  .object({
    rows: z.array(listRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'KycListPage' });

const documentView = z
  .object({
    id: z.number().int(),
    type: z.enum(DOCUMENT_TYPES),
    fileName: z.string(),
    mimeType: z.enum(DOCUMENT_MIME_TYPES),
    size: z.number().int(),
    sha256: z.string(),
    /** Display name of the uploader; null for documents that predate the back-office. */
    uploadedBy: z.string().nullable(),
    createdAt: z.string(),
    /**
     * Relative to the API base (no leading slash): fetch it with the session header and show it
     * from a blob URL. Only groups that may review the account get the bytes.
     */
    url: z.string().meta({ example: 'kyc/documents/12/content', description: 'Relative to the API base' }),
  })
  .meta({ id: 'KycDocument' });

const numberAndLabel = z.object({ number: z.string(), label: z.string() });

const identityView = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** YYYY-MM-DD. */
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
  /** The agent who enrolled the customer, when known. */
  enrollingAgent: numberAndLabel.nullable(),
  registeredBy: z.string().nullable(),
  registeredAt: z.string(),
});

// The rule in contract/kyc.ts computes these: the schema must describe what it returns.
const kycLimitsView = z.object({
  canTransact: z.boolean(),
  dailyLimit: z.number().int().nullable(),
  explanation: text,
}) satisfies z.ZodType<KycLimits>;

const accountDetail = z
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
      limits: kycLimitsView,
    }),
    /**
     * What an approval would leave: the account's status and limits once approved, so the
     * reviewer's dialog says exactly what the approval does, or what remains after it.
     */
    afterApproval: kycLimitsView.extend({ status: z.string() }),
    /** Null for accounts opened before profiles were kept. */
    identity: identityView.nullable(),
    student: z
      .object({ school: z.string(), level: z.string(), guardianPhone: z.string(), onboardedBy: z.string() })
      .nullable(),
    /** Newest first. */
    documents: z.array(documentView),
    requiredDocuments: z.array(z.enum(DOCUMENT_TYPES)),
    /** Required types with no document on file: approval is refused until they are uploaded. */
    missingDocuments: z.array(z.enum(DOCUMENT_TYPES)),
    /** Newest first: the audit trail, so the next reviewer sees why it was rejected. */
    decisions: z.array(decisionView),
    /** What the caller may do here; the API checks again on every call. */
    permissions: z.object({ canDecide: z.boolean(), canApprove: z.boolean(), canUpload: z.boolean() }),
  })
  .meta({ id: 'KycAccountDetail' });

export type KycDecisionView = z.output<typeof decisionView>;
export type KycListRow = z.output<typeof listRow>;
export type KycListPage = z.output<typeof listPage>;
export type KycDocumentView = z.output<typeof documentView>;
export type KycIdentityView = z.output<typeof identityView>;
export type KycAccountDetail = z.output<typeof accountDetail>;

const listKindParam = z.object({
  kind: z.enum(KYC_LIST_KINDS).meta({ example: 'customers', description: 'Partners: administrators only' }),
});

/** Account numbers are a short prefix and a code: CUS-000123, AGT-00001, PRT-00002. */
const accountNumberParam = z.object({
  number: z
    .string()
    .max(48)
    .regex(/^[A-Za-z]{2,5}-[A-Za-z0-9_-]{1,40}$/, 'Not an account number')
    .meta({ example: 'CUS-000042' }),
});

/** The multipart upload: the document's type and the file itself. */
const uploadForm = z.object({
  type: z.enum(DOCUMENT_TYPES),
  file: z
    .instanceof(File, { message: 'Attach the document as the file field' })
    .meta({ type: 'string', format: 'binary', description: 'JPEG, PNG or PDF' }),
});

const common = {
  400: 'Invalid input (VALIDATION_FAILED)',
  401: 'No live session',
  403: 'The caller’s group does not review this kind of account (FORBIDDEN)',
} as const;

export const listKycAccounts = defineOperation({
  method: 'get',
  path: '/kyc/{kind}',
  tags,
  summary: 'One page of a review list: search, KYC status, creation dates, enrolling agent and region',
  params: listKindParam,
  query: kycListQuerySchema,
  answers: { 200: { schema: listPage, description: 'The page and the total of matching accounts' } },
  errors: common,
});

export const getKycAccount = defineOperation({
  method: 'get',
  path: '/kyc/accounts/{number}',
  tags,
  summary: 'Identity, documents, decision history and KYC limits of one account',
  params: accountNumberParam,
  answers: { 200: { schema: accountDetail, description: 'The account under review' } },
  errors: { ...common, 404: 'No customer, agent, merchant or partner has this number (ACCOUNT_NOT_FOUND)' },
});

export const decideKyc = defineOperation({
  method: 'post',
  path: '/kyc/accounts/{number}/decision',
  tags,
  summary: 'Approve, reject (with a reason) or ask for more documents (with a reason); audited',
  params: accountNumberParam,
  body: kycDecisionSchema.meta({ id: 'KycDecisionRequest' }),
  answers: { 200: { schema: accountDetail, description: 'The account after the decision' } },
  errors: {
    ...common,
    403: 'FORBIDDEN, or SELF_APPROVAL: the caller registered the account and may not approve it',
    404: 'ACCOUNT_NOT_FOUND',
    409: 'ACCOUNT_CLOSED; KYC_ALREADY_APPROVED; DOCUMENTS_MISSING (a required document is not on file)',
  },
});

export const uploadKycDocument = defineOperation({
  method: 'post',
  path: '/kyc/accounts/{number}/documents',
  tags,
  summary:
    'Upload a KYC document (multipart: type, file). JPEG, PNG or PDF by content, up to MAX_DOCUMENT_BYTES. An image is stored re-encoded from its pixels (never as uploaded), a PDF as it came. An account asked for more documents goes back to pending.',
  params: accountNumberParam,
  upload: uploadForm,
  answers: { 201: { schema: documentView, description: 'The stored document' } },
  errors: {
    400: 'VALIDATION_FAILED (missing type or file), DOCUMENT_EMPTY',
    401: common[401],
    403: 'The caller’s group may not add documents to this account (FORBIDDEN)',
    404: 'ACCOUNT_NOT_FOUND',
    409: 'ACCOUNT_CLOSED',
    413: 'DOCUMENT_TOO_LARGE',
    415: 'UNSUPPORTED_DOCUMENT_TYPE: the content is not JPEG, PNG or PDF; DOCUMENT_CONTAINS_MARKUP: even re-encoded, the image would hold HTML or script',
    422: 'DOCUMENT_UNREADABLE: a JPEG or PNG that cannot be decoded; DOCUMENT_TOO_MANY_PIXELS: an image above 25 megapixels',
  },
});

export const getKycDocumentContent = defineOperation({
  method: 'get',
  path: '/kyc/documents/{id}/content',
  tags,
  summary:
    'The bytes of a document, never cached, in a sandbox: an image inline, a PDF only as a download; only for groups that review its account',
  params: z.object({ id: idSchema().meta({ example: 12 }) }),
  answers: {
    200: {
      description: 'The document',
      content: {
        'image/jpeg': { schema: { type: 'string', format: 'binary' } },
        'image/png': { schema: { type: 'string', format: 'binary' } },
        'application/pdf': { schema: { type: 'string', format: 'binary' } },
      },
      read: 'blob',
    },
  },
  errors: { ...common, 404: 'DOCUMENT_NOT_FOUND' },
});
