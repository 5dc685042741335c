import { createRoute, z } from '@hono/zod-openapi';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type BulkOperationDef, bulkOperation, cleanValue, MAX_BULK_ROWS } from '../../../contract/bulk';
import { recordAudit } from '../../domain/audit/record';
import { accounts, bulkBatches } from '../../db/schema';
import { ownAccountOf } from '../../ledger/accounts';
import { PAYROLL_PARTNER_PREFIX } from '../../ledger/parties';
import type { AppEnv } from '../../http/env';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import { ApiError, forbiddenError, notFoundError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { requireSession } from '../../http/session';
import { checkBatch } from './check';
import { batchSchema, checkBody, checkResult, decisionBody, idParam, kindParam, type rowSchema } from './schemas';
import { resultsCsv } from './results';
import { storeBatch } from './store';
import { decideBatch } from './decide';
import { expireFirst } from '../../domain/waiting-requests/expiry';
import { batchesQuery, batchView, findBatch, mayDecideBatches, mayRead, oneBatchView } from './views';

const TAGS = ['Bulk operations'];

/** 50,000 rows of a few short cells, as JSON. */
const MAX_BODY_BYTES = 12 * 1024 * 1024;

const bulkBodyLimit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'File too large', `A batch holds at most ${MAX_BULK_ROWS} rows.`);
  },
});

const refusals = {
  400: errorResponse('VALIDATION_FAILED'),
  401: errorResponse('No live session'),
  403: errorResponse('FORBIDDEN: the caller’s group may not run this operation'),
};

/** Cleans each cell as the browser does, so the server judges exactly what the preview showed. */
function cleanRows(op: BulkOperationDef, rows: z.infer<typeof rowSchema>[]) {
  return rows.map((row) => ({
    rowNo: row.rowNo,
    values: Object.fromEntries(op.columns.map((c) => [c.key, cleanValue(c.key, row.values[c.key] ?? '')])),
  }));
}

const checkRoute = createRoute({
  method: 'post',
  path: '/bulk/{kind}/check',
  tags: TAGS,
  summary:
    'Validate a file’s rows without storing anything: each row’s errors (format, duplicates, unknown wallet, account or bank, fee range), and the totals',
  security: [{ session: [] }],
  middleware: [bulkBodyLimit] as const,
  request: { params: kindParam, body: { content: { 'application/json': { schema: checkBody } }, required: true } },
  responses: { 200: jsonSuccess(checkResult, 'Errors and totals'), ...refusals, 413: errorResponse('Too large') },
});

const submitRoute = createRoute({
  method: 'post',
  path: '/bulk/{kind}/batches',
  tags: TAGS,
  summary:
    'Store a batch, validated again. The same rows sent again by the same user answer the existing batch (200). A bulk payment, fee override or fee removal waits for a second administrator (202); a bank change starts at once (201).',
  security: [{ session: [] }],
  middleware: [bulkBodyLimit] as const,
  request: { params: kindParam, body: { content: { 'application/json': { schema: checkBody } }, required: true } },
  responses: {
    201: jsonSuccess(z.object({ batch: batchSchema, created: z.boolean() }), 'The new batch, queued'),
    202: jsonSuccess(
      z.object({ batch: batchSchema, created: z.boolean() }),
      'The new batch, waiting for a second administrator: nothing is applied before',
    ),
    200: jsonSuccess(z.object({ batch: batchSchema, created: z.boolean() }), 'This file’s existing batch'),
    ...refusals,
    413: errorResponse('Too large'),
    422: errorResponse('BULK_ROWS_INVALID (check again), SOURCE_FUNDS, SOURCE_NOT_FOUND or SOURCE_REQUIRED'),
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/bulk/{kind}/batches',
  tags: TAGS,
  summary: 'Recent batches of an operation: the caller’s own, and for admins everyone’s (the ones to approve first)',
  security: [{ session: [] }],
  request: { params: kindParam },
  responses: { 200: jsonSuccess(z.object({ batches: z.array(batchSchema) }), 'Batches'), ...refusals },
});

const getRoute = createRoute({
  method: 'get',
  path: '/bulk-batches/{id}',
  tags: TAGS,
  summary: 'One batch and its progress (rows done, rows failed)',
  security: [{ session: [] }],
  request: { params: idParam },
  responses: { 200: jsonSuccess(batchSchema, 'The batch'), ...refusals, 404: errorResponse('BATCH_NOT_FOUND') },
});

const decideRoute = createRoute({
  method: 'post',
  path: '/bulk-batches/{id}/decision',
  tags: TAGS,
  summary:
    'Approve or reject a batch that waits (bulk payment, fee override, fee removal). Never by its maker; only while it waits, before it expires.',
  security: [{ session: [] }],
  request: { params: idParam, body: { content: { 'application/json': { schema: decisionBody } }, required: true } },
  responses: {
    200: jsonSuccess(batchSchema, 'The decided batch'),
    ...refusals,
    404: errorResponse('BATCH_NOT_FOUND'),
    409: errorResponse('BATCH_ALREADY_DECIDED or REQUEST_EXPIRED'),
  },
});

const resultsRoute = createRoute({
  method: 'get',
  path: '/bulk-batches/{id}/results',
  tags: TAGS,
  summary: 'Every row’s result as CSV: its values, status, transaction reference and error',
  security: [{ session: [] }],
  request: { params: idParam },
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
    ...refusals,
    404: errorResponse('BATCH_NOT_FOUND'),
  },
});

const payersRoute = createRoute({
  method: 'get',
  path: '/bulk/payment/payers',
  tags: TAGS,
  summary: 'Who can pay a bulk payment: the agent’s own account, or the employer accounts an admin chooses from',
  security: [{ session: [] }],
  responses: {
    200: jsonSuccess(
      z.object({
        own: z.object({ number: z.string(), label: z.string() }).nullable(),
        partners: z.array(z.object({ number: z.string(), label: z.string() })),
      }),
      'Payers',
    ),
    ...refusals,
  },
});

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

  router.openapi(payersRoute, async (c) => {
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

  router.openapi(checkRoute, async (c) => {
    const { db } = c.get('deps');
    const user = c.get('user');
    const op = operationFor(c.req.valid('param').kind, user.group);
    const body = c.req.valid('json');
    const outcome = await checkBatch(db, op, user, { ...body, rows: cleanRows(op, body.rows) });
    const { errors, warnings, totals, batchError } = outcome;
    return c.json({ status: true as const, payload: { errors, warnings, totals, batchError } }, 200);
  });

  router.openapi(submitRoute, async (c) => {
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

  router.openapi(listRoute, async (c) => {
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

  router.openapi(getRoute, async (c) => {
    const row = await readable(c, c.req.valid('param').id);
    return c.json({ status: true as const, payload: await oneBatchView(c.get('deps').db, row, c.get('user')) }, 200);
  });

  router.openapi(decideRoute, async (c) => {
    const { db } = c.get('deps');
    const user = c.get('user');
    const { id } = c.req.valid('param');
    const row = await readable(c, id);
    await decideBatch(c, row.batch, c.req.valid('json'));
    const fresh = await findBatch(db, id);
    if (!fresh) throw batchNotFound();
    return c.json({ status: true as const, payload: await oneBatchView(db, fresh, user) }, 200);
  });

  router.openapi(resultsRoute, async (c) => {
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
