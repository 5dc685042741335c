import type { OpenAPIHono } from '@hono/zod-openapi';
import { HEADER, XSRF_COOKIE } from '../../contract/http';
import { MAX_JSON_BODY_BYTES } from './body-limit';
import type { AppEnv } from './env';
import { OPERATION_IDS } from './operation-ids';
import { operationKey } from './operations';
import { withTypedNullables } from './openapi-nullable';

/**
 * The OpenAPI document integrators read (`GET /rest/openapi.json`), and that `npm run lint`
 * checks with Redocly (docs/decisions/022-api-contract-lint.md). Routes declare their own
 * schemas, answers and `security`; what every route shares because a middleware applies it
 * to all of them (XSRF, body limit, malformed addresses) is written here, once.
 */
type OpenApiDocument = ReturnType<OpenAPIHono['getOpenAPIDocument']>;
type Requirement = Record<string, string[]>;
interface Operation {
  operationId?: string;
  security?: Requirement[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

const DOCUMENT_CONFIG = {
  openapi: '3.0.3',
  info: {
    title: 'Wallet back-office API',
    version: '1.0.0',
    description:
      'Every success is { status: true, payload }; every error is { status: false, sessionExpired?, errors: [{ code, shortMessage, longMessage }] }. Amounts are integer XOF.',
    license: { name: 'Proprietary' },
  },
  servers: [{ url: '/rest' }],
};

/** As server/http/session.ts and server/http/xsrf.ts check them (docs/security.md). */
const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'header',
    name: HEADER.sessionToken,
    description: 'The token sign-in answers as the user object’s sessionId. Not a cookie: another site cannot send it.',
  },
  xsrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: XSRF_COOKIE,
    description:
      'Set by the server on the first answer to a client without it, and again at sign-in (then bound to the session). Required, with the same value in X-XSRF-TOKEN, on every request but GET, HEAD and OPTIONS.',
  },
  xsrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: HEADER.xsrf,
    description: 'The value of the XSRF-TOKEN cookie, repeated (double submit).',
  },
} as const;

/** `security` of an operation that takes the session when there is one and works without it. */
export const SESSION_IF_ANY: Requirement[] = [{ session: [] }, {}];

const XSRF: Requirement = { xsrfCookie: [], xsrfHeader: [] };
const SAFE_METHODS = new Set(['get', 'head', 'options']);

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/**
 * A write needs the XSRF pair whoever calls it, the sign-in included (server/http/xsrf.ts runs
 * before every route), so each of its requirements gains the pair. A route that declares no
 * `security` is left without one: the lint and the contract test then name it.
 */
function withXsrf(method: string, op: Operation) {
  if (!op.security || SAFE_METHODS.has(method)) return;
  op.security = op.security.length === 0 ? [XSRF] : op.security.map((r) => ({ ...r, ...XSRF }));
}

/** The answers middleware gives any route, declared where the route does not declare its own. */
function withSharedAnswers(method: string, op: Operation) {
  const responses = op.responses;
  if (!responses) return;
  responses['400'] ??= errorAnswer('MALFORMED_URL: the path or query holds invalid percent-encoding');
  if (op.security?.length && op.security.every((r) => 'session' in r)) {
    responses['401'] ??= errorAnswer('SESSION_EXPIRED: no live session (sessionExpired: true)');
  }
  if (!SAFE_METHODS.has(method)) {
    responses['403'] ??= errorAnswer(
      'XSRF_MISMATCH: the XSRF-TOKEN cookie and X-XSRF-TOKEN header are missing or differ',
    );
  }
  if (op.requestBody) {
    responses['413'] ??= errorAnswer(
      `PAYLOAD_TOO_LARGE: the body is over ${MAX_JSON_BODY_BYTES / 1024} KB; refused before it is read`,
    );
  }
}

export function buildOpenApiDocument(api: OpenAPIHono<AppEnv>): OpenApiDocument {
  const document = api.getOpenAPIDocument(DOCUMENT_CONFIG);
  document.components = { ...document.components, securitySchemes: { ...SECURITY_SCHEMES } };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      const op = value as Operation;
      op.operationId ??= OPERATION_IDS[operationKey(method, path)];
      withXsrf(method, op);
      withSharedAnswers(method, op);
    }
  }
  return withTypedNullables(document);
}
