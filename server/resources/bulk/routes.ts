import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as operations from '../../../contract/api/bulk';
import { type BulkOperationDef, type BulkRow, bulkOperation, cleanValue, MAX_BULK_ROWS } from '../../../contract/bulk';
import { recordAudit } from '../../domain/audit/record';
import { accounts, bulkBatches } from '../../db/schema';
import { ownAccountOf } from '../../ledger/accounts';
import { PAYROLL_PARTNER_PREFIX } from '../../ledger/parties';
import type { AppEnv } from '../../http/env';
import { ApiError, forbiddenError, notFoundError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { checkBatch } from './check';
import { resultsCsv } from './results';
import { storeBatch } from './store';
import { decideBatch } from './decide';
import { expireFirst } from '../../domain/waiting-requests/expiry';
import { batchesQuery, batchView, findBatch, mayDecideBatches, mayRead, oneBatchView } from './views';

/** 50,000 rows of a few short cells, as JSON. */
const MAX_BODY_BYTES = 12 * 1024 * 1024;

const bulkBodyLimit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'File too large', `A batch holds at most ${MAX_BULK_ROWS} rows.`);
  },
});

/** Cleans each cell as the browser does, so the server judges exactly what the preview showed. */
function cleanRows(op: BulkOperationDef, rows: BulkRow[]) {
  return rows.map((row) => ({
    rowNo: row.rowNo,
    values: Object.fromEntries(op.columns.map((c) => [c.key, cleanValue(c.key, row.values[c.key] ?? '')])),
  }));
}

const batchNotFound = () =>
  new ApiError(404, 'BATCH_NOT_FOUND', 'Batch not found', 'There is no batch with this id that you may see.');

export function bulkRoutes() {
  const router = createRouter();
  router.use('/bulk/*', requireSession());
  router.use('/bulk-batches/*', requireSession());
  // A batch nobody decided in time reads as expired in every list and view, and cannot be decided.
  router.use('/bulk/:kind/batches', expireFirst);
  router.use('/bulk-batches/*', expireFirst);

  const operationFor = (kind: string, group: string) => {
    const op = bulkOperation(kind);
    if (!op) throw notFoundError();
    if (!(op.groups as readonly string[]).includes(group)) {
      throw forbiddenError(`Your group may not run the ${op.title.en} operation.`);
    }
    return op;
  };

  router.openapi(routeFor(operations.listBulkPayers), async (c) => {
    const { db } = c.get('deps');
    const user = c.get('user');
    operationFor('payment', user.group);
    if (user.group === 'agent') {
      const own = await ownAccountOf(db, user.userId);
      return c.json(
        {
          status: true as const,
          payload: { own: own ? { number: own.number, label: own.label } : null, partners: [] },
        },
        200,
      );
    }
    const partners = await db
      .select({ number: accounts.number, label: accounts.label })
      .from(accounts)
      .where(and(eq(accounts.kind, 'partner'), like(accounts.number, `${PAYROLL_PARTNER_PREFIX}%`)))
      .orderBy(accounts.number);
    return c.json({ status: true as const, payload: { own: null, partners } }, 200);
  });

  router.openapi(routeFor(operations.checkBulkRows, [bulkBodyLimit]), async (c) => {
    const { db } = c.get('deps');
    const user = c.get('user');
    const op = operationFor(c.req.valid('param').kind, user.group);
    const body = c.req.valid('json');
    const outcome = await checkBatch(db, op, user, { ...body, rows: cleanRows(op, body.rows) });
    const { errors, warnings, totals, batchError } = outcome;
    return c.json({ status: true as const, payload: { errors, warnings, totals, batchError } }, 200);
  });

  router.openapi(routeFor(operations.submitBulkBatch, [bulkBodyLimit]), async (c) => {
    const { db, clock, bulk } = c.get('deps');
    const user = c.get('user');
    const op = operationFor(c.req.valid('param').kind, user.group);
    const body = c.req.valid('json');
    const request = { ...body, rows: cleanRows(op, body.rows) };
    const outcome = await checkBatch(db, op, user, request);
    const stored = await storeBatch(db, op, user, request, outcome, clock.now());
    if (stored.created) {
      await recordAudit(c, db, {
        action: 'bulk.submit',
        targetType: 'bulkBatch',
        targetId: stored.id,
        details: {
          kind: op.kind,
          fileName: body.fileName,
          rows: outcome.resolved.length,
          amount: outcome.totals.amount,
        },
      });
      if (!op.needsApproval) bulk.enqueue(stored.id);
    }
    const row = await findBatch(db, stored.id);
    if (!row) throw batchNotFound();
    const payload = { batch: await oneBatchView(db, row, user), created: stored.created };
    if (!stored.created) return c.json({ status: true as const, payload }, 200);
    return op.needsApproval
      ? c.json({ status: true as const, payload }, 202)
      : c.json({ status: true as const, payload }, 201);
  });

  router.openapi(routeFor(operations.listBulkBatches), async (c) => {
    const { db } = c.get('deps');
    const user = c.get('user');
    const op = operationFor(c.req.valid('param').kind, user.group);
    const visible = mayDecideBatches(user)
      ? eq(bulkBatches.kind, op.kind)
      : and(eq(bulkBatches.kind, op.kind), eq(bulkBatches.userId, user.userId));
    const rows = await batchesQuery(db)
      .where(visible)
      // The batches waiting for a decision first, then the newest.
      .orderBy(sql`${bulkBatches.status} = 'awaiting_approval' DESC`, desc(bulkBatches.createdAt))
      .limit(50);
    return c.json({ status: true as const, payload: { batches: rows.map((r) => batchView(r, user)) } }, 200);
  });

  const readable = async (c: import('hono').Context<AppEnv>, id: string) => {
    const { db } = c.get('deps');
    const user = c.get('user');
    const row = await findBatch(db, id);
    if (!row || !mayRead(user, row.batch)) throw batchNotFound();
    operationFor(row.batch.kind, user.group);
    return row;
  };

  router.openapi(routeFor(operations.getBulkBatch), async (c) => {
    const row = await readable(c, c.req.valid('param').id);
    return c.json({ status: true as const, payload: await oneBatchView(c.get('deps').db, row, c.get('user')) }, 200);
  });

  router.openapi(routeFor(operations.decideBulkBatch), async (c) => {
    const { db } = c.get('deps');
    const user = c.get('user');
    const { id } = c.req.valid('param');
    const row = await readable(c, id);
    await decideBatch(c, row.batch, c.req.valid('json'));
    const fresh = await findBatch(db, id);
    if (!fresh) throw batchNotFound();
    return c.json({ status: true as const, payload: await oneBatchView(db, fresh, user) }, 200);
  });

  router.openapi(routeFor(operations.bulkBatchResults), async (c) => {
    const { db } = c.get('deps');
    const row = await readable(c, c.req.valid('param').id);
    const op = bulkOperation(row.batch.kind);
    if (!op) throw batchNotFound();
    const csv = await resultsCsv(db, op, row.batch.id);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${op.kind}-${row.batch.id.slice(0, 8)}-results.csv"`,
    });
  });

  return router;
}
