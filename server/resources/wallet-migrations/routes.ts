import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  ACCOUNT_NUMBER_PATTERN,
  MIGRATION_BLOCKERS,
  MIGRATION_GROUPS,
  MIGRATION_KINDS,
  MIGRATION_STATUSES,
  migrationDecisionSchema,
  MIGRATION_TYPES,
  migrationBodySchema,
  readWalletTerm,
  WALLET_TERM_MESSAGE,
} from '../../../contract/wallet-migrations';
import { recordAudit } from '../../domain/audit/record';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import type { AppEnv } from '../../http/env';
import { ApiError, forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { requireSession } from '../../http/session';
import { expireBeforeReading } from '../../domain/waiting-requests/expiry';
import { idParam } from '../../http/params';
import { decideMigration, requestMigration } from './maker-checker';
import { findWallet, listMigrations } from './migrations';

const TAGS = ['Wallet migration'];

const blocker = z.object({ code: z.enum(MIGRATION_BLOCKERS), message: z.string() });

const walletView = z
  .object({
    number: z.string(),
    kind: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    status: z.string(),
    kycStatus: z.string(),
    region: z.string().nullable(),
    businessName: z.string().nullable(),
    businessCategory: z.string().nullable(),
    createdAt: z.string(),
    blockers: z.array(blocker).openapi({ description: 'What stops any migration now (empty: none)' }),
    typeChangeTo: z.enum(MIGRATION_TYPES).nullable(),
    typeBlockers: z.array(blocker).openapi({ description: 'What stops the type change only' }),
  })
  .openapi('MigrationWallet');

const migrationRecord = z
  .object({
    id: z.number().int(),
    number: z.string(),
    name: z.string(),
    kind: z.enum(MIGRATION_KINDS),
    fromValue: z.string().openapi({ description: 'The old phone (empty when there was none) or type' }),
    toValue: z.string(),
    reason: z.string(),
    by: z.string().openapi({ description: 'The maker, who asked for it' }),
    createdAt: z.string(),
    status: z.enum(MIGRATION_STATUSES).openapi({ description: 'pending: nothing changed yet, a checker decides' }),
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
    decisionReason: z.string().nullable(),
    canDecide: z.boolean().openapi({ description: 'Pending and asked by someone else: the caller may decide it' }),
  })
  .openapi('WalletMigration');

const walletQuery = z.object({
  q: z
    .string()
    .max(48)
    .refine((v) => readWalletTerm(v) !== null, WALLET_TERM_MESSAGE)
    .openapi({ description: 'An account number or a Senegalese mobile number', example: 'CUS-000003' }),
});

const historyQuery = z.object({
  number: z
    .string()
    .trim()
    .max(48)
    .regex(ACCOUNT_NUMBER_PATTERN, 'Not an account number')
    .transform((v) => v.toUpperCase())
    .optional()
    .openapi({ description: 'One wallet’s migrations; left out: every wallet’s, newest first' }),
  status: z
    .enum(MIGRATION_STATUSES)
    .optional()
    .openapi({ description: 'Only this status; pending lists what waits for a checker' }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

const refusals = {
  400: errorResponse('VALIDATION_FAILED'),
  401: errorResponse('No live session'),
  403: errorResponse(
    'Only the admin menu’s groups, the support supervisor and support-plus migrate wallets (FORBIDDEN)',
  ),
};

const lookupRoute = createRoute({
  method: 'get',
  path: '/wallet-migrations/wallet',
  tags: TAGS,
  summary: 'Find a wallet by account number or phone, with what would stop a migration now',
  security: [{ session: [] }],
  request: { query: walletQuery },
  responses: {
    200: jsonSuccess(walletView, 'The wallet'),
    ...refusals,
    404: errorResponse('WALLET_NOT_FOUND'),
    409: errorResponse('WALLET_AMBIGUOUS: several wallets use this phone'),
  },
});

const historyRoute = createRoute({
  method: 'get',
  path: '/wallet-migrations',
  tags: TAGS,
  summary: 'Migrations newest first, of one wallet or of all',
  security: [{ session: [] }],
  request: { query: historyQuery },
  responses: {
    200: jsonSuccess(
      z.object({
        rows: z.array(migrationRecord),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
      'One page',
    ),
    ...refusals,
  },
});

const migrateRoute = createRoute({
  method: 'post',
  path: '/wallet-migrations',
  tags: TAGS,
  summary:
    'Ask to move a wallet to a new phone number (kind phone), or a customer to merchant and back (kind type): every check runs now, nothing changes until another permitted user approves (maker-checker); audited as wallet.migrationRequested',
  security: [{ session: [] }],
  request: { body: { content: { 'application/json': { schema: migrationBodySchema } }, required: true } },
  responses: {
    201: jsonSuccess(
      z.object({ migration: migrationRecord, wallet: walletView }),
      'The pending migration (status pending) and the wallet, unchanged',
    ),
    ...refusals,
    400: errorResponse('VALIDATION_FAILED; NO_CHANGE (the wallet already has this phone or type)'),
    404: errorResponse('WALLET_NOT_FOUND'),
    409: errorResponse(
      'MIGRATION_PENDING (one already waits for this wallet); DUPLICATE_PHONE; ACCOUNT_NOT_ACTIVE; KYC_NOT_APPROVED; PENDING_APPROVALS; TYPE_NOT_MIGRATABLE; STUDENT_WALLET; MERCHANT_NETWORK; MERCHANT_QR_CODES; MERCHANT_LOGIN; NO_HOLDER_PROFILE',
    ),
  },
});

const decideRoute = createRoute({
  method: 'post',
  path: '/wallet-migrations/{id}/decision',
  tags: TAGS,
  summary:
    'Approve (the change is checked again and applied; audited as wallet.migrate) or reject (with a reason) a pending migration; never by its maker',
  security: [{ session: [] }],
  request: {
    params: z.object({ id: idParam() }),
    body: { content: { 'application/json': { schema: migrationDecisionSchema } }, required: true },
  },
  responses: {
    200: jsonSuccess(
      z.object({ migration: migrationRecord, wallet: walletView }),
      'The decided migration and the wallet after it',
    ),
    ...refusals,
    403: errorResponse('FORBIDDEN; SELF_APPROVAL: the caller asked for this migration'),
    404: errorResponse('MIGRATION_NOT_FOUND'),
    409: errorResponse(
      'MIGRATION_ALREADY_DECIDED; or, on approval, what stops the change now (DUPLICATE_PHONE, ACCOUNT_NOT_ACTIVE…)',
    ),
  },
});

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

  router.openapi(lookupRoute, async (c) => {
    const deps = c.get('deps');
    const term = readWalletTerm(c.req.valid('query').q);
    if (!term) throw new ApiError(400, 'VALIDATION_FAILED', 'Invalid input', `q: ${WALLET_TERM_MESSAGE}`);
    // A request no one decided in time no longer holds the wallet.
    await expireBeforeReading(deps);
    const payload = await findWallet(deps.db, term);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(historyRoute, async (c) => {
    // The maker sees a change nobody decided in time as expired, whether or not the job ran.
    await expireBeforeReading(c.get('deps'));
    const payload = await listMigrations(c.get('deps').db, c.req.valid('query'), c.get('user').userId);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(migrateRoute, async (c) => {
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

  router.openapi(decideRoute, async (c) => {
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
