import type { Context } from 'hono';
import * as operations from '../../../contract/api/details';
import type { AppEnv } from '../../http/env';
import { createRouter } from '../../http/openapi';
import { menuLinksOf } from '../../http/page-access';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { visibleRows } from '../../domain/report-scope/visibility';
import { loadAccountDetail } from './account';
import { searchParties, searchRows } from './search';
import { loadTransactionDetail } from './transaction';
import { currentLimits } from '../../ledger/limits';

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
  router.use('/search/*', requireSession());

  router.openapi(routeFor(operations.getTransactionDetail), async (c) => {
    const { links, visible } = await callerView(c);
    const detail = await loadTransactionDetail(c.get('deps').db, c.req.valid('param').reference, visible, links);
    return c.json({ status: true as const, payload: detail }, 200);
  });

  router.openapi(routeFor(operations.getAccountDetail), async (c) => {
    const { user, links, visible } = await callerView(c);
    const { db, config, clock } = c.get('deps');
    const input = { number: c.req.valid('param').number, ...c.req.valid('query') };
    const { customerDailyLimit } = await currentLimits(db, config.transfers, clock.now());
    const detail = await loadAccountDetail(db, input, user, visible, links, customerDailyLimit);
    return c.json({ status: true as const, payload: detail }, 200);
  });

  router.openapi(routeFor(operations.search), async (c) => {
    const { visible } = await callerView(c);
    const result = await searchRows(c.get('deps').db, c.req.valid('query').q, visible);
    return c.json({ status: true as const, payload: result }, 200);
  });

  router.openapi(routeFor(operations.searchParties), async (c) => {
    const { visible } = await callerView(c);
    const result = await searchParties(c.get('deps').db, c.req.valid('query').q, visible);
    return c.json({ status: true as const, payload: result }, 200);
  });

  return router;
}
