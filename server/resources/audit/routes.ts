import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_VIEWERS,
  type AuditFilters,
  auditExportQuerySchema,
  auditQuerySchema,
} from '../../../contract/audit';
import { recordAudit } from '../../domain/audit/record';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { requireSession } from '../../http/session';
import { auditActions, countAuditEvents, exportTooLarge, listAuditEvents, writeAuditExport } from './audit';

const TAGS = ['Audit trail'];

const eventView = z
  .object({
    id: z.number().int(),
    at: z.string().openapi({ format: 'date-time' }),
    user: z.object({ id: z.number().int(), username: z.string(), name: z.string() }).nullable(),
    channel: z.string(),
    action: z.string().openapi({ example: 'bank.create' }),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    requestId: z.string().nullable(),
  })
  .openapi('AuditEvent');

const refusals = {
  401: errorResponse('No live session'),
  403: errorResponse('Only the groups with the admin menu read the audit trail (FORBIDDEN)'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/audit-events',
  tags: TAGS,
  summary:
    'Who did what, when and through which channel, newest first; filter by user (username or name), action (bank.create, or a namespace: bank), channel and days',
  security: [{ session: [] }],
  request: { query: auditQuerySchema },
  responses: {
    200: jsonSuccess(
      z.object({
        rows: z.array(eventView),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
      'One page of events',
    ),
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
  },
});

const actionsRoute = createRoute({
  method: 'get',
  path: '/audit-events/actions',
  tags: TAGS,
  summary: 'Every action recorded so far (the action filter’s choices)',
  security: [{ session: [] }],
  responses: {
    200: jsonSuccess(z.object({ actions: z.array(z.string()) }), 'The actions'),
    ...refusals,
  },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/audit-events/export',
  tags: TAGS,
  summary: `Download the filtered events as CSV or XLSX (${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows at most). The export itself is audited (audit.export).`,
  security: [{ session: [] }],
  request: { query: auditExportQuerySchema },
  responses: {
    200: {
      description: 'The file (attachment)',
      content: {
        'text/csv': { schema: { type: 'string' } },
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
          schema: { type: 'string', format: 'binary' },
        },
      },
    },
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
    422: errorResponse('EXPORT_TOO_LARGE'),
  },
});

const viewersOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!AUDIT_VIEWERS.includes(c.get('user').group)) {
    throw forbiddenError('Only administrators read the audit trail.');
  }
  await next();
};

const CONTENT_TYPE = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export function auditRoutes() {
  const router = createRouter();
  for (const path of ['/audit-events', '/audit-events/*']) {
    router.use(path, requireSession());
    router.use(path, viewersOnly);
  }

  router.openapi(listRoute, async (c) => {
    const payload = await listAuditEvents(c.get('deps').db, c.req.valid('query'));
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(actionsRoute, async (c) => {
    const actions = await auditActions(c.get('deps').db);
    return c.json({ status: true as const, payload: { actions } }, 200);
  });

  router.openapi(exportRoute, async (c) => {
    const { db, clock, logger } = c.get('deps');
    const { format, ...query } = c.req.valid('query');
    const filters: AuditFilters = query;
    const total = await countAuditEvents(db, filters);
    if (total > AUDIT_EXPORT_MAX_ROWS) throw exportTooLarge(total);
    // Recorded first, so the file itself lists its own export.
    await recordAudit(c, db, {
      action: 'audit.export',
      targetType: 'auditTrail',
      details: { format, matched: total, filters: Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) },
    });
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    writeAuditExport(db, filters, format, (chunk) => writer.write(chunk)).then(
      () => writer.close(),
      (error: unknown) => {
        logger.error('audit export failed', { error: String(error) });
        return writer.abort(error);
      },
    );
    const day = clock.now().toISOString().slice(0, 10);
    return new Response(readable, {
      status: 200,
      headers: {
        'Content-Type': CONTENT_TYPE[format],
        'Content-Disposition': `attachment; filename="audit-trail-${day}.${format}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    }) as never;
  });

  return router;
}
