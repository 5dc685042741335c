import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import * as operations from '../../../contract/api/reports';
import { groupKeyForId } from '../../../contract/groups';
import { findReport } from '../../../contract/reports';
import { menuProfileName } from '../../../contract/staff-users';
import { exportJobs, users } from '../../db/schema';
import { ApiError, notFoundError } from '../../lib/api-error';
import type { AppEnv } from '../../http/env';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { permissionGroup, requireSession } from '../../http/session';
import { mayDownload, signedDownloadUrl } from './download-link';
import { readExportFile } from './export-file';
import { jobView } from './exports';
import { runReportPage } from './run';
import { checkAccess, resolveScope } from '../../domain/report-scope/scope';

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

  router.openapi(routeFor(operations.listReportRows), async (c) => {
    const def = report(c.req.valid('param').reportId);
    const { db, reportTotals } = c.get('deps');
    const page = await runReportPage(db, def, c.get('user'), c.req.valid('query'), reportTotals);
    return c.json({ status: true as const, payload: page }, 200);
  });

  router.openapi(routeFor(operations.createExport), async (c) => {
    const def = report(c.req.valid('param').reportId);
    const { format, filters, columns, sort, dir, language } = c.req.valid('json');
    const { db, exports } = c.get('deps');
    await checkAccess(def, c.get('user'), db);
    const known = def.columns as readonly string[];
    // A name search adds the matched account, so the file says which wallet each row is.
    const offered = def.source === 'transactions' && filters.q ? [...known, 'party'] : known;
    const unknown = [...(columns ?? []), ...(sort ? [sort] : [])].find(
      (key) => !(key === sort ? known : offered).includes(key),
    );
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
    const { job, reused, now } = await exports.create(c.get('user'), {
      reportId: def.id,
      format,
      filters: clean,
      columns: columns ?? known,
      language,
    });
    // An identical export already under way is answered as it is, not queued again; a small one, finished.
    return c.json({ status: true as const, payload: view(c, job) }, reused ? 200 : now ? 201 : 202);
  });

  router.openapi(routeFor(operations.listExports), async (c) => {
    const jobs = await c.get('deps').exports.list(c.get('user').userId);
    return c.json({ status: true as const, payload: { jobs: jobs.map((job) => view(c, job)) } }, 200);
  });

  router.openapi(routeFor(operations.getExport), async (c) => {
    const job = await c.get('deps').exports.get(c.get('user').userId, c.req.valid('param').id);
    if (!job) throw notFoundError('There is no such export.');
    return c.json({ status: true as const, payload: view(c, job) }, 200);
  });

  router.openapi(routeFor(operations.downloadExport), async (c) => {
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
