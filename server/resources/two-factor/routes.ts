import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { noControlCharacters } from '../../http/params';
import { requireSession } from '../../http/session';
import { userObject } from '../../http/schemas/signed-in-user';
import { changeCredential } from '../../domain/users/credentials';
import { pendingChange } from '../../http/schemas/staff-change-pending';
import { userNamed, userStatus } from '../../domain/two-factor/admin-reset';
import { completeChallenge } from '../../domain/two-factor/challenge';
import { statusOf } from '../../domain/two-factor/codes';
import { confirmEnrolment, disable, regenerateRecoveryCodes, startEnrolment } from './enrolment';

const TAGS = ['Two-factor'];

/** A code as typed: six digits from the app, or a recovery code (`xxxxx-xxxxx`). Blanks are forgiven. */
const codeField = z
  .string()
  .trim()
  .min(1, 'Enter the code')
  .max(32)
  .refine(...noControlCharacters)
  .openapi({ example: '123456' });

const usernameParam = z.object({
  username: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine(...noControlCharacters)
    .openapi({ param: { name: 'username', in: 'path' }, example: 'network-supervisor' }),
});

const status = z
  .object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    pending: z.boolean().openapi({ description: 'A set-up was started and not confirmed' }),
    recoveryCodesLeft: z.number().int(),
  })
  .openapi('TwoFactorStatus');

const userStatusSchema = z
  .object({
    username: z.string(),
    name: z.string(),
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    pending: z.boolean(),
  })
  .openapi('TwoFactorUserStatus');

const enrolment = z
  .object({
    secret: z.string().openapi({ description: 'Base32, in groups of four, to type into the app by hand' }),
    otpauthUri: z.string(),
    qrCode: z.string().openapi({ description: 'The otpauth URI as a QR code: a data:image/svg+xml URL' }),
    issuer: z.string(),
    account: z.string(),
  })
  .openapi('TwoFactorEnrolment');

const enabled = z
  .object({
    enabledAt: z.string(),
    recoveryCodes: z.array(z.string()).openapi({ description: 'Ten single-use codes, shown this once' }),
  })
  .openapi('TwoFactorEnabled');

const renewedCodes = z
  .object({
    recoveryCodes: z.array(z.string()).openapi({ description: 'Ten new single-use codes, shown this once' }),
    status,
  })
  .openapi('TwoFactorRecoveryCodes');

const codeBody = z.object({ code: codeField }).openapi('TwoFactorCode');

const json = <T extends z.ZodTypeAny>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const selfRefusals = {
  401: errorResponse('No live session'),
  403: errorResponse('Only the groups whose menu has /two-factor (the admin menu); or XSRF'),
  503: errorResponse('TWO_FACTOR_UNAVAILABLE: no TWO_FACTOR_KEY in production'),
};

const statusRoute = createRoute({
  method: 'get',
  path: '/two-factor',
  tags: TAGS,
  summary: 'The caller’s two-factor sign-in: on or off, and recovery codes left',
  security: [{ session: [] }],
  responses: { 200: jsonSuccess(status, 'The caller’s state'), ...selfRefusals },
});

const enrolRoute = createRoute({
  method: 'post',
  path: '/two-factor/enrolment',
  tags: TAGS,
  summary: 'Start the set-up: a new secret, as a QR code and as text (replaces an unconfirmed one)',
  security: [{ session: [] }],
  responses: {
    201: jsonSuccess(enrolment, 'Scan the QR code, or type the secret, into an authenticator app'),
    ...selfRefusals,
    409: errorResponse('TWO_FACTOR_ALREADY_ENABLED'),
  },
});

const confirmRoute = createRoute({
  method: 'post',
  path: '/two-factor/enrolment/confirm',
  tags: TAGS,
  summary: 'Confirm the set-up with the app’s first code: two-factor is on; the recovery codes come once',
  security: [{ session: [] }],
  request: json(codeBody),
  responses: {
    200: jsonSuccess(enabled, 'On, with ten recovery codes'),
    400: errorResponse('VALIDATION_FAILED; INVALID_TWO_FACTOR_CODE'),
    ...selfRefusals,
    409: errorResponse('NO_ENROLMENT; TWO_FACTOR_ALREADY_ENABLED'),
  },
});

const disableRoute = createRoute({
  method: 'post',
  path: '/two-factor/disable',
  tags: TAGS,
  summary: 'Turn two-factor off with a code from the app or a recovery code',
  security: [{ session: [] }],
  request: json(codeBody),
  responses: {
    200: jsonSuccess(status, 'Off'),
    400: errorResponse('VALIDATION_FAILED; INVALID_TWO_FACTOR_CODE (counts toward the account lock)'),
    ...selfRefusals,
    409: errorResponse('TWO_FACTOR_NOT_ENABLED'),
    429: errorResponse('TOO_MANY_ATTEMPTS after repeated wrong codes or passwords: wait Retry-After seconds'),
  },
});

