import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { groupKeyForId } from '../../../contract/groups';
import { findReport } from '../../../contract/reports';
import { menuProfileName } from '../../../contract/staff-users';
import { exportJobs, users } from '../../db/schema';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import { ApiError, notFoundError } from '../../lib/api-error';
import type { AppEnv } from '../../http/env';
import { createRouter } from '../../http/openapi';
import { SESSION_IF_ANY } from '../../http/openapi-document';
import { permissionGroup, requireSession } from '../../http/session';
import { downloadQuery, mayDownload, signedDownloadUrl } from './download-link';
import { readExportFile } from './export-file';
import { jobView } from './exports';
import { runReportPage } from './run';
import { exportJob, exportRequest, reportPage, reportQuery } from './schemas';
import { checkAccess, resolveScope } from '../../domain/report-scope/scope';

const reportIdParam = z.object({ reportId: z.string().max(80).openapi({ example: 'transaction-report' }) });
const jobIdParam = z.object({ id: z.string().uuid() });

const listRoute = createRoute({
  method: 'get',
  path: '/reports/{reportId}',
  tags: ['Reports'],
  summary: 'One page of a report, with its totals over the whole filtered result',
  security: [{ session: [] }],
  request: { params: reportIdParam, query: reportQuery },
  responses: {
    200: jsonSuccess(reportPage, 'Rows of the requested page and totals of every matching row'),
    400: errorResponse('Invalid filters'),
    401: errorResponse('No live session'),
    403: errorResponse('The caller’s group may not open this report, or another bank’s or member’s rows'),
    404: errorResponse('No such report'),
  },
});

const createExportRoute = createRoute({
  method: 'post',
  path: '/reports/{reportId}/exports',
  tags: ['Reports'],
  summary: 'Start a background export of the whole filtered result (CSV or XLSX, no row cap)',
  security: [{ session: [] }],
  request: {
    params: reportIdParam,
    body: { content: { 'application/json': { schema: exportRequest } }, required: true },
  },
  responses: {
    200: jsonSuccess(exportJob, 'The same user’s identical export, already queued or running'),
    202: jsonSuccess(exportJob, 'The export job, queued'),
    400: errorResponse('Invalid request; MEMBER_REQUIRED for a member report without memberId'),
    403: errorResponse('Not allowed: the report, or the member (memberId) is not associated with the caller'),
    404: errorResponse('No such report'),
  },
});

const listExportsRoute = createRoute({
  method: 'get',
  path: '/exports',
  tags: ['Reports'],
  summary: "The caller's recent export jobs, newest first",
  security: [{ session: [] }],
  responses: { 200: jsonSuccess(z.object({ jobs: z.array(exportJob) }), 'Recent jobs') },
});

const getExportRoute = createRoute({
  method: 'get',
  path: '/exports/{id}',
  tags: ['Reports'],
  summary: 'One export job and its progress',
  security: [{ session: [] }],
  request: { params: jobIdParam },
  responses: { 200: jsonSuccess(exportJob, 'The job'), 404: errorResponse('No such job of yours') },
});

const downloadRoute = createRoute({
  method: 'get',
  path: '/exports/{id}/download',
  tags: ['Reports'],
  summary:
    "The finished file, for its owner's live session: the session header, or the job's downloadUrl (signed for the session that read it, valid 5 minutes, dead after sign-out)",
  // The session header, or none: the signed link in the query stands for the session.
  security: SESSION_IF_ANY,
  request: { params: jobIdParam, query: downloadQuery },
  responses: {
    200: { description: 'The CSV or XLSX file' },
    404: errorResponse('Unknown job, not finished, or no live session of its owner (expired or wrong link)'),
  },
});

/** A job as its owner's session sees it: the download link is signed for that session. */
function view(c: Context<AppEnv>, job: Parameters<typeof jobView>[0]) {
  const shown = jobView(job);
  return { ...shown, downloadUrl: shown.downloadUrl === null ? null : signedDownloadUrl(c, job.id) };
}

