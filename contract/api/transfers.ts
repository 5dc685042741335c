import { z } from 'zod';
import { noControlCharacters } from '../fields';
import { looksLikePhone, normaliseSenegalMobile } from '../senegal-mobile';
import { TRANSFER_FLOW_IDS } from '../transfers';
import { defineOperation } from './operation';

const tags = ['Transfers'];

/** `.refine(...controlFree)`: PostgreSQL text cannot hold NUL, so text that reaches it refuses control characters. */
export const controlFree = [noControlCharacters, 'must not contain control characters'] as const;

/** Account numbers are a short prefix and a code: CUS-000123, AGT-00001, CHN-M1, PRT-PAYROLL. */
const ACCOUNT_NUMBER = /^[A-Za-z]{2,5}-[A-Za-z0-9_-]{1,40}$/;

const flowIdParam = z.object({
  flowId: z
    .string()
    .max(40)
    .meta({ example: 'agent-cash-in', description: TRANSFER_FLOW_IDS.join(', ') }),
});

const referenceParam = z.object({
  reference: z
    .string()
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/, 'Unexpected characters')
    .meta({ example: 'TR26112200000001' }),
});

const counterparty = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .refine(...controlFree)
  .superRefine((v, ctx) => {
    if (looksLikePhone(v) && normaliseSenegalMobile(v) === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter a Senegalese mobile number: +221 7X XXX XX XX' });
    } else if (!looksLikePhone(v) && !ACCOUNT_NUMBER.test(v)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a phone number (+221 7X XXX XX XX) or an account number' });
    }
  })
  .meta({
    example: '+221 77 123 45 67',
    description:
      'Phone in any usual Senegalese form (+221 77 123 45 67, 77 123 45 67, 771234567) or account number; the child account number',
  });
const source = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'Unexpected characters')
  .meta({ example: 'BIS', description: 'Bank code (admin float flows) or payroll partner account number' });
const withdrawalCode = z
  .string()
  .regex(/^\d{6}$/, 'The withdrawal code has 6 digits')
  .meta({ description: 'Cash-out: the one-time code the customer generated' });

/**
 * Body of a quote and of a submission. `counterparty`: for `childAccount` the chosen child's
 * number, left out for `parentAccount`; `source`: a bank code (`bankFloat`, admins) or a partner
 * account number (`partner`).
 */
const transferRequest = z
  .object({
    counterparty: counterparty.optional(),
    amount: z
      .number()
      .int('Amounts are whole XOF: the franc has no minor unit')
      .positive('The amount must be more than zero')
      .max(1_000_000_000_000)
      .meta({ example: 25_000, description: 'Integer XOF' }),
    source: source.optional(),
    withdrawalCode: withdrawalCode.optional(),
    note: z
      .string()
      .trim()
      .max(200)
      .refine(...controlFree)
      .optional(),
  })
  .meta({ id: 'TransferRequest' });

/** Is this the customer's live code? `source`: for admins, the bank whose float takes the e-money back. */
const withdrawalCodeCheck = z
  .object({ counterparty, source: source.optional(), withdrawalCode })
  .meta({ id: 'WithdrawalCodeCheck' });

const withdrawalCodeAnswer = z.object({ valid: z.boolean() }).meta({ id: 'WithdrawalCodeAnswer' });

/**
 * One side of a transfer as the reviewer sees it. `balance` only for the caller's own side (or
 * an admin): never another customer's. `operator`: on the caller's own agent till, the person
 * operating it (the signed-in user), since the till's name is the till's, not who stands at it.
 */
const party = z
  .object({
    number: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    kind: z.string(),
    balance: z.number().int().optional(),
    operator: z.string().optional(),
  })
  .meta({ id: 'TransferParty' });

/**
 * `destination`: the account credited (for `counterparty` sources, the destination). `total`:
 * what leaves the debited account, amount + fee. `balanceAfter`: the debited account's balance
 * after posting, when the caller may see it.
 */
const quoteShape = {
  flow: z.enum(TRANSFER_FLOW_IDS),
  source: party,
  counterparty: party,
  destination: party,
  amount: z.number().int(),
  fee: z.number().int(),
  commission: z.number().int(),
  total: z.number().int(),
  balanceAfter: z.number().int().nullable(),
  needsApproval: z.boolean(),
};

const transferQuote = z.object(quoteShape).meta({ id: 'TransferQuote' });

/**
 * `pending` waits for a checker; `approvalId` is then its approval request. `note`: what the
 * maker typed for the customer, printed on both copies of the receipt.
 */
const transferResult = z
  .object({
    ...quoteShape,
    status: z.enum(['success', 'pending']),
    reference: z.string(),
    approvalId: z.number().int().nullable(),
    createdAt: z.string(),
    initiator: z.string(),
    channel: z.string(),
    note: z.string().nullable(),
  })
  .meta({ id: 'TransferResult' });

/**
 * The amounts a flow takes now, whole XOF, both ends included: its fee schedule's bands capped
 * by the largest transfer. A quote or submission outside it is refused with AMOUNT_OUT_OF_RANGE
 * naming the same two figures.
 */
const amountRange = z
  .object({ min: z.number().int(), max: z.number().int() })
  .meta({ id: 'AmountRange', example: { min: 100, max: 2_000_000 } });

