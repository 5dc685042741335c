import * as operations from '../../../contract/api/students';
import { STUDENT_MANAGERS } from '../../../contract/students';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { listStudents, onboardStudent } from './students';

export function studentRoutes() {
  const router = createRouter();
  router.use('/students', requireSession());
  router.use('/students', async (c, next) => {
    if (!STUDENT_MANAGERS.includes(c.get('user').group)) {
      throw forbiddenError('Only zone sales managers onboard and follow students.');
    }
    await next();
  });

  router.openapi(routeFor(operations.onboardStudent), async (c) => {
    const { db, clock } = c.get('deps');
    const payload = await onboardStudent(db, { body: c.req.valid('json'), caller: c.get('user'), now: clock.now() });
    return c.json({ status: true as const, payload }, 201);
  });

  router.openapi(routeFor(operations.listStudents), async (c) => {
    const { db } = c.get('deps');
    const payload = await listStudents(db, { caller: c.get('user'), ...c.req.valid('query') });
    return c.json({ status: true as const, payload }, 200);
  });

  return router;
}
