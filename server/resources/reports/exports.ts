import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { findReport } from '../../../contract/reports';
import type { Db } from '../../db/database';
import { exportJobs } from '../../db/schema';
import type { Clock } from '../../http/clock';
import type { SessionUser } from '../../lib/session-user';
import type { Logger } from '../../http/logger';
import { XlsxWriter } from '../../lib/xlsx-writer';
import { columnCatalogue, countRows, prepareReport, reportRows } from './run';

type Job = typeof exportJobs.$inferSelect;

export function exportFile(dir: string, job: Pick<Job, 'id' | 'format'>) {
  return join(dir, `${job.id}.${job.format}`);
}

export function jobView(job: Job) {
  return {
    id: job.id,
    reportId: job.reportId,
    format: job.format as 'csv' | 'xlsx',
    status: job.status as 'queued' | 'running' | 'done' | 'failed',
    rowsDone: job.rowsDone,
    rowsTotal: job.rowsTotal,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    error: job.error,
    downloadUrl:
      job.status === 'done' ? `/rest/exports/${job.id}/download?key=${encodeURIComponent(job.downloadKey)}` : null,
  };
}

export const csvCell = (value: string | number | null) => {
  if (value === null) return '';
  const text = String(value);
  // Quote what needs it, and defuse spreadsheet formulas in text cells.
  const safe = typeof value === 'string' && /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * Runs report exports in the background, one at a time per server, writing to a file
 * while reading the result in chunks. Jobs left unfinished by a stop are run again at start.
 */
export function createExportRunner(deps: { db: Db; clock: Clock; logger: Logger; dir: string }) {
  const { db, clock, logger, dir } = deps;
  let queue = Promise.resolve();

  async function process(job: Job, user: SessionUser) {
    const report = findReport(job.reportId);
    if (!report) throw new Error(`Unknown report ${job.reportId}`);
    const built = await prepareReport(db, report, user, job.filters);
    const total = await countRows(db, built);
    await db
      .update(exportJobs)
      .set({ status: 'running', rowsTotal: total, rowsDone: 0 })
      .where(eq(exportJobs.id, job.id));
    mkdirSync(dir, { recursive: true });
    const file = createWriteStream(exportFile(dir, job));
    const sink = (chunk: Buffer | string) =>
      new Promise<void>((resolve, reject) => {
        file.write(chunk, (error) => (error ? reject(error) : resolve()));
      });
    const catalogue = columnCatalogue(report);
    const keys = report.columns as readonly string[];
    const headers = keys.map((k) => catalogue[k]?.title.en ?? k);
    let done = 0;
    try {
      if (job.format === 'xlsx') {
        const xlsx = new XlsxWriter(sink, report.title.en);
        await xlsx.start(headers);
        for await (const rows of reportRows(db, built, report)) {
          for (const row of rows) await xlsx.addRow(keys.map((k) => row[k] ?? null));
          done += rows.length;
          await db.update(exportJobs).set({ rowsDone: done }).where(eq(exportJobs.id, job.id));
        }
        await xlsx.finish();
      } else {
        // A BOM so spreadsheet programs read the French accents as UTF-8.
        await sink(`\uFEFF${headers.map(csvCell).join(',')}\r\n`);
        for await (const rows of reportRows(db, built, report)) {
          await sink(`${rows.map((row) => keys.map((k) => csvCell(row[k] ?? null)).join(',')).join('\r\n')}\r\n`);
          done += rows.length;
          await db.update(exportJobs).set({ rowsDone: done }).where(eq(exportJobs.id, job.id));
        }
      }
    } finally {
      await new Promise<void>((resolve) => file.end(resolve));
    }
    await db
      .update(exportJobs)
      .set({ status: 'done', rowsDone: done, finishedAt: clock.now() })
      .where(eq(exportJobs.id, job.id));
  }

  function enqueue(job: Job, user: SessionUser) {
    queue = queue.then(() =>
      process(job, user).catch(async (error: unknown) => {
        logger.error('export failed', { jobId: job.id, error: String(error) });
        rmSync(exportFile(dir, job), { force: true });
        await db
          .update(exportJobs)
          .set({ status: 'failed', error: 'The export could not be completed.', finishedAt: clock.now() })
          .where(eq(exportJobs.id, job.id))
          .catch(() => undefined);
      }),
    );
    return queue;
  }

  return {
    async create(user: SessionUser, reportId: string, format: 'csv' | 'xlsx', filters: Record<string, string>) {
      const key = randomBytes(24).toString('base64url');
      const [job] = await db
        .insert(exportJobs)
        .values({
          id: randomUUID(),
          userId: user.userId,
          reportId,
          format,
          filters,
          status: 'queued',
          downloadKey: key,
          createdAt: clock.now(),
        })
        .returning();
      if (!job) throw new Error('export job not stored');
      void enqueue(job, user);
      return job;
    },
    /** Re-runs what a previous process left queued or running. */
    async resume(userFor: (userId: number) => Promise<SessionUser | null>) {
      const pending = await db
        .select()
        .from(exportJobs)
        .where(inArray(exportJobs.status, ['queued', 'running']))
        .orderBy(exportJobs.createdAt);
      for (const job of pending) {
        const user = await userFor(job.userId);
        if (user) void enqueue(job, user);
      }
    },
    list: (userId: number) =>
      db.select().from(exportJobs).where(eq(exportJobs.userId, userId)).orderBy(desc(exportJobs.createdAt)).limit(20),
    get: async (userId: number, id: string) =>
      (
        await db
          .select()
          .from(exportJobs)
          .where(and(eq(exportJobs.id, id), eq(exportJobs.userId, userId)))
      )[0],
    /** Resolves when every queued export has finished (tests and shutdown). */
    idle: () => queue,
  };
}

export type ExportRunner = ReturnType<typeof createExportRunner>;
