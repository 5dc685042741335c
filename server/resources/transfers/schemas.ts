import { z } from '@hono/zod-openapi';
import { looksLikePhone, normaliseSenegalMobile } from '../../../contract/senegal-mobile';
import {
  TRANSFER_FLOW_IDS,
  type TransferOptions,
  type TransferParty,
  type TransferQuote,
  type TransferRequest,
  type TransferResult,
  type WithdrawalCodeCheck,
} from '../../../contract/transfers';
import { noControlCharacters } from '../../http/params';

/** Account numbers are a short prefix and a code: CUS-000123, AGT-00001, CHN-M1, PRT-PAYROLL. */
const ACCOUNT_NUMBER = /^[A-Za-z]{2,5}-[A-Za-z0-9_-]{1,40}$/;

export const flowIdParam = z.object({
  flowId: z
    .string()
    .max(40)
    .openapi({ example: 'agent-cash-in', description: TRANSFER_FLOW_IDS.join(', ') }),
});

export const referenceParam = z.object({
  reference: z
    .string()
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/, 'Unexpected characters')
    .openapi({ example: 'TR26112200000001' }),
});

const counterparty = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .refine(...noControlCharacters)
  .superRefine((v, ctx) => {
    if (looksLikePhone(v) && normaliseSenegalMobile(v) === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter a Senegalese mobile number: +221 7X XXX XX XX' });
    } else if (!looksLikePhone(v) && !ACCOUNT_NUMBER.test(v)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a phone number (+221 7X XXX XX XX) or an account number' });
    }
  })
  .openapi({
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
  .openapi({ example: 'BIS', description: 'Bank code (admin float flows) or payroll partner account number' });
const withdrawalCode = z
  .string()
  .regex(/^\d{6}$/, 'The withdrawal code has 6 digits')
  .openapi({ description: 'Cash-out: the one-time code the customer generated' });

export const transferRequest: z.ZodType<TransferRequest> = z
  .object({
    counterparty: counterparty.optional(),
    amount: z
      .number()
      .int('Amounts are whole XOF: the franc has no minor unit')
      .positive('The amount must be more than zero')
      .max(1_000_000_000_000)
      .openapi({ example: 25_000, description: 'Integer XOF' }),
    source: source.optional(),
    withdrawalCode: withdrawalCode.optional(),
    note: z
      .string()
      .trim()
      .max(200)
      .refine(...noControlCharacters)
      .optional(),
  })
  .openapi('TransferRequest');

export const withdrawalCodeCheck: z.ZodType<WithdrawalCodeCheck> = z
  .object({ counterparty, source: source.optional(), withdrawalCode })
  .openapi('WithdrawalCodeCheck');

export const withdrawalCodeAnswer = z.object({ valid: z.boolean() }).openapi('WithdrawalCodeAnswer');

const party: z.ZodType<TransferParty> = z
  .object({
    number: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    kind: z.string(),
    balance: z.number().int().optional(),
    operator: z.string().optional(),
  })
  .openapi('TransferParty');

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

export const transferQuote: z.ZodType<TransferQuote> = z.object(quoteShape).openapi('TransferQuote');

export const transferResult: z.ZodType<TransferResult> = z
  .object({
    ...quoteShape,
    status: z.enum(['success', 'pending']),
    reference: z.string(),
    approvalId: z.number().int().nullable(),
    createdAt: z.string(),
    initiator: z.string(),
    channel: z.string(),
  })
  .openapi('TransferResult');

export const transferOptions: z.ZodType<TransferOptions> = z
  .object({
    ownAccount: party.nullable(),
    banks: z.array(z.object({ code: z.string(), name: z.string() })),
    partners: z.array(party),
    counterparties: z.array(party),
    approvalThreshold: z.number().int(),
  })
  .openapi('TransferOptions');

export const idempotencyHeader = z.object({
  'idempotency-key': z
    .string({ error: 'Send a UUID in the Idempotency-Key header' })
    .uuid('The Idempotency-Key header must be a UUID')
    .openapi({
      description: 'Idempotency-Key: a UUID per transfer; send the same one again to retry safely',
      example: '3f0c9d52-8d1e-4a43-9a57-0e3f9a2b7c11',
    }),
});
