import { z } from 'zod';
import { calendarDaySchema, dateRangeInOrder, noControlCharacters } from './fields';
import type { GroupKey } from './groups';
import { KYC_STATUSES } from './ledger';
import { isReasonLongEnough, REASON_TOO_SHORT } from './reasons';
import { type DocumentType, KYC_DECISIONS, type KycDecision } from './kyc-documents';
import { T, type Text } from './text';

export {
  DEFAULT_MAX_DOCUMENT_BYTES,
  DOCUMENT_ACCEPT,
  DOCUMENT_MIME_TYPES,
  DOCUMENT_TYPES,
  type DocumentMimeType,
  type DocumentType,
  KYC_DECISIONS,
  type KycDecision,
  sniffDocumentType,
} from './kyc-documents';

/**
 * KYC review (docs/kyc-and-registration.md): who may review which accounts, the documents an
 * account needs, what a decision does to the account, and the wire shapes of the review API. The
 * dashboard builds its review pages from these; the API enforces them.
 */

export type KycStatus = (typeof KYC_STATUSES)[number];

// ---- Who reviews what ----

/** The review lists (path segment of GET /rest/kyc/{kind}) and the account kind each holds. */
export const KYC_LIST_KINDS = ['customers', 'agents', 'merchants', 'partners'] as const;
export type KycListKind = (typeof KYC_LIST_KINDS)[number];
export type ReviewedAccountKind = 'customer' | 'agent' | 'merchant' | 'partner';

export const ACCOUNT_KIND_OF_LIST: Record<KycListKind, ReviewedAccountKind> = {
  customers: 'customer',
  agents: 'agent',
  merchants: 'merchant',
  partners: 'partner',
};

/**
 * The menus of docs/product.md. Partners have no menu entry; the list exists so that a partner
 * registered by an administrator can still be reviewed (administrators only).
 */
export const KYC_REVIEWERS: Record<KycListKind, readonly GroupKey[]> = {
  customers: ['admin', 'networkSupervisor', 'kycAdmin', 'zoneSalesManager', 'supportPlus'],
  agents: ['admin', 'networkSupervisor', 'supportPlus'],
  merchants: ['admin', 'networkSupervisor', 'kycAdmin', 'zoneSalesManager', 'supportPlus'],
  partners: ['admin', 'networkSupervisor'],
};

/** /upload-document: these groups add documents to the accounts they may review. */
export const DOCUMENT_UPLOADERS: readonly GroupKey[] = ['admin', 'networkSupervisor', 'zoneSalesManager'];

export function listKindOf(accountKind: string): KycListKind | null {
  const entry = Object.entries(ACCOUNT_KIND_OF_LIST).find(([, kind]) => kind === accountKind);
  return entry ? (entry[0] as KycListKind) : null;
}

/** Reviewing covers reading the identity and documents and deciding (approve, reject, ask for more). */
export function mayReview(group: GroupKey, accountKind: string): boolean {
  const list = listKindOf(accountKind);
  return list !== null && KYC_REVIEWERS[list].includes(group);
}

export function mayUploadDocuments(group: GroupKey, accountKind: string): boolean {
  return DOCUMENT_UPLOADERS.includes(group) && mayReview(group, accountKind);
}

// ---- Documents ----

/** What an account must have on file before it can be approved; the rest may be added. */
export const REQUIRED_DOCUMENTS: Record<ReviewedAccountKind, readonly DocumentType[]> = {
  customer: ['id_front', 'id_back', 'selfie'],
  agent: ['id_front', 'id_back', 'selfie', 'proof_of_address'],
  merchant: ['id_front', 'id_back', 'selfie'],
  partner: ['id_front', 'id_back', 'business_registration'],
};

export const requiredDocumentsOf = (accountKind: string): readonly DocumentType[] =>
  REQUIRED_DOCUMENTS[accountKind as ReviewedAccountKind] ?? [];

// ---- Decisions ----

export const KYC_STATUS_AFTER: Record<KycDecision, KycStatus> = {
  approve: 'approved',
  reject: 'rejected',
  more_documents: 'more_documents',
};

/**
 * Body of POST kyc/accounts/{number}/decision. A rejection or a request for documents must say
 * why (the next reviewer and the customer see it); an approval may carry a note.
 */
export const kycDecisionSchema = z
  .object({
    decision: z.enum(KYC_DECISIONS),
    reason: z
      .string()
      .trim()
      .max(500, 'At most 500 characters')
      .refine((v) => !/\p{Cc}/u.test(v.replace(/[\n\r\t]/g, '')), 'Must not contain control characters')
      .optional(),
  })
  .superRefine((value, ctx) => {
    // A note on an approval, when there is one, is held to the same minimum as a reason.
    const reason = value.reason ?? '';
    if ((value.decision !== 'approve' || reason.length > 0) && !isReasonLongEnough(reason)) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: REASON_TOO_SHORT });
    }
  });
