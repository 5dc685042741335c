import { z } from '@hono/zod-openapi';

/** The answer of every way to sign in or to read the signed-in user: a password, a two-factor code, a changed password. */
export const userObject = z
  .object({
    sessionId: z.string(),
    profile: z.object({
      id: z.number().int(),
      name: z.string(),
      username: z.string(),
      menuProfile: z
        .string()
        .openapi({ description: 'What the menus read (Bridge, Checker): the chosen profile, else the name' }),
    }),
    groupDetails: z.object({ groupId: z.number().int() }),
    bankId: z.number().int().nullable(),
    bankList: z.array(
      z.object({
        id: z.number().int(),
        code: z.string(),
        name: z.string(),
        bankGroup: z.string().nullable(),
        active: z.boolean().openapi({ description: 'Deactivated banks stay for reports; pickers drop them' }),
      }),
    ),
    accountsData: z.array(
      z.object({
        number: z.string(),
        kind: z.string(),
        label: z.string(),
        currency: z.string(),
        balance: z.number().int(),
        status: z.string(),
      }),
    ),
    /** The server's idle timeout: the dashboard warns before it ends the session. */
    sessionPolicy: z.object({ idleSeconds: z.number().int() }),
    /** A one-time password signed in: only auth/password (and logout, session) answers until it is changed. */
    mustChangePassword: z.boolean(),
  })
  .openapi('User');
