import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { CHANNEL, HEADER } from '../contract/http';
import type { AppDeps, AppEnv } from './http/env';
import { ApiError, notFoundError } from './lib/api-error';
import { failureBody } from './http/envelope';
import { apiBodyLimit } from './http/body-limit';
import { closeAfterUnreadBody } from './http/unread-body';
import { buildOpenApiDocument } from './http/openapi-document';
import { rejectMalformedUrl } from './http/malformed-url';
import { apiNoStore, securityHeaders } from './http/security-headers';
import { xsrfProtection } from './http/xsrf';
import { createSessionCache } from './http/session-cache';
import { createActivityRecorder } from './http/session-activity';
import { forgetAnnouncedAfter } from './db/session-changes';
import { approvalRoutes } from './resources/approvals/routes';
import { inboxRoutes } from './resources/inbox/routes';
import { bulkRoutes } from './resources/bulk/routes';
import { createBulkRunner } from './resources/bulk/runner';
import { passwordRoutes } from './resources/auth/password-routes';
import { authRoutes } from './resources/auth/routes';
import { sessionStatusRoutes } from './resources/auth/session-status';
import { twoFactorRoutes } from './resources/two-factor/routes';
import { renderDocsPage } from './resources/docs/render';
import { healthRoutes } from './resources/health/routes';
import { kycRoutes } from './resources/kyc/routes';
import { memberRoutes } from './resources/members/routes';
import { createExportRunner } from './resources/reports/exports';
import { networkRoutes } from './resources/network/routes';
import { registrationRoutes } from './resources/registrations/routes';
import { reportRoutes, userLoader } from './resources/reports/routes';
import { studentRoutes } from './resources/students/routes';
import { walletMigrationRoutes } from './resources/wallet-migrations/routes';
import { bannerRoutes } from './resources/banners/routes';
import { chargebackRoutes } from './resources/chargebacks/routes';
import { detailRoutes } from './resources/details/routes';
import { transferRoutes } from './resources/transfers/routes';
import { createTotalsCache } from './resources/reports/totals-cache';
import { balanceRoutes } from './resources/balances/routes';
import { dashboardRoutes } from './resources/dashboard/routes';
import { auditRoutes } from './resources/audit/routes';
import { bankRoutes } from './resources/banks/routes';
import { userRoutes } from './resources/users/routes';
import { feeRoutes } from './resources/fees/routes';
import { limitsRoutes } from './resources/limits/routes';
import { qrCodeRoutes } from './resources/qr-codes/routes';

export interface CreateAppOptions
  extends Omit<AppDeps, 'exports' | 'reportTotals' | 'bulk' | 'sessionCache' | 'sessionActivity'> {
  exports?: AppDeps['exports'];
  sessionCache?: AppDeps['sessionCache'];
  sessionActivity?: AppDeps['sessionActivity'];
  bulk?: AppDeps['bulk'];
  reportTotals?: AppDeps['reportTotals'];
  engine: 'pglite' | 'postgres';
  /** Times requests for Prometheus (server/http/metrics.ts), when METRICS_PORT is set. */
  metrics?: import('./http/metrics').Metrics;
  /** The built dashboard's request handler, when there is one to serve. */
  staticHandler?: ((c: import('hono').Context) => Response | Promise<Response>) | null;
}

/** Every resource's routes; needs no database, so the OpenAPI document can be built without one. */
export function buildApi(engine: CreateAppOptions['engine']) {
  const api = new OpenAPIHono<AppEnv>();
  api.route('/', healthRoutes(engine));
  api.route('/', authRoutes());
  api.route('/', passwordRoutes());
  api.route('/', sessionStatusRoutes());
  api.route('/', twoFactorRoutes());
  api.route('/', memberRoutes());
  api.route('/', reportRoutes());
  api.route('/', balanceRoutes());
  api.route('/', dashboardRoutes());
  api.route('/', transferRoutes());
  api.route('/', approvalRoutes());
  api.route('/', inboxRoutes());
  api.route('/', networkRoutes());
  api.route('/', kycRoutes());
  api.route('/', registrationRoutes());
  api.route('/', studentRoutes());
  api.route('/', bankRoutes());
  api.route('/', userRoutes());
  api.route('/', feeRoutes());
  api.route('/', limitsRoutes());
  api.route('/', qrCodeRoutes());
  api.route('/', auditRoutes());
  api.route('/', bulkRoutes());
  api.route('/', walletMigrationRoutes());
  api.route('/', bannerRoutes());
  api.route('/', chargebackRoutes());
  api.route('/', detailRoutes());
  // Built once, on first request (every route is registered by then): generating it costs tens
  // of milliseconds of CPU, and both pages are public. A generation error reaches onError.
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  let docsPage: string | undefined;
  const openApiDocument = () => {
    document ??= buildOpenApiDocument(api);
    return document;
  };
  api.get('/openapi.json', (c) => c.json(openApiDocument()));
  api.get('/docs', (c) => {
    docsPage ??= renderDocsPage(openApiDocument() as unknown as Record<string, unknown>);
    return c.html(docsPage);
  });
  return api;
}

