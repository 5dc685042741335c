import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { IMMEDIATE_EXPORT_MAX_ROWS } from '../../../contract/api/reports';
import { findReport, type ReportDef } from '../../../contract/reports';
import type { Db } from '../../db/database';
import { exportJobs } from '../../db/schema';
import type { Clock } from '../../http/clock';
import type { SessionUser } from '../../lib/session-user';
import type { Logger } from '../../http/logger';
import { createJobWorker, type Lease, leaseOwner } from '../../jobs/lease';
import type { Cell } from '../../lib/csv-cell';
import { type ExportColumn, exportCell, exportColumns } from './export-cells';
import { dropExportFile, exportFileSink, storeFileChunk } from './export-file';
import { writeCsvByCopy } from './export-csv';
import { exportFacts } from './export-facts';
import { writeXlsxByCopy, writeXlsxFromRows } from './export-xlsx';
import { copyStreams } from '../../db/copy-to';
import type { BuiltReport } from './query';
import { columnCatalogue, countRows, prepareReport, reportRows } from './run';

/** The export's rows as cells, chunk by chunk. */
async function* cellChunks(
  db: Db,
  built: BuiltReport,
  report: ReportDef,
  columns: readonly ExportColumn[],
  lang: 'en' | 'fr',
): AsyncGenerator<Cell[][]> {
  for await (const rows of reportRows(db, built, report)) {
    yield rows.map((row) => columns.map((c) => exportCell(c, row[c.key], lang)));
  }
}

/** The export's first chunk of rows as cells: what the XLSX's column widths are measured on. */
async function firstCells(...args: Parameters<typeof cellChunks>): Promise<Cell[][]> {
  for await (const cells of cellChunks(...args)) return cells;
  return [];
}

type Job = typeof exportJobs.$inferSelect;

/** Thrown out of a write when the job must stop: the server is stopping or lost the job. */
class ExportStopped extends Error {}

/** What an export file is made of: the screen it was asked from. */
export interface ExportSpec {
  reportId: string;
  format: 'csv' | 'xlsx';
  /** Filters and order (`sort`, `dir`), empty values left out. */
  filters: Record<string, string>;
  columns: readonly string[];
  language: 'en' | 'fr';
}

const canonical = (filters: Record<string, string>) =>
  JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));

