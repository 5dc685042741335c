import type { MiddlewareHandler } from 'hono';
import * as operations from '../../../contract/api/banks';
import { BANK_MANAGERS } from '../../../contract/banks';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { bankOptions, createBank, floatAccountChoices, listBanks, loadBank, setBankActive, updateBank } from './banks';

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
  router.openapi(routeFor(operations.listBankOptions), async (c) => {
    const payload = { banks: await bankOptions(c.get('deps').db) };
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.listFloatAccountChoices), async (c) => {
    const { bankId } = c.req.valid('query');
    if (bankId !== undefined) await loadBank(c.get('deps').db, bankId);
    const payload = { accounts: await floatAccountChoices(c.get('deps').db, bankId ?? null) };
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.listBanks), async (c) => {
    const payload = { banks: await listBanks(c.get('deps').db, c.req.valid('query')) };
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.createBank), async (c) => {
    const payload = await createBank(c, c.get('deps').db, c.req.valid('json'));
    c.get('deps').reportTotals.invalidate();
    return c.json({ status: true as const, payload }, 201);
  });

  router.openapi(routeFor(operations.updateBank), async (c) => {
    const payload = await updateBank(c, c.get('deps').db, c.req.valid('param').id, c.req.valid('json'));
    c.get('deps').reportTotals.invalidate();
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.deactivateBank), async (c) => {
    const payload = await setBankActive(c, c.get('deps').db, c.req.valid('param').id, false);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.activateBank), async (c) => {
    const payload = await setBankActive(c, c.get('deps').db, c.req.valid('param').id, true);
    return c.json({ status: true as const, payload }, 200);
  });

  return router;
}