/**
 * The choices the form offers: the caller's own debited account (when the flow uses it), banks
 * for admin `bankFloat` flows, payroll partners, the children (`childAccount`) or the parent
 * (`parentAccount`), the amount above which a transfer waits for a checker, and the range of
 * amounts the flow takes.
 */
const transferOptions = z
  .object({
    ownAccount: party.nullable(),
    banks: z.array(z.object({ code: z.string(), name: z.string() })),
    partners: z.array(party),
    counterparties: z.array(party),
    approvalThreshold: z.number().int(),
    amountRange,
  })
  .meta({ id: 'TransferOptions' });

const idempotencyHeader = z.object({
  'idempotency-key': z
    .string({ error: 'Send a UUID in the Idempotency-Key header' })
    .uuid('The Idempotency-Key header must be a UUID')
    .meta({
      description: 'Idempotency-Key: a UUID per transfer; send the same one again to retry safely',
      example: '3f0c9d52-8d1e-4a43-9a57-0e3f9a2b7c11',
    }),
});

export type TransferParty = z.output<typeof party>;
export type TransferRequest = z.output<typeof transferRequest>;
export type WithdrawalCodeCheck = z.output<typeof withdrawalCodeCheck>;
export type TransferQuote = z.output<typeof transferQuote>;
export type TransferResult = z.output<typeof transferResult>;
export type TransferOptions = z.output<typeof transferOptions>;
export type AmountRange = z.output<typeof amountRange>;

const refusals = {
  400: 'Invalid input, or a field the flow needs is missing',
  401: 'No live session',
  403: 'The caller’s group may not start this flow (FORBIDDEN)',
  404: 'Unknown flow, beneficiary (COUNTERPARTY_NOT_FOUND) or source (SOURCE_NOT_FOUND)',
  422: 'A business rule refuses it: INSUFFICIENT_FUNDS, ACCOUNT_BLOCKED, ACCOUNT_CLOSED, ACCOUNT_INACTIVE, KYC_NOT_APPROVED, DAILY_LIMIT_EXCEEDED, AMOUNT_OUT_OF_RANGE, SAME_ACCOUNT, COUNTERPARTY_AMBIGUOUS, NO_OWN_ACCOUNT',
} as const;

export const getTransferOptions = defineOperation({
  method: 'get',
  path: '/transfers/{flowId}/options',
  tags,
  summary: 'The choices the form of a flow offers the caller (own account, banks, payroll partners, chain accounts)',
  params: flowIdParam,
  answers: { 200: { schema: transferOptions, description: 'The choices' } },
  errors: { 401: refusals[401], 403: refusals[403], 404: 'Unknown flow' },
});

export const quoteTransfer = defineOperation({
  method: 'post',
  path: '/transfers/{flowId}/quote',
  tags,
  summary:
    'What a transfer would do: the accounts, fee, commission and total, checked against the rules. Nothing moves.',
  params: flowIdParam,
  body: transferRequest,
  answers: { 200: { schema: transferQuote, description: 'The quote' } },
  errors: refusals,
});

export const checkWithdrawalCode = defineOperation({
  method: 'post',
  path: '/transfers/{flowId}/withdrawal-code',
  tags,
  summary:
    'Whether the customer’s withdrawal code is right, before the review step. Spends nothing; a wrong code counts toward the same attempt limit as a cash-out, and a locked, expired or used code is answered as not right.',
  params: flowIdParam,
  body: withdrawalCodeCheck,
  answers: { 200: { schema: withdrawalCodeAnswer, description: 'Right (valid true) or not right (valid false)' } },
  errors: {
    400: refusals[400],
    401: refusals[401],
    403: refusals[403],
    404: 'Unknown flow, a flow without withdrawal code, or no such wallet (COUNTERPARTY_NOT_FOUND)',
    422: 'COUNTERPARTY_AMBIGUOUS, NO_OWN_ACCOUNT, SAME_ACCOUNT',
  },
});

export const submitTransfer = defineOperation({
  method: 'post',
  path: '/transfers/{flowId}',
  tags,
  summary:
    'Moves the money, or leaves it pending for a checker. The Idempotency-Key (a UUID) makes a repeat safe: the same key and body answer 200 with the first result and move nothing.',
  params: flowIdParam,
  headers: idempotencyHeader,
  body: transferRequest,
  answers: {
    201: { schema: transferResult, description: 'Posted (status success) or waiting for a checker (status pending)' },
    200: { schema: transferResult, description: 'A repeat of an Idempotency-Key: the first result, unchanged' },
  },
  errors: {
    ...refusals,
    422: `${refusals[422]}; WITHDRAWAL_CODE_INVALID, WITHDRAWAL_CODE_EXPIRED, WITHDRAWAL_CODE_USED, WITHDRAWAL_CODE_LOCKED; IDEMPOTENCY_KEY_REUSED (the key was sent with another body)`,
  },
});

export const getTransferReceipt = defineOperation({
  method: 'get',
  path: '/transfer-receipts/{reference}',
  tags,
  summary: 'The receipt of a transfer, for its maker, administrators and the checkers of its bank',
  params: referenceParam,
  answers: { 200: { schema: transferResult, description: 'The receipt' } },
  errors: {
    401: refusals[401],
    403: 'The caller’s menu has no transfer page (FORBIDDEN)',
    404: 'No transfer the caller may read has this reference (TRANSFER_NOT_FOUND): someone else’s answers exactly like none',
    409: 'The transfer was rejected or expired (TRANSFER_NOT_COMPLETED)',
  },
});
