import type { MiddlewareHandler } from 'hono';
import * as operations from '../../../contract/api/audit';
import { AUDIT_EXPORT_MAX_ROWS, AUDIT_VIEWERS, type AuditFilters } from '../../../contract/audit';
import { recordAudit } from '../../domain/audit/record';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { auditActions, countAuditEvents, exportTooLarge, listAuditEvents, writeAuditExport } from './audit';

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

  router.openapi(routeFor(operations.listAuditEvents), async (c) => {
    const payload = await listAuditEvents(c.get('deps').db, c.req.valid('query'));
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.listAuditActions), async (c) => {
    const actions = await auditActions(c.get('deps').db);
    return c.json({ status: true as const, payload: { actions } }, 200);
  });

  router.openapi(routeFor(operations.exportAuditEvents), async (c) => {
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