function report(reportId: string) {
  const def = findReport(reportId);
  if (!def) throw notFoundError('There is no such report.');
  return def;
}

export function reportRoutes() {
  const router = createRouter();
  router.use('/reports/*', requireSession());
  router.use('/exports', requireSession());
  router.use('/exports/:id', requireSession());

  router.openapi(listRoute, async (c) => {
    const def = report(c.req.valid('param').reportId);
    const { db, reportTotals } = c.get('deps');
    const page = await runReportPage(db, def, c.get('user'), c.req.valid('query'), reportTotals);
    return c.json({ status: true as const, payload: page }, 200);
  });

  router.openapi(createExportRoute, async (c) => {
    const def = report(c.req.valid('param').reportId);
    const { format, filters, columns, sort, dir, language } = c.req.valid('json');
    const { db, exports } = c.get('deps');
    await checkAccess(def, c.get('user'), db);
    const known = def.columns as readonly string[];
    const unknown = [...(columns ?? []), ...(sort ? [sort] : [])].find((key) => !known.includes(key));
    if (unknown)
      throw new ApiError(
        400,
        'VALIDATION_FAILED',
        'Invalid input',
        `columns: ${unknown} is not a column of this report`,
      );
    if (columns && new Set(columns).size !== columns.length) {
      throw new ApiError(400, 'VALIDATION_FAILED', 'Invalid input', 'columns: a column is listed twice');
    }
    const order = sort ? { sort, dir: dir ?? 'asc' } : {};
    const clean = Object.fromEntries(
      Object.entries({ ...filters, ...order }).filter(([, v]) => v !== undefined && v !== ''),
    ) as Record<string, string>;
    // A member-scoped report checks the member now: an export of a member not the caller's is a 403, not a failed job.
    await resolveScope(def, c.get('user'), db, clean.memberId);
    const { job, reused } = await exports.create(c.get('user'), {
      reportId: def.id,
      format,
      filters: clean,
      columns: columns ?? known,
      language,
    });
    // An identical export already under way is answered as it is, not queued again.
    return c.json({ status: true as const, payload: view(c, job) }, reused ? 200 : 202);
  });

  router.openapi(listExportsRoute, async (c) => {
    const jobs = await c.get('deps').exports.list(c.get('user').userId);
    return c.json({ status: true as const, payload: { jobs: jobs.map((job) => view(c, job)) } }, 200);
  });

  router.openapi(getExportRoute, async (c) => {
    const job = await c.get('deps').exports.get(c.get('user').userId, c.req.valid('param').id);
    if (!job) throw notFoundError('There is no such export.');
    return c.json({ status: true as const, payload: view(c, job) }, 200);
  });

  router.openapi(downloadRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.get('deps');
    const [job] = await db.select().from(exportJobs).where(eq(exportJobs.id, id));
    if (job?.status !== 'done' || job.fileBytes === null || !(await mayDownload(c, job, c.req.valid('query')))) {
      throw notFoundError('This export is not available.');
    }
    const date = job.createdAt.toISOString().slice(0, 10);
    return new Response(readExportFile(db, job.id), {
      status: 200,
      headers: {
        'Content-Type':
          job.format === 'xlsx'
            ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            : 'text/csv; charset=utf-8',
        'Content-Length': String(job.fileBytes),
        'Content-Disposition': `attachment; filename="${job.reportId}-${date}.${job.format}"`,
        'Cache-Control': 'private, no-store',
      },
    }) as never;
  });

  return router;
}

/** The session user behind a stored job, for resuming exports after a restart. */
export function userLoader(deps: {
  db: import('../../db/database').Db;
  groupIds: import('../../../contract/groups').GroupIdTable;
}) {
  return async (userId: number) => {
    const [u] = await deps.db.select().from(users).where(eq(users.id, userId));
    if (!u) return null;
    return {
      sessionId: 0,
      userId: u.id,
      username: u.username,
      name: u.name,
      groupId: u.groupId,
      group: permissionGroup(groupKeyForId(u.groupId, deps.groupIds)),
      bankId: u.bankId,
      profileName: menuProfileName(u),
    };
  };
}
