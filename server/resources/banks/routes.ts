import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { BANK_MANAGERS, bankBodySchema, bankListQuerySchema } from '../../../contract/banks';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { idParam } from '../../http/params';
import { requireSession } from '../../http/session';
import { bankOptions, createBank, floatAccountChoices, listBanks, loadBank, setBankActive, updateBank } from './banks';

const TAGS = ['Banks'];

const floatAccount = z
  .object({
    id: z.number().int(),
    number: z.string(),
    label: z.string(),
    balance: z.number().int(),
    status: z.string(),
  })
  .openapi('BankFloatAccount');

const bankView = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    bankGroup: z.string().nullable(),
    bic: z.string().nullable(),
    active: z.boolean(),
    floatAccount: floatAccount.nullable(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }).nullable(),
  })
  .openapi('Bank');

const bankOption = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    bankGroup: z.string().nullable(),
    active: z.boolean(),
  })
  .openapi('BankOption');

const floatChoice = floatAccount
  .extend({
    heldBy: z.object({ code: z.string(), name: z.string(), active: z.boolean() }).nullable(),
  })
  .openapi('FloatAccountChoice');

const bankIdParam = z.object({ id: idParam().openapi({ example: 3 }) });
const body = bankBodySchema.openapi('BankRequest');

const refusals = {
  401: errorResponse('No live session'),
  403: errorResponse('Only the groups with the admin menu manage banks (FORBIDDEN)'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/banks',
  tags: TAGS,
  summary: 'Every bank with its BIC, float account and state; active ones first',
  security: [{ session: [] }],
  request: { query: bankListQuerySchema },
  responses: {
    200: jsonSuccess(z.object({ banks: z.array(bankView) }), 'The banks'),
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
  },
});

const optionsRoute = createRoute({
  method: 'get',
  path: '/banks/options',
  tags: TAGS,
  summary:
    'What bank pickers list, for any signed-in user: every bank with its state. Pickers for new operations keep the active ones; report filters keep all (history).',
  security: [{ session: [] }],
  responses: {
    200: jsonSuccess(z.object({ banks: z.array(bankOption) }), 'The banks'),
    401: refusals[401],
  },
});

const floatChoicesRoute = createRoute({
  method: 'get',
  path: '/banks/float-accounts',
  tags: TAGS,
  summary: 'Float accounts a bank may take: bank e-money floats no other active bank holds',
  security: [{ session: [] }],
  request: { query: z.object({ bankId: idParam().optional() }) },
  responses: {
    200: jsonSuccess(z.object({ accounts: z.array(floatChoice) }), 'The choosable float accounts'),
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
  },
});

const createRouteDef = createRoute({
  method: 'post',
  path: '/banks',
  tags: TAGS,
  summary: 'Add a bank; opens its e-money float account BNK-<code> unless an existing float is chosen. Audited.',
  security: [{ session: [] }],
  request: { body: { content: { 'application/json': { schema: body } }, required: true } },
  responses: {
    201: jsonSuccess(bankView, 'The new bank'),
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
    409: errorResponse('BANK_CODE_TAKEN; FLOAT_ACCOUNT_EXISTS; FLOAT_ACCOUNT_IN_USE (an active bank holds it)'),
    422: errorResponse('FLOAT_ACCOUNT_NOT_FOUND (not a bank float account)'),
  },
});

const updateRoute = createRoute({
  method: 'put',
  path: '/banks/{id}',
  tags: TAGS,
  summary:
    'Change a bank’s name, code, BIC or float account (omit floatAccountId to keep it; "new" opens BNK-<code>). Audited.',
  security: [{ session: [] }],
  request: {
    params: bankIdParam,
    body: { content: { 'application/json': { schema: body } }, required: true },
  },
  responses: {
    200: jsonSuccess(bankView, 'The bank after the change'),
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
    404: errorResponse('NOT_FOUND'),
    409: errorResponse('BANK_CODE_TAKEN; FLOAT_ACCOUNT_EXISTS; FLOAT_ACCOUNT_IN_USE'),
    422: errorResponse('FLOAT_ACCOUNT_NOT_FOUND'),
  },
});

const stateRoute = (verb: 'deactivate' | 'activate') =>
  createRoute({
    method: 'post',
    path: `/banks/{id}/${verb}`,
    tags: TAGS,
    summary:
      verb === 'deactivate'
        ? 'Deactivate a bank: it leaves every picker; its history and reports stay. Audited.'
        : 'Reactivate a bank: it is offered in pickers again. Audited.',
    security: [{ session: [] }],
    request: { params: bankIdParam },
    responses: {
      200: jsonSuccess(bankView, 'The bank after the change'),
      400: errorResponse('VALIDATION_FAILED'),
      ...refusals,
      404: errorResponse('NOT_FOUND'),
      409: errorResponse(verb === 'deactivate' ? 'BANK_ALREADY_INACTIVE' : 'BANK_ALREADY_ACTIVE'),
    },
  });

/** Before the input is read: a group without /banks is refused whatever it sends. */
const managersOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.path.endsWith('/banks/options') && c.req.method === 'GET') return next();
  if (!BANK_MANAGERS.includes(c.get('user').group)) {
    throw forbiddenError('Only administrators manage banks.');
  }
  await next();
};

export function bankRoutes() {
  const router = createRouter();
  router.use('/banks', requireSession());
  router.use('/banks/*', requireSession());
  router.use('/banks', managersOnly);
  router.use('/banks/*', managersOnly);

  // Static paths first: /banks/options must never be read as /banks/{id}.
  router.openapi(optionsRoute, async (c) => {
    const payload = { banks: await bankOptions(c.get('deps').db) };
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(floatChoicesRoute, async (c) => {
    const { bankId } = c.req.valid('query');
    if (bankId !== undefined) await loadBank(c.get('deps').db, bankId);
    const payload = { accounts: await floatAccountChoices(c.get('deps').db, bankId ?? null) };
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(listRoute, async (c) => {
    const payload = { banks: await listBanks(c.get('deps').db, c.req.valid('query')) };
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(createRouteDef, async (c) => {
    const payload = await createBank(c, c.get('deps').db, c.req.valid('json'));
    c.get('deps').reportTotals.invalidate();
    return c.json({ status: true as const, payload }, 201);
  });

  router.openapi(updateRoute, async (c) => {
    const payload = await updateBank(c, c.get('deps').db, c.req.valid('param').id, c.req.valid('json'));
    c.get('deps').reportTotals.invalidate();
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(stateRoute('deactivate'), async (c) => {
    const payload = await setBankActive(c, c.get('deps').db, c.req.valid('param').id, false);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(stateRoute('activate'), async (c) => {
    const payload = await setBankActive(c, c.get('deps').db, c.req.valid('param').id, true);
    return c.json({ status: true as const, payload }, 200);
  });

  return router;
}
