import { z } from 'zod';
import { dateRangeInOrder } from '../fields';
import { TOTAL_STATUSES } from '../totals';
import { defineOperation } from './operation';
import { accountNumberText, calendarDay, idSchema, searchText } from './schema-parts';

const tags = ['Reports'];

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
  account: accountNumberText().optional().meta({ description: 'One account number: rows it paid or received' }),
});

const reportQuery = reportFilters
  .extend({
    sort: word.optional(),
    dir: z.enum(['asc', 'desc']).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(10).max(200).default(50),
  })
  .refine(...dateRangeInOrder);

const statusTotal = z
  .object({
    status: z.enum(TOTAL_STATUSES),
    count: z.number().int(),
    amount: z.number().meta({ description: 'Volume (sum of amounts), in XOF' }),
  })
  .meta({ id: 'StatusTotal' });

const reportPage = z
  .object({
    rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
    total: z.number().int().meta({ description: 'Every matching row, whatever its status: what the pages count' }),
    page: z.number().int(),
    pageSize: z.number().int(),
    totals: z.record(z.string(), z.number()).meta({
      description:
        'Count and sums of the matching rows. Of transactions: of the successful ones only, or of the filtered status when `status` is set',
    }),
    byStatus: z.array(statusTotal).optional().meta({
      description:
        'Transaction reports: the count and volume of each status, successful first, then failed, reversed and pending; only the filtered status when `status` is set',
    }),
  })
  .meta({ id: 'ReportPage' });

const exportFormat = z.enum(['csv', 'xlsx']);

/**
 * An export of at most this many rows is written while its request waits and answered finished,
 * with its link, so the dashboard downloads it on the same click. Five thousand rows are one chunk
 * of the export's reader and take well under a second either way (about 0.05 s as CSV and 0.25 s
 * as XLSX on PGlite, the slower engine, at docs/performance.md's rates); more go to the background.
 */
export const IMMEDIATE_EXPORT_MAX_ROWS = 5_000;

const exportJob = z
  .object({
    id: z.string(),
    reportId: z.string(),
    format: exportFormat,
    status: z.enum(['queued', 'running', 'done', 'failed']),
    rowsDone: z.number().int(),
    rowsTotal: z.number().int().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    error: z.string().nullable(),
    /** The server's link once done, opened as it is: the client never builds it. */
    downloadUrl: z.string().nullable(),
  })
  .meta({ id: 'ExportJob' });

const exportRequest = z
  .object({
    format: exportFormat,
    filters: reportFilters.default({}),
    columns: z
      .array(word.min(1))
      .min(1)
      .max(40)
      .optional()
      .meta({ description: "The screen's visible columns in their order; the report's columns when left out" }),
    sort: word.optional().meta({ description: "The screen's sort column; the report's default order when left out" }),
    dir: z.enum(['asc', 'desc']).optional(),
    language: z.enum(['en', 'fr']).default('en').meta({
      description: 'Language of the file: headers, labels, and for the CSV its separator (`;` in French) and dates',
    }),
  })
  .meta({ id: 'ExportRequest' });

/** One page of a report's rows and the totals of every matching row. */
export type ReportPage = z.output<typeof reportPage>;
/** One background export (`POST /reports/{reportId}/exports`, `GET /exports`). */
export type ExportJob = z.output<typeof exportJob>;
export type ExportFormat = z.output<typeof exportFormat>;
/** The screen an export is asked from: the file follows it (docs/reports-and-ledger.md). */
export type ExportRequest = z.input<typeof exportRequest>;

/** The signed link's parts: the session it stands for, until when, and its signature. */
export const downloadQuery = z.object({
  session: idSchema().optional(),
  expires: z.coerce.number().int().positive().max(1e11).optional(),
  sig: z.string().max(100).optional(),
});

const reportId = z.object({ reportId: z.string().max(80).meta({ example: 'transaction-report' }) });
const jobId = z.object({ id: z.string().uuid() });

export const listReportRows = defineOperation({
  method: 'get',
  path: '/reports/{reportId}',
  tags,
  summary: 'One page of a report, with its totals over the whole filtered result',
  params: reportId,
  query: reportQuery,
  answers: { 200: { schema: reportPage, description: 'Rows of the requested page and totals of every matching row' } },
  errors: {
    400: 'Invalid filters',
    401: 'No live session',
    403: 'The caller’s group may not open this report, or another bank’s or member’s rows',
    404: 'No such report',
  },
});

export const createExport = defineOperation({
  method: 'post',
  path: '/reports/{reportId}/exports',
  tags,
  summary:
    'Export the whole filtered result (CSV or XLSX, no row cap): a small one at once, a larger one in the background',
  params: reportId,
  body: exportRequest,
  answers: {
    200: { schema: exportJob, description: 'The same user’s identical export, already queued or running' },
    201: {
      schema: exportJob,
      description: `A small export (at most ${IMMEDIATE_EXPORT_MAX_ROWS} rows), written during the request: done, with its downloadUrl (or failed)`,
    },
    202: { schema: exportJob, description: 'The export job, queued' },
  },
  errors: {
    400: 'Invalid request; MEMBER_REQUIRED for a member report without memberId',
    403: 'Not allowed: the report, or the member (memberId) is not associated with the caller',
    404: 'No such report',
  },
});

export const listExports = defineOperation({
  method: 'get',
  path: '/exports',
  tags,
  summary: "The caller's recent export jobs, newest first",
  answers: { 200: { schema: z.object({ jobs: z.array(exportJob) }), description: 'Recent jobs' } },
  errors: {},
});

export const getExport = defineOperation({
  method: 'get',
  path: '/exports/{id}',
  tags,
  summary: 'One export job and its progress',
  params: jobId,
  answers: { 200: { schema: exportJob, description: 'The job' } },
  errors: { 404: 'No such job of yours' },
});

export const downloadExport = defineOperation({
  method: 'get',
  path: '/exports/{id}/download',
  tags,
  summary:
    "The finished file, for its owner's live session: the session header, or the job's downloadUrl (signed for the session that read it, valid 5 minutes, dead after sign-out)",
  // The session header, or none: the signed link in the query stands for the session.
  session: 'if-any',
  params: jobId,
  query: downloadQuery,
  answers: { 200: { description: 'The CSV or XLSX file', read: 'blob' } },
  errors: { 404: 'Unknown job, not finished, or no live session of its owner (expired or wrong link)' },
});
