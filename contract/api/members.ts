import { z } from 'zod';
import { defineOperation } from './operation';
import { idSchema } from './schema-parts';

const memberDetails = z.object({ memberId: z.string(), memberName: z.string() }).meta({ id: 'MemberDetails' });

/** One member associated with a broker (the AFTU master's partners). */
export type MemberDetails = z.output<typeof memberDetails>;

export const listAssociatedMembers = defineOperation({
  method: 'get',
  path: '/members/merchant-partner/associated-members',
  tags: ['Members'],
  summary: "Members associated with a broker (the AFTU master's partners)",
  query: z.object({ brokerId: idSchema().meta({ example: 26 }) }),
  answers: {
    200: {
      schema: z.object({ MemberDetailsList: z.array(memberDetails) }),
      description: 'The associated members, oldest first',
    },
  },
  errors: { 401: 'No live session', 403: "Another broker's members" },
});
