import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { CHANNEL, HEADER } from '../contract/http';
import type { AppDeps, AppEnv } from './http/env';
import { ApiError, notFoundError } from './lib/api-error';
import { failureBody } from './http/envelope';
import { apiBodyLimit, MAX_JSON_BODY_BYTES } from './http/body-limit';
import { rejectMalformedUrl } from './http/malformed-url';
import { apiNoStore, securityHeaders } from './http/security-headers';
import { xsrfProtection } from './http/xsrf';
import { approvalRoutes } from './resources/approvals/routes';
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
import { reportRoutes } from './resources/reports/routes';
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
import { qrCodeRoutes } from './resources/qr-codes/routes';

export interface CreateAppOptions extends Omit<AppDeps, 'exports' | 'reportTotals' | 'bulk'> {
  exports?: AppDeps['exports'];
  bulk?: AppDeps['bulk'];
  reportTotals?: AppDeps['reportTotals'];
  engine: 'pglite' | 'postgres';
  /** The built dashboard's request handler, when there is one to serve. */
  staticHandler?: ((c: import('hono').Context) => Response | Promise<Response>) | null;
}

function buildApi(options: CreateAppOptions) {
  const api = new OpenAPIHono<AppEnv>();
  api.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'header',
    name: HEADER.sessionToken,
  });
  api.route('/', healthRoutes(options.engine));
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
  api.route('/', networkRoutes());
  api.route('/', kycRoutes());
  api.route('/', registrationRoutes());
  api.route('/', studentRoutes());
  api.route('/', bankRoutes());
  api.route('/', qrCodeRoutes());
  api.route('/', auditRoutes());
  api.route('/', bulkRoutes());
  api.route('/', walletMigrationRoutes());
  api.route('/', bannerRoutes());
  api.route('/', chargebackRoutes());
  api.route('/', detailRoutes());
  const documentConfig = {
    openapi: '3.0.3',
    info: {
      title: 'Wallet back-office API',
      version: '1.0.0',
      description:
        'Every success is { status: true, payload }; every error is { status: false, sessionExpired?, errors: [{ code, shortMessage, longMessage }] }. Amounts are integer XOF.',
    },
    servers: [{ url: '/rest' }],
  };
  // Built once, on first request (every route is registered by then): generating it costs tens
  // of milliseconds of CPU, and both pages are public. A generation error reaches onError.
  let document: ReturnType<typeof api.getOpenAPIDocument> | undefined;
  let docsPage: string | undefined;
  const openApiDocument = () => {
    document ??= withBodyLimitAnswers(api.getOpenAPIDocument(documentConfig));
    return document;
  };
  api.get('/openapi.json', (c) => c.json(openApiDocument()));
  api.get('/docs', (c) => {
    docsPage ??= renderDocsPage(openApiDocument() as unknown as Record<string, unknown>);
    return c.html(docsPage);
  });
  return api;
}

type OpenApiDocument = ReturnType<OpenAPIHono['getOpenAPIDocument']>;

/** Every operation that takes a body may answer 413 (server/http/body-limit.ts), declared or not. */
function withBodyLimitAnswers(document: OpenApiDocument): OpenApiDocument {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      const op = operation as { requestBody?: unknown; responses?: Record<string, unknown> } | undefined;
      if (!op?.requestBody || !op.responses || op.responses['413']) continue;
      op.responses['413'] = {
        description: `PAYLOAD_TOO_LARGE: the body is over ${MAX_JSON_BODY_BYTES / 1024} KB; refused before it is read`,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
  }
  return document;
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
        dir: createOptions.config.exportDir,
      }),
    reportTotals,
  };
  const app = new Hono<AppEnv>();

  app.use('*', requestId({ headerName: HEADER.requestId }));
  app.use('*', securityHeaders({ production: options.config.production }));
  app.use('*', rejectMalformedUrl());
  app.use('*', async (c, next) => {
    c.set('deps', options);
    c.set('channel', c.req.header(HEADER.channel) === CHANNEL.wap ? CHANNEL.wap : CHANNEL.dashboard);
    await next();
  });
  app.use('/rest/*', apiBodyLimit());
  app.use('/rest/*', apiNoStore());
  app.use('/rest/*', compress());
  app.use('*', xsrfProtection({ secure: options.config.production, secret: options.config.xsrfSecret }));
  app.route('/rest', buildApi(options));

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
