import { z } from '@hono/zod-openapi';

/** A staff account's change that waits for a second administrator, whichever page asked for it. */
export const pendingChange = z
  .object({
    applied: z.literal(false),
    changeRequestId: z.number().int(),
    firstHalf: z.string().optional().openapi({
      description:
        'A deciding user’s new one-time password (a reset, a creation): its first half, shown once to the maker. The approving administrator gets the second; the password is the first half, a dash, the second.',
      example: 'abcd-efgh',
    }),
  })
  .openapi('StaffUserChangePending');
