import { z } from '@hono/zod-openapi';
import { noControlCharacters } from '../../http/params';

export const loginBody = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, 'Enter your username')
      .max(64)
      .refine(...noControlCharacters),
    password: z.string().min(1, 'Enter your password').max(256),
  })
  .openapi('LoginRequest');

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

export const changePasswordBody = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(256),
    newPassword: z.string().min(1, 'Enter a new password').max(256),
  })
  .openapi('ChangePasswordRequest');

/** What auth/login answers instead of the user object when the user has two-factor on. */
export const twoFactorChallenge = z
  .object({
    twoFactorRequired: z.literal(true),
    challengeToken: z
      .string()
      .openapi({ description: 'For POST auth/login/two-factor; single use, 5 minutes, 5 codes' }),
    expiresAt: z.string(),
  })
  .openapi('TwoFactorChallenge');
