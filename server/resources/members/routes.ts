import { createRoute, z } from '@hono/zod-openapi';
import { asc, eq } from 'drizzle-orm';
import { associatedMembers } from '../../db/schema';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { idParam } from '../../http/params';
import { requireSession } from '../../http/session';

const memberDetails = z.object({ memberId: z.string(), memberName: z.string() }).openapi('MemberDetails');

const associatedMembersRoute = createRoute({
  method: 'get',
  path: '/members/merchant-partner/associated-members',
  tags: ['Members'],
  summary: "Members associated with a broker (the AFTU master's partners)",
  security: [{ session: [] }],
  request: {
    query: z.object({ brokerId: idParam().openapi({ example: 26 }) }),
  },
  responses: {
    200: jsonSuccess(z.object({ MemberDetailsList: z.array(memberDetails) }), 'The associated members, oldest first'),
    401: errorResponse('No live session'),
    403: errorResponse("Another broker's members"),
  },
});

export function memberRoutes() {
  const router = createRouter();
  router.use('/members/*', requireSession());
  router.openapi(associatedMembersRoute, async (c) => {
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