/** The whole HTTP surface; the entry point only opens the database and listens. */
export function createApp(createOptions: CreateAppOptions) {
  const { logger } = createOptions;
  const reportTotals = createOptions.reportTotals ?? createTotalsCache({ clock: createOptions.clock });
  const options: AppDeps & CreateAppOptions = {
    ...createOptions,
    bulk:
      createOptions.bulk ??
      createBulkRunner({
        db: createOptions.db,
        clock: createOptions.clock,
        logger,
        settings: createOptions.config.transfers,
        onLedgerChange: () => reportTotals.invalidate(),
      }),
    exports:
      createOptions.exports ??
      createExportRunner({
        db: createOptions.db,
        clock: createOptions.clock,
        logger,
        userFor: userLoader({ db: createOptions.db, groupIds: createOptions.groupIds }),
      }),
    reportTotals,
    sessionCache: createOptions.sessionCache ?? createSessionCache({ clock: createOptions.clock }),
    sessionActivity:
      createOptions.sessionActivity ?? createActivityRecorder({ db: createOptions.db, clock: createOptions.clock }),
  };
  const app = new Hono<AppEnv>();

  if (options.metrics) app.use('*', options.metrics.middleware());
  // A caller's X-Request-Id is kept (a proxy's, a client's retry), else one is made; either way it
  // is echoed back and named in the log line of the request.
  app.use('*', requestId({ headerName: HEADER.requestId }));
  app.use('*', closeAfterUnreadBody());
  app.use('/rest/*', async (c, next) => {
    const started = performance.now();
    await next();
    logger.info('request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      route: routePath(c),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });
  app.use('*', securityHeaders({ production: options.config.production }));
  app.use('*', rejectMalformedUrl());
  app.use('*', async (c, next) => {
    c.set('deps', options);
    c.set('channel', c.req.header(HEADER.channel) === CHANNEL.wap ? CHANNEL.wap : CHANNEL.dashboard);
    await next();
  });
  // A sign-out, deactivation or password reset is refused by this server's very next request.
  app.use('/rest/*', (_c, next) => forgetAnnouncedAfter(next, options.sessionCache.forgetUser));
  app.use('/rest/*', apiBodyLimit());
  app.use('/rest/*', apiNoStore());
  app.use('/rest/*', compress());
  app.use('*', xsrfProtection({ secure: options.config.production, secret: options.config.xsrfSecret }));
  app.route('/rest', buildApi(options.engine));

  app.all('/rest/*', () => {
    throw notFoundError('There is no API operation at this address.');
  });
  if (options.staticHandler) {
    const handler = options.staticHandler;
    app.on(['GET', 'HEAD'], '*', (c) => handler(c));
  }

  app.notFound((c) => c.json(failureBody(notFoundError()), 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(failureBody(error), error.status, { ...error.headers });
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(failureBody(new ApiError(error.status, 'BAD_REQUEST', 'Bad request', error.message)), error.status);
    }
    const id = c.get('requestId');
    logger.error('unhandled error', {
      requestId: id,
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
    });
    return c.json(
      failureBody(
        new ApiError(
          500,
          'INTERNAL_ERROR',
          'Something went wrong',
          `Something went wrong on our side. Reference: ${id}.`,
        ),
      ),
      500,
    );
  });
  return app;
}
