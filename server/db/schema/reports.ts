import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea, leaseColumns } from './columns';
import { accounts, users } from './core';

/** Report sources beyond the ledger, and the report exports run in the background. */

/** Customers asking to close their account (the "Closed Account Request" report). */
export const closureRequests = pgTable(
  'closure_requests',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('closure_requests_created_idx').on(t.createdAt)],
);

/** Report exports run in the background; the page lists them, so a reload loses nothing. */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reportId: text('report_id').notNull(),
    format: text('format').notNull(),
    /** The screen's filters and its order (`sort`, `dir`). */
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    /** The screen's visible columns in their order; null for jobs from before the screen was followed. */
    columns: jsonb('columns').$type<string[]>(),
    /** The language of the headers and labels. */
    language: text('language').notNull().default('en'),
    status: text('status').notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    /**
     * A random key per job, no longer accepted for downloads: links are signed for a live
     * session and expire (resources/reports/download-link.ts).
     */
    downloadKey: text('download_key').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The finished file's size, for Content-Length: its bytes are in export_file_chunks. */
    fileBytes: bigint('file_bytes', { mode: 'number' }),
    ...leaseColumns(),
  },
  (t) => [
    index('export_jobs_user_created_idx').on(t.userId, t.createdAt),
    index('export_jobs_status_idx').on(t.status),
  ],
);

/**
 * A finished export's file, in pieces of about 1 MB, so every server sharing the database can
 * serve it and a download streams piece by piece. Purged with its job after the retention period.
 */
export const exportFileChunks = pgTable(
  'export_file_chunks',
  {
    jobId: text('job_id')
      .notNull()
      .references(() => exportJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
