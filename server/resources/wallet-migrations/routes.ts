import type { MiddlewareHandler } from 'hono';
import * as operations from '../../../contract/api/wallet-migrations';
import { MIGRATION_GROUPS, readWalletTerm, WALLET_TERM_MESSAGE } from '../../../contract/wallet-migrations';
import { recordAudit } from '../../domain/audit/record';
import type { AppEnv } from '../../http/env';
import { ApiError, forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { expireBeforeReading } from '../../domain/waiting-requests/expiry';
import { decideMigration, requestMigration } from './maker-checker';
import { findWallet, listMigrations } from './migrations';

export function walletMigrationRoutes() {
  const router = createRouter();
  router.use('/wallet-migrations', requireSession());
  router.use('/wallet-migrations/*', requireSession());
  const onlyMigrators: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!MIGRATION_GROUPS.includes(c.get('user').group)) {
      throw forbiddenError('Only administrators and support supervisors migrate wallets.');
    }
    await next();
  };
  router.use('/wallet-migrations', onlyMigrators);
  router.use('/wallet-migrations/*', onlyMigrators);

  router.openapi(routeFor(operations.getMigrationWallet), async (c) => {
    const deps = c.get('deps');
    const term = readWalletTerm(c.req.valid('query').q);
    if (!term) throw new ApiError(400, 'VALIDATION_FAILED', 'Invalid input', `q: ${WALLET_TERM_MESSAGE}`);
    // A request no one decided in time no longer holds the wallet.
    await expireBeforeReading(deps);
    const payload = await findWallet(deps.db, term);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.listWalletMigrations), async (c) => {
    // The maker sees a change nobody decided in time as expired, whether or not the job ran.
    await expireBeforeReading(c.get('deps'));
    const payload = await listMigrations(c.get('deps').db, c.req.valid('query'), c.get('user').userId);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.createWalletMigration), async (c) => {
    const deps = c.get('deps');
    const body = c.req.valid('json');
    await expireBeforeReading(deps);
    const migration = await requestMigration(deps.db, body, {
      caller: c.get('user'),
      now: deps.clock.now(),
      audit: (tx, entry) => recordAudit(c, tx, entry),
    });
    const wallet = await findWallet(deps.db, { number: body.number });
    return c.json({ status: true as const, payload: { migration, wallet } }, 201);
  });

  router.openapi(routeFor(operations.decideWalletMigration), async (c) => {
    const deps = c.get('deps');
    await expireBeforeReading(deps);
    const migration = await decideMigration(deps.db, c.req.valid('param').id, c.req.valid('json'), {
      caller: c.get('user'),
      now: deps.clock.now(),
      lifetimeMs: deps.config.transfers.approvalTtlMs,
      audit: (tx, entry) => recordAudit(c, tx, entry),
    });
    // Reports show phones and account types: totals cached under a phone search are stale now.
    if (migration.status === 'applied') deps.reportTotals.invalidate();
    const wallet = await findWallet(deps.db, { number: migration.number });
    return c.json({ status: true as const, payload: { migration, wallet } }, 200);
  });

  return router;
}
