import { z } from 'zod';
import {
  BATCH_STATUSES,
  BULK_KINDS,
  type FeeBandWarning,
  MAX_BULK_ROWS,
  ROW_ERROR_CODES,
  type RowError,
  type RowWarning,
} from '../bulk';
import { noControlCharacters } from '../fields';
import { requiredReason } from '../reasons';
import { defineOperation } from './operation';

const tags = ['Bulk operations'];

/** PostgreSQL text cannot hold NUL: text that reaches the database refuses control characters. */
const controlFree = [noControlCharacters, 'must not contain control characters'] as const;

const kindParam = z.object({ kind: z.enum(BULK_KINDS) });
const batchIdParam = z.object({ id: z.string().uuid() });

const cell = z
  .string()
  .max(200)
  .refine(...controlFree);
const row = z.object({
  rowNo: z.number().int().min(2).max(10_000_000),
  values: z.record(z.string().max(40), cell),
});

const checkBody = z
  .object({
    fileName: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .refine(...controlFree),
    /** Bulk payment by an admin: the payroll partner account that pays. */
    source: z
      .string()
      .trim()
      .max(40)
      .refine(...controlFree)
      .optional(),
    rows: z.array(row).min(1).max(MAX_BULK_ROWS),
  })
  .refine((body) => new Set(body.rows.map((r) => r.rowNo)).size === body.rows.length, {
    message: 'each rowNo must be unique',
    path: ['rows'],
  })
  .meta({ id: 'BulkCheckRequest' });

