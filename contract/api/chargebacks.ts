import { z } from 'zod';
import {
  CHARGEBACK_REFUSALS,
  CHARGEBACK_STATUSES,
  chargebackDecisionSchema,
  chargebackRequestSchema,
  referenceSchema,
} from '../chargebacks';
import { listQuerySchema } from './list-query';
import { defineOperation } from './operation';
import { idSchema } from './schema-parts';

const tags = ['Chargebacks'];

const partyView = z.object({ number: z.string(), name: z.string(), phone: z.string().nullable(), kind: z.string() });

/**
 * A transaction as the maker checks it before asking, and as the checker sees it. A posting's
 * `status` is its account's now: a closed account can no longer give or take money back.
 */
const transactionView = z
  .object({
    reference: z.string(),
    type: z.string(),
    service: z.string(),
    status: z.string(),
    amount: z.number().int(),
    fee: z.number().int(),
    commission: z.number().int(),
    createdAt: z.string(),
    from: partyView.nullable(),
    to: partyView.nullable(),
    postings: z
      .array(
        z.object({
          number: z.string(),
          name: z.string(),
          kind: z.string(),
          status: z.string(),
          amount: z.number().int(),
        }),
      )
      .meta({ description: 'What the transaction did to each account: credits positive, debits negative' }),
  })
  .meta({ id: 'ChargebackTransaction' });

/** `reversalReference` once approved; `canDecide`: pending, and not the caller's own. */
const chargebackView = z
  .object({
    id: z.number().int(),
    status: z.enum(CHARGEBACK_STATUSES),
    reason: z.string(),
    maker: z.string(),
    createdAt: z.string(),
    checker: z.string().nullable(),
    decisionReason: z.string().nullable(),
    decidedAt: z.string().nullable(),
    original: transactionView,
    reversalReference: z.string().nullable(),
    canDecide: z.boolean(),
  })
  .meta({ id: 'Chargeback' });

/** `existing`: a chargeback already pending or approved for it; `refusal`: why it cannot be charged back. */
const lookupView = z
  .object({
    transaction: transactionView,
    existing: z.object({ id: z.number().int(), status: z.enum(CHARGEBACK_STATUSES) }).nullable(),
    refusal: z.object({ code: z.enum(CHARGEBACK_REFUSALS), message: z.string() }).nullable(),
  })
  .meta({ id: 'ChargebackLookup' });

const chargebackPage = z.object({
  rows: z.array(chargebackView),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

const listQuery = listQuerySchema({
  statuses: CHARGEBACK_STATUSES,
  statusDescription: 'One status; left out, empty or `all`: every status',
  searchDescription: 'A reference (original or reversal), the maker, or words of the reason',
});

export type ChargebackParty = z.output<typeof partyView>;
export type ChargebackTransaction = z.output<typeof transactionView>;
/** What a transaction did to one account: credits positive, debits negative. */
export type PostingLine = ChargebackTransaction['postings'][number];
export type ChargebackView = z.output<typeof chargebackView>;
export type ChargebackLookup = z.output<typeof lookupView>;
export type ChargebackPage = z.output<typeof chargebackPage>;

const refusals = {
  400: 'VALIDATION_FAILED',
  401: 'No live session',
  403: 'Only support-plus and the admin menu’s groups handle chargebacks (FORBIDDEN)',
} as const;

export const lookupChargebackTransaction = defineOperation({
  method: 'get',
  path: '/chargeback-transactions/{reference}',
  tags,
  summary: 'A transaction by its reference, with its postings and whether it can be charged back',
  params: z.object({ reference: referenceSchema.meta({ example: 'TR26112200000042' }) }),
  answers: { 200: { schema: lookupView, description: 'The transaction' } },
  errors: { ...refusals, 404: 'TRANSACTION_NOT_FOUND' },
});

export const listChargebacks = defineOperation({
  method: 'get',
  path: '/chargebacks',
  tags,
  summary: 'Chargebacks newest first, with the original transaction and whether the caller may decide each',
  query: listQuery,
  answers: { 200: { schema: chargebackPage, description: 'One page' } },
  errors: refusals,
});

export const requestChargeback = defineOperation({
  method: 'post',
  path: '/chargebacks',
  tags,
  summary: 'Ask for a chargeback of a successful transaction, with a reason; it waits for a checker',
  body: chargebackRequestSchema,
  answers: { 201: { schema: chargebackView, description: 'The pending chargeback' } },
  errors: {
    ...refusals,
    404: 'TRANSACTION_NOT_FOUND',
    409: 'TRANSACTION_NOT_SUCCESSFUL; CHARGEBACK_OF_REVERSAL; NOT_REVERSIBLE (an opening balance); ACCOUNT_CLOSED; CHARGEBACK_EXISTS (one is pending or approved)',
  },
});

export const decideChargeback = defineOperation({
  method: 'post',
  path: '/chargebacks/{id}/decision',
  tags,
  summary:
    'Approve (posts the reversal: a new chargeback transaction with the opposite postings, fees and commissions included) or reject, with a reason; not by the maker',
  params: z.object({ id: idSchema().meta({ example: 1 }) }),
  body: chargebackDecisionSchema,
  answers: { 200: { schema: chargebackView, description: 'The chargeback after the decision' } },
  errors: {
    ...refusals,
    403: 'FORBIDDEN; MAKER_CANNOT_DECIDE',
    404: 'CHARGEBACK_NOT_FOUND',
    409: 'CHARGEBACK_ALREADY_DECIDED; CHARGEBACK_INSUFFICIENT_FUNDS or ACCOUNT_CLOSED (the chargeback stays pending)',
  },
});