const recoveryCodesRoute = createRoute({
  method: 'post',
  path: '/two-factor/recovery-codes',
  tags: TAGS,
  summary: 'A new set of ten recovery codes, with a code from the app or a recovery code; the old ones stop working',
  security: [{ session: [] }],
  request: json(codeBody),
  responses: {
    200: jsonSuccess(renewedCodes, 'Ten new recovery codes, shown this once'),
    400: errorResponse('VALIDATION_FAILED; INVALID_TWO_FACTOR_CODE (counts toward the account lock)'),
    ...selfRefusals,
    409: errorResponse('TWO_FACTOR_NOT_ENABLED'),
    429: errorResponse('TOO_MANY_ATTEMPTS after repeated wrong codes or passwords: wait Retry-After seconds'),
  },
});

const userStatusRoute = createRoute({
  method: 'get',
  path: '/two-factor/users/{username}',
  tags: TAGS,
  summary: 'Admins: another user’s two-factor state',
  security: [{ session: [] }],
  request: { params: usernameParam },
  responses: {
    200: jsonSuccess(userStatusSchema, 'The user’s state'),
    ...selfRefusals,
    404: errorResponse('No such user'),
  },
});

const resetRoute = createRoute({
  method: 'post',
  path: '/two-factor/users/{username}/reset',
  tags: TAGS,
  summary:
    'Admins: remove another user’s two-factor (lost phone); they sign in with the password alone. A user who decides something (isDecidingUser) waits for a second administrator (202).',
  security: [{ session: [] }],
  request: { params: usernameParam },
  responses: {
    200: jsonSuccess(userStatusSchema, 'Reset'),
    202: jsonSuccess(pendingChange, 'The user decides something: a change request waits for a second administrator'),
    ...selfRefusals,
    404: errorResponse('No such user'),
    409: errorResponse('TWO_FACTOR_NOT_ENABLED; CANNOT_RESET_OWN; CHANGE_PENDING'),
  },
});

const challengeRoute = createRoute({
  method: 'post',
  path: '/auth/login/two-factor',
  tags: ['Session'],
  summary: 'Second step of a sign-in: the challenge from auth/login and a code; returns the user object',
  security: [],
  request: json(z.object({ challengeToken: z.string().min(1).max(200), code: codeField }).openapi('TwoFactorLogin')),
  responses: {
    200: jsonSuccess(userObject, 'Signed in'),
    400: errorResponse('VALIDATION_FAILED'),
    401: errorResponse(
      'INVALID_TWO_FACTOR_CODE (counts toward the account lock); TWO_FACTOR_CHALLENGE_EXPIRED (after 5 minutes, 5 codes, or once used: sign in again)',
    ),
    403: errorResponse('Anti-forgery token missing or mismatched'),
    429: errorResponse('TOO_MANY_ATTEMPTS: wait Retry-After seconds'),
    503: errorResponse('TWO_FACTOR_UNAVAILABLE'),
  },
});

export function twoFactorRoutes() {
  const router = createRouter();
  // '/two-factor/*' matches '/two-factor' itself too: one registration, so the session slides once.
  router.use('/two-factor/*', requireSession());
  // The groups whose menu links to /two-factor: the admin menu's (permissionGroup maps them to admin).
  const adminMenuOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.get('user').group !== 'admin') throw forbiddenError('Two-factor sign-in is managed from the admin menu.');
    await next();
  };
  router.use('/two-factor/*', adminMenuOnly);

  router.openapi(statusRoute, async (c) => {
    const { db } = c.get('deps');
    return c.json({ status: true as const, payload: await statusOf(db, c.get('user').userId) }, 200);
  });

  router.openapi(enrolRoute, async (c) => c.json({ status: true as const, payload: await startEnrolment(c) }, 201));

  router.openapi(confirmRoute, async (c) =>
    c.json({ status: true as const, payload: await confirmEnrolment(c, c.req.valid('json').code) }, 200),
  );

  router.openapi(disableRoute, async (c) =>
    c.json({ status: true as const, payload: await disable(c, c.req.valid('json').code) }, 200),
  );

  router.openapi(recoveryCodesRoute, async (c) =>
    c.json({ status: true as const, payload: await regenerateRecoveryCodes(c, c.req.valid('json').code) }, 200),
  );

  router.openapi(userStatusRoute, async (c) => {
    const { db } = c.get('deps');
    return c.json({ status: true as const, payload: await userStatus(db, c.req.valid('param').username) }, 200);
  });

  router.openapi(resetRoute, async (c) => {
    const { db } = c.get('deps');
    const user = await userNamed(db, c.req.valid('param').username);
    const change = await changeCredential(c, user.id, 'twoFactorReset');
    return change.applied
      ? c.json({ status: true as const, payload: await userStatus(db, user.username) }, 200)
      : c.json({ status: true as const, payload: change }, 202);
  });

  router.openapi(challengeRoute, async (c) => {
    const { challengeToken, code } = c.req.valid('json');
    return c.json({ status: true as const, payload: await completeChallenge(c, challengeToken, code) }, 200);
  });

  return router;
}
