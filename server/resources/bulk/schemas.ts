import { z } from '@hono/zod-openapi';
import { BATCH_STATUSES, BULK_KINDS, MAX_BULK_ROWS, ROW_ERROR_CODES } from '../../../contract/bulk';
import { noControlCharacters } from '../../http/params';

/** The request and answer shapes of the bulk operations, as the OpenAPI document names them. */

export const kindParam = z.object({ kind: z.enum(BULK_KINDS).openapi({ param: { name: 'kind', in: 'path' } }) });
export const idParam = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: 'id', in: 'path' } }),
});

const cell = z
  .string()
  .max(200)
  .refine(...noControlCharacters);
export const rowSchema = z.object({
  rowNo: z.number().int().min(2).max(10_000_000),
  values: z.record(z.string().max(40), cell),
});

export const checkBody = z
  .object({
    fileName: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .refine(...noControlCharacters),
    source: z
      .string()
      .trim()
      .max(40)
      .refine(...noControlCharacters)
      .optional(),
    rows: z.array(rowSchema).min(1).max(MAX_BULK_ROWS),
  })
  .refine((body) => new Set(body.rows.map((r) => r.rowNo)).size === body.rows.length, {
    message: 'each rowNo must be unique',
    path: ['rows'],
  })
  .openapi('BulkCheckRequest');

const rowError = z.object({
  rowNo: z.number().int(),
  field: z.string().nullable(),
  code: z.enum(ROW_ERROR_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

const nameWarning = z.object({
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
    amount: z.number().int().openapi({ description: 'The amount where the override strays furthest from its band' }),
    fee: z.number().int().openapi({ description: 'What the override charges on that amount' }),
    bandMinFee: z.number().int(),
    bandMaxFee: z.number().int(),
  })
  .openapi('FeeBandWarning');

const rowWarning = z.discriminatedUnion('code', [nameWarning, feeBandWarning]);

export const checkResult = z
  .object({
    errors: z.array(rowError),
    warnings: z.array(rowWarning),
    totals: z.object({
      rows: z.number().int(),
      payable: z.number().int(),
      amount: z.number().int(),
      fees: z.number().int(),
    }),
    batchError: z
      .object({
        code: z.enum(['SOURCE_FUNDS', 'SOURCE_NOT_FOUND', 'SOURCE_REQUIRED']),
        available: z.number().int().optional(),
      })
      .nullable(),
  })
  .openapi('BulkCheckResult');

export const batchSchema = z
  .object({
    id: z.string(),
    kind: z.enum(BULK_KINDS),
    fileName: z.string(),
    status: z.enum(BATCH_STATUSES),
    maker: z.string(),
    canDecide: z.boolean(),
    mine: z.boolean(),
    source: z.string().nullable(),
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
    warnings: z.array(rowWarning).optional(),
  })
  .openapi('BulkBatch');

export const decisionBody = z
  .discriminatedUnion('decision', [
    z.object({ decision: z.literal('approve') }),
    z.object({
      decision: z.literal('reject'),
      reason: z
        .string()
        .trim()
        .min(3)
        .max(500)
        .refine(...noControlCharacters),
    }),
  ])
  .openapi('BulkDecision');