export type KycDecisionRequest = z.input<typeof kycDecisionSchema>;

// ---- What KYC allows ----

export interface KycLimits {
  /** Whether the money-movement API lets this account send or receive money now. */
  canTransact: boolean;
  /** What it may send out per day (integer XOF); null: no per-account daily limit applies. */
  dailyLimit: number | null;
  /** Why, for the reviewer. */
  explanation: Text;
}

/**
 * The same rule as the money-movement engine (server/ledger/rules.ts): an account must be
 * active, and a customer's KYC approved; approved customers are held to the daily limit
 * (CUSTOMER_DAILY_LIMIT_XOF). Agents, merchants and partners are not limited by KYC there;
 * their registration leaves them inactive until a first approval activates them.
 */
export function kycLimits(
  account: { kind: string; status: string; kycStatus: string },
  customerDailyLimit: number,
): KycLimits {
  if (account.status !== 'active') {
    return {
      canTransact: false,
      dailyLimit: 0,
      explanation: T(
        `The account is ${account.status}: it cannot move money.`,
        `Le compte est ${account.status} : il ne peut pas effectuer d’opérations.`,
      ),
    };
  }
  if (account.kind === 'customer') {
    if (account.kycStatus !== 'approved') {
      return {
        canTransact: false,
        dailyLimit: 0,
        explanation: T(
          'Until its KYC is approved, a customer wallet cannot move money.',
          'Tant que son KYC n’est pas approuvé, un portefeuille client ne peut effectuer aucune opération.',
        ),
      };
    }
    return {
      canTransact: true,
      dailyLimit: customerDailyLimit,
      explanation: T(
        'KYC approved: the customer may send up to the daily limit.',
        'KYC approuvé : le client peut envoyer jusqu’à la limite journalière.',
      ),
    };
  }
  return {
    canTransact: true,
    dailyLimit: null,
    explanation: T(
      'An active agent, merchant or partner account is not limited by KYC.',
      'Un compte agent, marchand ou partenaire actif n’est pas limité par le KYC.',
    ),
  };
}

/**
 * The activation status an approval leaves (decision 046): an account that has never been active
 * waits only for its KYC, so a first approval activates it; any other status (blocked,
 * declassified, closed) is someone else's decision and stays.
 */
export function statusAfterApproval(account: { status: string; activatedAt: Date | string | null }): string {
  return account.status === 'inactive' && account.activatedAt === null ? 'active' : account.status;
}

/** What an approval would let the account do, by the same rules as the money-movement engine. */
export function limitsAfterApproval(
  account: { kind: string; status: string; activatedAt: Date | string | null },
  customerDailyLimit: number,
): KycLimits & { status: string } {
  const status = statusAfterApproval(account);
  return { status, ...kycLimits({ kind: account.kind, status, kycStatus: 'approved' }, customerDailyLimit) };
}

// ---- Review list query (GET kyc/{kind}) ----

/** A calendar day, YYYY-MM-DD, that exists (no 30 February) and that the database can hold a day after. */
const day = calendarDaySchema(1900, 2999, 'Not a real date');

export const KYC_LIST_SORTS = ['createdAt', 'name', 'number', 'kycStatus', 'region'] as const;
export type KycListSort = (typeof KYC_LIST_SORTS)[number];
const KYC_MAX_PAGE_SIZE = 200;

export const kycListQuerySchema = z
  .object({
    /** Name, the end of a phone number (4+ digits), an account number, or a national ID number. */
    q: z.string().trim().max(80).refine(noControlCharacters, 'Must not contain control characters').optional(),
    kycStatus: z.enum(KYC_STATUSES).optional(),
    /** Creation date range, inclusive, YYYY-MM-DD (Dakar time is UTC). */
    from: day.optional(),
    to: day.optional(),
    /** Account number of the agent who enrolled the account or is its parent (AGT-00012). */
    agent: z
      .string()
      .trim()
      .regex(/^AGT-\d{1,10}$/i, 'An agent account number such as AGT-00012')
      .optional(),
    /** Matches the account's region or the region of its address, ignoring case. */
    region: z.string().trim().max(40).refine(noControlCharacters, 'Must not contain control characters').optional(),
    /** `true`: leave out the accounts someone else has open ("approve and next" goes past them). */
    skipHeld: z.enum(['true', 'false']).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(KYC_MAX_PAGE_SIZE).default(25),
    sort: z.enum(KYC_LIST_SORTS).default('createdAt'),
    dir: z.enum(['asc', 'desc']).default('desc'),
  })
  .refine(...dateRangeInOrder);
