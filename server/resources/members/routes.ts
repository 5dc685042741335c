import { asc, eq } from 'drizzle-orm';
import { listAssociatedMembers } from '../../../contract/api/members';
import { associatedMembers } from '../../db/schema';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';

export function memberRoutes() {
  const router = createRouter();
  router.use('/members/*', requireSession());
  router.openapi(routeFor(listAssociatedMembers), async (c) => {
    const { brokerId } = c.req.valid('query');
    const user = c.get('user');
    if (brokerId !== user.userId && user.group !== 'admin') {
      throw forbiddenError('You may only list your own associated members.');
    }
    const rows = await c
      .get('deps')
      .db.select({ memberId: associatedMembers.memberId, memberName: associatedMembers.memberName })
      .from(associatedMembers)
      .where(eq(associatedMembers.brokerUserId, brokerId))
      .orderBy(asc(associatedMembers.id));
    return c.json({ status: true as const, payload: { MemberDetailsList: rows } }, 200);
  });
  return router;
}
