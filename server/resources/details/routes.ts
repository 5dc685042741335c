import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { referenceSchema } from '../../../contract/chargebacks';
import { accountDetailSchema, searchResultSchema, transactionDetailSchema } from '../../../contract/details';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import type { AppEnv } from '../../http/env';
import { createRouter } from '../../http/openapi';
import { menuLinksOf } from '../../http/page-access';
import { searchText } from '../../http/params';
import { requireSession } from '../../http/session';
import { visibleRows } from '../../domain/report-scope/visibility';
import { loadAccountDetail } from './account';
import { searchRows } from './search';
import { loadTransactionDetail } from './transaction';
import { currentLimits } from '../../ledger/limits';

const TAGS = ['Details'];

const refusals = {
  400: errorResponse('VALIDATION_FAILED'),
  401: errorResponse('No live session'),
  403: errorResponse('The caller’s menu has no report listing such rows (FORBIDDEN)'),
};

const transactionRoute = createRoute({
  method: 'get',
  path: '/transactions/{reference}',
  tags: TAGS,
  summary: 'One transaction as the caller’s reports list it: parties, charges, postings, approval, batch, chargebacks',
  security: [{ session: [] }],
  request: { params: z.object({ reference: referenceSchema.openapi({ example: 'TX26111500115287' }) }) },
  responses: {
    200: jsonSuccess(transactionDetailSchema.openapi('TransactionDetail'), 'The transaction'),
    ...refusals,
    404: errorResponse('TRANSACTION_NOT_FOUND: no such reference among the rows the caller’s reports list'),
  },
});

const accountNumber = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9-]+$/, 'An account number has letters, digits and dashes only')
  .transform((v) => v.toUpperCase())
  .openapi({ example: 'CUS-000001' });

const accountRoute = createRoute({
  method: 'get',
  path: '/accounts/{number}',
  tags: TAGS,
  summary: 'One account as the caller’s reports list it: holder, KYC, balance, recent transactions, documents',
  security: [{ session: [] }],
  request: {
    params: z.object({ number: accountNumber }),
    query: z.object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(10),
    }),
  },
  responses: {
    200: jsonSuccess(accountDetailSchema.openapi('AccountDetail'), 'The account'),
    ...refusals,
    404: errorResponse('ACCOUNT_NOT_FOUND: no such account among the rows the caller’s reports list'),
  },
});

const searchRoute = createRoute({
  method: 'get',
  path: '/search',
  tags: TAGS,
  summary: 'Accounts and transactions matching a phone, account number, reference or name, among what the caller sees',
  security: [{ session: [] }],
  request: {
    query: z.object({
      q: searchText()
        .pipe(z.string().min(2, 'Type at least 2 characters'))
        .openapi({ description: 'A phone, account number, reference or name', example: '77 123' }),
    }),
  },
  responses: { 200: jsonSuccess(searchResultSchema.openapi('SearchResult'), 'At most 10 of each'), ...refusals },
});

async function callerView(c: Context<AppEnv>) {
  const user = c.get('user');
  const links = await menuLinksOf(c, user);
  return { user, links, visible: await visibleRows(c.get('deps').db, user, links) };
}

export function detailRoutes() {
  const router = createRouter();
  router.use('/transactions/*', requireSession());
  router.use('/accounts/*', requireSession());
  router.use('/search', requireSession());

  router.openapi(transactionRoute, async (c) => {
    const { links, visible } = await callerView(c);
    const detail = await loadTransactionDetail(c.get('deps').db, c.req.valid('param').reference, visible, links);
    return c.json({ status: true as const, payload: detail }, 200);
  });

  router.openapi(accountRoute, async (c) => {
    const { user, links, visible } = await callerView(c);
    const { db, config, clock } = c.get('deps');
    const input = { number: c.req.valid('param').number, ...c.req.valid('query') };
    const { customerDailyLimit } = await currentLimits(db, config.transfers, clock.now());
    const detail = await loadAccountDetail(db, input, user, visible, links, customerDailyLimit);
    return c.json({ status: true as const, payload: detail }, 200);
  });

  router.openapi(searchRoute, async (c) => {
    const { visible } = await callerView(c);
    const result = await searchRows(c.get('deps').db, c.req.valid('query').q, visible);
    return c.json({ status: true as const, payload: result }, 200);
  });

  return router;
}
