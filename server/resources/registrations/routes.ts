import type { Context } from 'hono';
import * as operations from '../../../contract/api/registrations';
import { REGISTRATION_OPERATIONS } from '../../../contract/api/registrations';
import { mayRegister } from '../../../contract/registration-forms';
import { REGISTRATION_KINDS, type RegistrationBody } from '../../../contract/registration';
import { STUDENT_MANAGERS } from '../../../contract/students';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { availability } from './availability';
import { registerAccount } from './register';

export function registrationRoutes() {
  const router = createRouter();
  router.use('/registrations/*', requireSession());

  for (const kind of REGISTRATION_KINDS) {
    router.openapi(routeFor(REGISTRATION_OPERATIONS[kind]), async (c: Context<AppEnv>) => {
      const user = c.get('user');
      if (!mayRegister(user.group, kind)) throw forbiddenError(`Your group may not register this kind of account.`);
      const { db, clock, reportTotals } = c.get('deps');
      const body = (c.req as unknown as { valid(target: 'json'): RegistrationBody }).valid('json');
      const payload = await registerAccount(db, { kind, body, caller: user, now: clock.now() });
      reportTotals.invalidate();
      return c.json({ status: true as const, payload }, 201);
    });
  }

  router.openapi(routeFor(operations.getRegistrationAvailability), async (c) => {
    const user = c.get('user');
    const registers = REGISTRATION_KINDS.some((kind) => mayRegister(user.group, kind));
    if (!registers && !STUDENT_MANAGERS.includes(user.group)) throw forbiddenError('Your group registers no accounts.');
    const payload = await availability(c.get('deps').db, user, c.req.valid('query'));
    return c.json({ status: true as const, payload }, 200);
  });

  return router;
}
