import { z } from 'zod';
import { CHANGE_KINDS } from '../change-requests';

/**
 * What an administrative change is about, as data the dashboard words in the reader's language
 * (the request's stored summary is English, kept for the audit trail): its kind, the staff user
 * it names and the transfer flow whose fees it changes; its values before → after are the facts.
 */
export const inboxChange = z
  .object({
    kind: z.enum(CHANGE_KINDS),
    user: z
      .object({
        id: z.number().int().nullable().meta({ description: 'None yet for a user to create' }),
        username: z.string(),
        name: z.string(),
      })
      .nullable()
      .meta({ description: 'A staff user change: the user it is about' }),
    flow: z.string().nullable().meta({ description: 'A fee schedule change: the transfer flow' }),
  })
  .meta({ id: 'InboxChange' });

export type InboxChange = z.output<typeof inboxChange>;