function sameFile(job: Job, spec: ExportSpec): boolean {
  return (
    job.language === spec.language &&
    canonical(job.filters) === canonical(spec.filters) &&
    JSON.stringify(job.columns ?? []) === JSON.stringify(spec.columns)
  );
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

/**
 * Runs report exports, writing the file into the database while reading the result in chunks:
 * small ones in the request that asked, the others in the background on whichever server claims
 * the job (server/jobs/lease.ts). A job left
 * unfinished by a stopped or dead server is claimed again and starts from the beginning.
 */
export function createExportRunner(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** The job's user as a session would see them: the export shows what they may see. */
  userFor: (userId: number) => Promise<SessionUser | null>;
  /** Counts the rows written, for the metrics. */
  onRows?: (count: number) => void;
}) {
  const { db, clock, logger } = deps;
  // One creation at a time, so two identical requests arriving together make one job.
  let creating = Promise.resolve();

  async function findOrCreate(user: SessionUser, spec: ExportSpec, count: { rows: number; askedAt: Date }) {
    const pending = await db
      .select()
      .from(exportJobs)
      .where(
        and(
          eq(exportJobs.userId, user.userId),
          eq(exportJobs.reportId, spec.reportId),
          eq(exportJobs.format, spec.format),
          inArray(exportJobs.status, ['queued', 'running']),
        ),
      );
    const same = pending.find((job) => sameFile(job, spec));
    if (same) return { job: same, reused: true, now: false };
    const now = count.rows <= IMMEDIATE_EXPORT_MAX_ROWS;
    const [job] = await db
      .insert(exportJobs)
      .values({
        id: randomUUID(),
        userId: user.userId,
        reportId: spec.reportId,
        format: spec.format,
        filters: spec.filters,
        columns: [...spec.columns],
        language: spec.language,
        status: 'queued',
        rowsTotal: count.rows,
        downloadKey: randomBytes(24).toString('base64url'),
        createdAt: count.askedAt,
        // A small export is stored claimed, so the request that asked for it runs it.
        ...(now ? worker.heldLease() : {}),
      })
      .returning();
    if (!job) throw new Error('export job not stored');
    if (!now) worker.wake();
    return { job, reused: false, now };
  }

  async function run(id: string, lease: Lease) {
    const [job] = await db.select().from(exportJobs).where(eq(exportJobs.id, id));
    if (!job) return;
    const user = await deps.userFor(job.userId);
    if (!user) throw new Error(`The user of export ${id} no longer exists.`);
    const report = findReport(job.reportId);
    if (!report) throw new Error(`Unknown report ${job.reportId}`);
    const built = await prepareReport(db, report, user, job.filters);
    // Counted when the job was asked for (to choose between now and the background).
    const total = job.rowsTotal ?? (await countRows(db, built));
    await db
      .update(exportJobs)
      .set({ status: 'running', rowsTotal: total, rowsDone: 0 })
      .where(eq(exportJobs.id, job.id));
    // A job started again (after a stop) writes its file from the beginning.
    await dropExportFile(db, job.id);
    const lang: 'en' | 'fr' = job.language === 'fr' ? 'fr' : 'en';
    const keys = job.columns?.length ? job.columns : (report.columns as readonly string[]);
    const catalogue = columnCatalogue(report);
    const columns = exportColumns(report, catalogue, keys, lang);
    const facts = exportFacts({ report, catalogue, filters: job.filters, maker: user, madeAt: job.createdAt, lang });
    const sink = exportFileSink((seq, data) => storeFileChunk(db, { jobId: job.id, owner: lease.owner, seq, data }));
    const picked = { ...built, columns: columns.flatMap((c) => built.columns.filter((b) => b.key === c.key)) };
    // Stopping, or lost to another server: the job is released and starts again there.
    const stopped = () => worker.stopping() || !lease.held();
    let done = 0;
    const progress = async (rowsDone: number) => {
      if (stopped()) throw new ExportStopped();
      deps.onRows?.(rowsDone - done);
      done = rowsDone;
      await db.update(exportJobs).set({ rowsDone }).where(eq(exportJobs.id, job.id));
    };
    try {
      if (job.format === 'csv') {
        const rows = await writeCsvByCopy({ db, built: picked, columns, lang, facts, file: sink.stream, progress });
        deps.onRows?.(rows - done);
        done = rows;
      } else {
        const sheetName = report.title[lang];
        const target = { db, built: picked, columns, lang, facts, file: sink.stream, progress, sheetName };
        // PostgreSQL writes the rows' XML faster than Node; PGlite's WebAssembly, slower.
        const rows = copyStreams(db)
          ? await writeXlsxByCopy({ ...target, sample: await firstCells(db, picked, report, columns, lang) })
          : await writeXlsxFromRows(target, cellChunks(db, picked, report, columns, lang));
        deps.onRows?.(rows - done);
        done = rows;
      }
    } catch (error) {
      if (error instanceof ExportStopped) return;
      throw error;
    }
    sink.check();
    await db
      .update(exportJobs)
      .set({ status: 'done', rowsDone: done, finishedAt: clock.now(), fileBytes: sink.bytes() })
      .where(and(eq(exportJobs.id, job.id), eq(exportJobs.leaseOwner, lease.owner)));
  }

  async function fail(id: string, error: unknown, lease: Lease) {
    logger.error('export failed', { jobId: id, error: String(error) });
    if (!lease.held()) return;
    await dropExportFile(db, id);
    await db
      .update(exportJobs)
      .set({ status: 'failed', error: 'The export could not be completed.', finishedAt: clock.now() })
      .where(and(eq(exportJobs.id, id), eq(exportJobs.leaseOwner, lease.owner)));
  }

  const worker = createJobWorker({
    db,
    logger,
    kind: { table: 'export_jobs', statuses: ['queued', 'running'] },
    owner: leaseOwner('export'),
    run,
    fail,
  });

  return {
    /**
     * A new job, or the same user's queued or running job for the very same file (report,
     * format, filters, order, columns, language), so a second click does not run it twice. A new
     * job of at most IMMEDIATE_EXPORT_MAX_ROWS rows is run before this resolves (`now`), and
     * answered as it ended; a larger one is queued.
     */
    async create(user: SessionUser, request: ExportSpec) {
      const askedAt = clock.now();
      const report = findReport(request.reportId);
      if (!report) throw new Error(`Unknown report ${request.reportId}`);
      const rows = await countRows(db, await prepareReport(db, report, user, request.filters));
      const created = creating.then(() => findOrCreate(user, request, { rows, askedAt }));
      creating = created.then(
        () => undefined,
        () => undefined,
      );
      const { job, reused, now } = await created;
      if (!now) return { job, reused, now };
      await worker.runNow(job.id);
      const [ended] = await db.select().from(exportJobs).where(eq(exportJobs.id, job.id));
      return { job: ended ?? job, reused, now };
    },
    /** Claims what a stopped server left queued or running, here or on any server. */
    resume: async () => worker.wake(),
    /** Looks for jobs every `pollMs`, for those queued on other servers or left by a dead one. */
    start: (pollMs: number) => worker.start(pollMs),
    list: (userId: number) =>
      db.select().from(exportJobs).where(eq(exportJobs.userId, userId)).orderBy(desc(exportJobs.createdAt)).limit(20),
    get: async (userId: number, id: string) =>
      (
        await db
          .select()
          .from(exportJobs)
          .where(and(eq(exportJobs.id, id), eq(exportJobs.userId, userId)))
      )[0],
    /** Resolves when no export is under way here (tests and shutdown). */
    idle: () => worker.idle(),
    /** Claims nothing more; the export under way stops and is released for another server. */
    stop: () => worker.stop(),
  };
}

export type ExportRunner = ReturnType<typeof createExportRunner>;