const rowError = z.object({
  rowNo: z.number().int(),
  field: z.string().nullable(),
  code: z.enum(ROW_ERROR_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
}) satisfies z.ZodType<RowError>;

export const nameWarning = z.object({
  rowNo: z.number().int(),
  code: z.literal('NAME_MISMATCH'),
  name: z.string(),
  holder: z.string(),
});

export const feeBandWarning = z
  .object({
    rowNo: z.number().int(),
    code: z.literal('FEE_OUT_OF_BAND'),
    account: z.string(),
    flow: z.string(),
    amount: z.number().int().meta({ description: 'The amount where the override strays furthest from its band' }),
    fee: z.number().int().meta({ description: 'What the override charges on that amount' }),
    bandMinFee: z.number().int(),
    bandMaxFee: z.number().int(),
  })
  .meta({ id: 'FeeBandWarning' }) satisfies z.ZodType<FeeBandWarning>;

const rowWarning = z.discriminatedUnion('code', [nameWarning, feeBandWarning]) satisfies z.ZodType<RowWarning>;

const checkResult = z
  .object({
    errors: z.array(rowError),
    warnings: z.array(rowWarning),
    /** Every row of the file; the payable ones (without errors), and their amount and fees. */
    totals: z.object({
      rows: z.number().int(),
      payable: z.number().int(),
      amount: z.number().int(),
      fees: z.number().int(),
    }),
    /** A problem of the batch as a whole, e.g. the paying account cannot cover the total. */
    batchError: z
      .object({
        code: z.enum(['SOURCE_FUNDS', 'SOURCE_NOT_FOUND', 'SOURCE_REQUIRED']),
        available: z.number().int().optional(),
      })
      .nullable(),
  })
  .meta({ id: 'BulkCheckResult' });

const batch = z
  .object({
    id: z.string(),
    kind: z.enum(BULK_KINDS),
    fileName: z.string(),
    status: z.enum(BATCH_STATUSES),
    maker: z.string(),
    /** Whether the caller may approve or reject it (a second person with the right). */
    canDecide: z.boolean(),
    mine: z.boolean(),
    source: z.string().nullable(),
    /** The paying account's name, which people read; `source` is its number. */
    sourceName: z.string().nullable(),
    rowsTotal: z.number().int(),
    rowsDone: z.number().int(),
    rowsFailed: z.number().int(),
    totalAmount: z.number().int(),
    totalFees: z.number().int(),
    checker: z.string().nullable(),
    reason: z.string().nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    /** The batch's rows whose name differs from the wallet holder's (one batch's view only, not lists). */
    warnings: z.array(rowWarning).optional(),
  })
  .meta({ id: 'BulkBatch' });

/** A checker's decision on a batch that waits; a rejection says why. */
export const batchDecisionBody = z
  .discriminatedUnion('decision', [
    z.object({ decision: z.literal('approve') }),
    z.object({
      decision: z.literal('reject'),
      reason: requiredReason(500).refine(...controlFree),
    }),
  ])
  .meta({ id: 'BulkDecision' });

/** False `created`: this very file had been sent before, and the existing batch is answered. */
const submitted = z.object({ batch, created: z.boolean() });

const payer = z.object({ number: z.string(), label: z.string() });
const payers = z.object({ own: payer.nullable(), partners: z.array(payer) });

export type BulkCheckRequest = z.input<typeof checkBody>;
export type BulkCheckResult = z.output<typeof checkResult>;
export type BulkBatchView = z.output<typeof batch>;
export type BulkSubmitResult = z.output<typeof submitted>;
export type BatchDecision = z.output<typeof batchDecisionBody>;
/** Who may pay a bulk payment: an agent's own till, or the employer accounts an admin picks from. */
export type BulkPayers = z.output<typeof payers>;

const refusals = {
  400: 'VALIDATION_FAILED',
  401: 'No live session',
  403: 'FORBIDDEN: the caller’s group may not run this operation',
} as const;

export const checkBulkRows = defineOperation({
  method: 'post',
  path: '/bulk/{kind}/check',
  tags,
  summary:
    'Validate a file’s rows without storing anything: each row’s errors (format, duplicates, unknown wallet, account or bank, fee range), and the totals',
  params: kindParam,
  body: checkBody,
  answers: { 200: { schema: checkResult, description: 'Errors and totals' } },
  errors: { ...refusals, 413: 'Too large' },
});

export const submitBulkBatch = defineOperation({
  method: 'post',
  path: '/bulk/{kind}/batches',
  tags,
  summary:
    'Store a batch, validated again. The same rows sent again by the same user answer the existing batch (200). A bulk payment, fee override or fee removal waits for a second administrator (202); a bank change starts at once (201).',
  params: kindParam,
  body: checkBody,
  answers: {
    201: { schema: submitted, description: 'The new batch, queued' },
    202: {
      schema: submitted,
      description: 'The new batch, waiting for a second administrator: nothing is applied before',
    },
    200: { schema: submitted, description: 'This file’s existing batch' },
  },
  errors: {
    ...refusals,
    413: 'Too large',
    422: 'BULK_ROWS_INVALID (check again), SOURCE_FUNDS, SOURCE_NOT_FOUND or SOURCE_REQUIRED',
  },
});

export const listBulkBatches = defineOperation({
  method: 'get',
  path: '/bulk/{kind}/batches',
  tags,
  summary: 'Recent batches of an operation: the caller’s own, and for admins everyone’s (the ones to approve first)',
  params: kindParam,
  answers: { 200: { schema: z.object({ batches: z.array(batch) }), description: 'Batches' } },
  errors: refusals,
});

export const getBulkBatch = defineOperation({
  method: 'get',
  path: '/bulk-batches/{id}',
  tags,
  summary: 'One batch and its progress (rows done, rows failed)',
  params: batchIdParam,
  answers: { 200: { schema: batch, description: 'The batch' } },
  errors: { ...refusals, 404: 'BATCH_NOT_FOUND' },
});

export const decideBulkBatch = defineOperation({
  method: 'post',
  path: '/bulk-batches/{id}/decision',
  tags,
  summary:
    'Approve or reject a batch that waits (bulk payment, fee override, fee removal). Never by its maker; only while it waits, before it expires.',
  params: batchIdParam,
  body: batchDecisionBody,
  answers: { 200: { schema: batch, description: 'The decided batch' } },
  errors: { ...refusals, 404: 'BATCH_NOT_FOUND', 409: 'BATCH_ALREADY_DECIDED or REQUEST_EXPIRED' },
});

export const bulkBatchResults = defineOperation({
  method: 'get',
  path: '/bulk-batches/{id}/results',
  tags,
  summary: 'Every row’s result as CSV: its values, status, transaction reference and error',
  params: batchIdParam,
  answers: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } }, read: 'blob' } },
  errors: { ...refusals, 404: 'BATCH_NOT_FOUND' },
});

export const listBulkPayers = defineOperation({
  method: 'get',
  path: '/bulk/payment/payers',
  tags,
  summary: 'Who can pay a bulk payment: the agent’s own account, or the employer accounts an admin chooses from',
  answers: {
    200: { schema: payers, description: 'Payers' },
  },
  errors: refusals,
});
