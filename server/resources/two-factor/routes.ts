import * as operations from '../../../contract/api/two-factor';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { changeCredential } from '../../domain/users/credentials';
import { userNamed, userStatus } from '../../domain/two-factor/admin-reset';
import { completeChallenge } from '../../domain/two-factor/challenge';
import { statusOf } from '../../domain/two-factor/codes';
import { confirmEnrolment, disable, regenerateRecoveryCodes, startEnrolment } from './enrolment';

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

  router.openapi(routeFor(operations.readTwoFactor), async (c) => {
    const { db } = c.get('deps');
    return c.json({ status: true as const, payload: await statusOf(db, c.get('user').userId) }, 200);
  });

  router.openapi(routeFor(operations.startEnrolment), async (c) =>
    c.json({ status: true as const, payload: await startEnrolment(c) }, 201),
  );

  router.openapi(routeFor(operations.confirmEnrolment), async (c) =>
    c.json({ status: true as const, payload: await confirmEnrolment(c, c.req.valid('json').code) }, 200),
  );

  router.openapi(routeFor(operations.disableTwoFactor), async (c) =>
    c.json({ status: true as const, payload: await disable(c, c.req.valid('json').code) }, 200),
  );

  router.openapi(routeFor(operations.renewRecoveryCodes), async (c) =>
    c.json({ status: true as const, payload: await regenerateRecoveryCodes(c, c.req.valid('json').code) }, 200),
  );

  router.openapi(routeFor(operations.readUserTwoFactor), async (c) => {
    const { db } = c.get('deps');
    return c.json({ status: true as const, payload: await userStatus(db, c.req.valid('param').username) }, 200);
  });

  router.openapi(routeFor(operations.resetUserTwoFactor), async (c) => {
    const { db } = c.get('deps');
    const user = await userNamed(db, c.req.valid('param').username);
    const change = await changeCredential(c, user.id, 'twoFactorReset');
    return change.applied
      ? c.json({ status: true as const, payload: await userStatus(db, user.username) }, 200)
      : c.json({ status: true as const, payload: change }, 202);
  });

  router.openapi(routeFor(operations.answerTwoFactorChallenge), async (c) => {
    const { challengeToken, code } = c.req.valid('json');
    return c.json({ status: true as const, payload: await completeChallenge(c, challengeToken, code) }, 200);
  });

  return router;
}
