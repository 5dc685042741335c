import { z } from 'zod';

/**
 * What a change to a staff user answers when it waits for a second administrator (decision 029):
 * the users' changes and an admin's two-factor reset of a deciding user.
 */
export const staffUserChangePending = z
  .object({
    applied: z.literal(false),
    changeRequestId: z.number().int(),
    firstHalf: z.string().optional().meta({
      description:
        'A deciding user’s new one-time password (a reset, a creation): its first half, shown once to the maker. The approving administrator gets the second; the password is the first half, a dash, the second.',
      example: 'abcd-efgh',
    }),
  })
  .meta({ id: 'StaffUserChangePending' });
