import { z } from 'zod';

/**
 * One transaction and one account as their detail pages show them (GET transactions/{reference},
 * GET accounts/{number}, GET search). Both sides read these shapes; the API validates its
 * answers' documentation from them.
 */

const party = z.object({ number: z.string(), name: z.string(), phone: z.string().nullable(), kind: z.string() });

/** A page the viewer may go to from here (the API lists only those the viewer's menu reaches). */
const action = z.object({ id: z.enum(['chargeback', 'kycReview', 'print']), path: z.string() });

export const transactionDetailSchema = z.object({
  reference: z.string(),
  type: z.string(),
  service: z.string(),
  status: z.string(),
  channel: z.string(),
  createdAt: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  commission: z.number().int(),
  /** What the payer gave up: amount and fee. */
  total: z.number().int(),
  from: party.nullable(),
  to: party.nullable(),
  initiator: z.string().nullable(),
  bank: z.string().nullable(),
  network: z.string().nullable(),
  member: z.string().nullable(),
  details: z.record(z.string(), z.string()),
  /** Double entry: credits positive, debits negative; they sum to zero. */
  postings: z.array(
    z.object({ number: z.string(), name: z.string(), kind: z.string(), status: z.string(), amount: z.number().int() }),
  ),
  /** Oldest first: made, decided by a checker, charged back. */
  history: z.array(
    z.object({ at: z.string(), status: z.string(), by: z.string().nullable(), note: z.string().nullable() }),
  ),
  approval: z
    .object({
      id: z.number().int(),
      status: z.string(),
      maker: z.string(),
      checker: z.string().nullable(),
      reason: z.string().nullable(),
      decidedAt: z.string().nullable(),
    })
    .nullable(),
  bulk: z
    .object({
      batchId: z.string(),
      kind: z.string(),
      fileName: z.string(),
      status: z.string(),
      rowNo: z.number().int(),
    })
    .nullable(),
  chargebacks: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      reason: z.string(),
      maker: z.string(),
      checker: z.string().nullable(),
      decidedAt: z.string().nullable(),
      reversalReference: z.string().nullable(),
    }),
  ),
  /** Set on a chargeback's reversal: the transaction it gave back. */
  reversalOf: z.string().nullable(),
  actions: z.array(action),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

const historyRow = z.object({
  reference: z.string(),
  createdAt: z.string(),
  type: z.string(),
  status: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  /** in: the account received it; out: it paid. */
  direction: z.enum(['in', 'out']),
  counterparty: party.nullable(),
});

export const accountDetailSchema = z.object({
  number: z.string(),
  holder: z.string(),
  phone: z.string().nullable(),
  kind: z.string(),
  status: z.string(),
  kycStatus: z.string(),
  pinStatus: z.string(),
  region: z.string().nullable(),
  network: z.string().nullable(),
  bank: z.string().nullable(),
  parent: z.object({ number: z.string(), name: z.string() }).nullable(),
  balance: z.number().int(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  lastActivityAt: z.string().nullable(),
  limits: z.object({
    canTransact: z.boolean(),
    dailyLimit: z.number().int().nullable(),
    explanation: z.object({ en: z.string(), fr: z.string() }),
  }),
  registration: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      nationalId: z.string().nullable(),
      registeredBy: z.string().nullable(),
      registeredAt: z.string(),
      enrollingAgent: z.object({ number: z.string(), label: z.string() }).nullable(),
    })
    .nullable(),
  documents: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      fileName: z.string(),
      uploadedBy: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  kycDecisions: z.array(
    z.object({ decision: z.string(), reason: z.string().nullable(), reviewer: z.string(), at: z.string() }),
  ),
  migrations: z.array(
    z.object({
      kind: z.string(),
      fromValue: z.string(),
      toValue: z.string(),
      reason: z.string(),
      by: z.string(),
      at: z.string(),
    }),
  ),
  qrCodes: z.array(
    z.object({
      code: z.string(),
      amount: z.number().int().nullable(),
      createdAt: z.string(),
      unlinkedAt: z.string().nullable(),
    }),
  ),
  /** Newest first, only those the viewer's reports list. */
  transactions: z.object({
    rows: z.array(historyRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  actions: z.array(action),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;

export const searchResultSchema = z.object({
  accounts: z.array(
    z.object({ number: z.string(), holder: z.string(), phone: z.string().nullable(), kind: z.string() }),
  ),
  transactions: z.array(
    z.object({
      reference: z.string(),
      createdAt: z.string(),
      amount: z.number().int(),
      status: z.string(),
      from: z.string().nullable(),
      to: z.string().nullable(),
    }),
  ),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * The people a name search may mean (GET search/parties): a shared name is several wallets, so
 * the searcher picks one and the report narrows to that account.
 */
export const partySuggestionsSchema = z.object({ parties: z.array(party) });
export type PartySuggestion = z.infer<typeof party>;
export type PartySuggestions = z.infer<typeof partySuggestionsSchema>;

/** The account kinds that are people or shops, as opposed to the system's own floats. */
export const PARTY_KINDS = ['customer', 'agent', 'merchant'] as const;

/** How many matches of each kind the header search shows. */
export const SEARCH_LIMIT = 10;
