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
