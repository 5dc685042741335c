import { z } from '@hono/zod-openapi';
import { dateRangeInOrder } from '../../../contract/fields';
import { calendarDay, searchText } from '../../http/params';

const day = calendarDay();
const word = z
  .string()
  .trim()
  .max(40)
  .regex(/^[\w-]*$/, 'Unexpected characters');

/** The filters every report understands; each report uses the ones its definition lists. */
export const reportFilters = z.object({
  from: day.optional(),
  to: day.optional(),
  status: word.optional(),
  service: word.optional(),
  type: word.optional(),
  bank: word.optional(),
  network: word.optional(),
  kycStatus: word.optional(),
  accountStatus: word.optional(),
  memberId: word.optional(),
  q: searchText().optional(),
});

export const reportQuery = reportFilters
  .extend({
    sort: word.optional(),
    dir: z.enum(['asc', 'desc']).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(10).max(200).default(50),
  })
  .refine(...dateRangeInOrder);

export const reportPage = z
  .object({
    rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    totals: z.record(z.string(), z.number()),
  })
  .openapi('ReportPage');

export const exportJob = z
  .object({
    id: z.string(),
    reportId: z.string(),
    format: z.enum(['csv', 'xlsx']),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    rowsDone: z.number().int(),
    rowsTotal: z.number().int().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    error: z.string().nullable(),
    downloadUrl: z.string().nullable(),
  })
  .openapi('ExportJob');

export const exportRequest = z
  .object({
    format: z.enum(['csv', 'xlsx']),
    filters: reportFilters.default({}),
    columns: z
      .array(word.min(1))
      .min(1)
      .max(40)
      .optional()
      .openapi({ description: "The screen's visible columns in their order; the report's columns when left out" }),
    sort: word
      .optional()
      .openapi({ description: "The screen's sort column; the report's default order when left out" }),
    dir: z.enum(['asc', 'desc']).optional(),
    language: z.enum(['en', 'fr']).default('en').openapi({ description: 'Language of the headers and value labels' }),
  })
  .openapi('ExportRequest');
