import { z } from 'zod';
import { noControlCharacters } from '../fields';
import { userObject } from './auth';
import { defineOperation } from './operation';
import { pendingChange as staffUserChangePending } from './users';

const tags = ['Two-factor'];

/** A code as typed: six digits from the app, or a recovery code (`xxxxx-xxxxx`). Blanks are forgiven. */
const codeField = z
  .string()
  .trim()
  .min(1, 'Enter the code')
  .max(32)
  .refine(noControlCharacters, 'must not contain control characters')
  .meta({ example: '123456' });

const usernameParam = z.object({
  username: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine(noControlCharacters, 'must not contain control characters')
    .meta({ example: 'network-supervisor' }),
});

const status = z
  .object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    pending: z.boolean().meta({ description: 'A set-up was started and not confirmed' }),
    /** Unused recovery codes left (0 when off). */
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ id: 'TwoFactorStatus' });

const userStatus = z
  .object({
    username: z.string(),
    name: z.string(),
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    pending: z.boolean(),
  })
  .meta({ id: 'TwoFactorUserStatus' });

const enrolment = z
  .object({
    secret: z.string().meta({ description: 'Base32, in groups of four, to type into the app by hand' }),
    otpauthUri: z.string(),
    qrCode: z.string().meta({ description: 'The otpauth URI as a QR code: a data:image/svg+xml URL' }),
    issuer: z.string(),
    account: z.string(),
  })
  .meta({ id: 'TwoFactorEnrolment' });

const enabled = z
  .object({
    enabledAt: z.string(),
    recoveryCodes: z.array(z.string()).meta({ description: 'Ten single-use codes, shown this once' }),
  })
  .meta({ id: 'TwoFactorEnabled' });

const renewedCodes = z
  .object({
    recoveryCodes: z.array(z.string()).meta({ description: 'Ten new single-use codes, shown this once' }),
    /** The caller's state afterwards (recoveryCodesLeft is the new count). */
    status,
  })
  .meta({ id: 'TwoFactorRecoveryCodes' });

const codeBody = z.object({ code: codeField }).meta({ id: 'TwoFactorCode' });

/** GET two-factor: the caller's own state. */
export type TwoFactorStatus = z.output<typeof status>;
/** POST two-factor/enrolment: the new secret, to scan or to type. Shown once. */
export type TwoFactorEnrolment = z.output<typeof enrolment>;
/** POST two-factor/enrolment/confirm: on, with the recovery codes (shown once). */
export type TwoFactorEnabled = z.output<typeof enabled>;
/** POST two-factor/recovery-codes: a new set of recovery codes (shown once); the old ones stop working. */
export type TwoFactorRecoveryCodes = z.output<typeof renewedCodes>;
/** GET two-factor/users/{username} (admins): another user's state. */
export type TwoFactorUserStatus = z.output<typeof userStatus>;

const selfRefusals = {
  401: 'No live session',
  403: 'Only the groups whose menu has /two-factor (the admin menu); or XSRF',
  503: 'TWO_FACTOR_UNAVAILABLE: no TWO_FACTOR_KEY in production',
} as const;

const wrongCode = {
  400: 'VALIDATION_FAILED; INVALID_TWO_FACTOR_CODE (counts toward the account lock)',
  ...selfRefusals,
  409: 'TWO_FACTOR_NOT_ENABLED',
  429: 'TOO_MANY_ATTEMPTS after repeated wrong codes or passwords: wait Retry-After seconds',
} as const;

export const readTwoFactor = defineOperation({
  method: 'get',
  path: '/two-factor',
  tags,
  summary: 'The caller’s two-factor sign-in: on or off, and recovery codes left',
  answers: { 200: { schema: status, description: 'The caller’s state' } },
  errors: selfRefusals,
});

export const startEnrolment = defineOperation({
  method: 'post',
  path: '/two-factor/enrolment',
  tags,
  summary: 'Start the set-up: a new secret, as a QR code and as text (replaces an unconfirmed one)',
  answers: {
    201: { schema: enrolment, description: 'Scan the QR code, or type the secret, into an authenticator app' },
  },
  errors: { ...selfRefusals, 409: 'TWO_FACTOR_ALREADY_ENABLED' },
});

export const confirmEnrolment = defineOperation({
  method: 'post',
  path: '/two-factor/enrolment/confirm',
  tags,
  summary: 'Confirm the set-up with the app’s first code: two-factor is on; the recovery codes come once',
  body: codeBody,
  answers: { 200: { schema: enabled, description: 'On, with ten recovery codes' } },
  errors: {
    400: 'VALIDATION_FAILED; INVALID_TWO_FACTOR_CODE',
    ...selfRefusals,
    409: 'NO_ENROLMENT; TWO_FACTOR_ALREADY_ENABLED',
  },
});

export const disableTwoFactor = defineOperation({
  method: 'post',
  path: '/two-factor/disable',
  tags,
  summary: 'Turn two-factor off with a code from the app or a recovery code',
  body: codeBody,
  answers: { 200: { schema: status, description: 'Off' } },
  errors: wrongCode,
});

export const renewRecoveryCodes = defineOperation({
  method: 'post',
  path: '/two-factor/recovery-codes',
  tags,
  summary: 'A new set of ten recovery codes, with a code from the app or a recovery code; the old ones stop working',
  body: codeBody,
  answers: { 200: { schema: renewedCodes, description: 'Ten new recovery codes, shown this once' } },
  errors: wrongCode,
});

export const readUserTwoFactor = defineOperation({
  method: 'get',
  path: '/two-factor/users/{username}',
  tags,
  summary: 'Admins: another user’s two-factor state',
  params: usernameParam,
  answers: { 200: { schema: userStatus, description: 'The user’s state' } },
  errors: { ...selfRefusals, 404: 'No such user' },
});

export const resetUserTwoFactor = defineOperation({
  method: 'post',
  path: '/two-factor/users/{username}/reset',
  tags,
  summary:
    'Admins: remove another user’s two-factor (lost phone); they sign in with the password alone. A user who decides something (isDecidingUser) waits for a second administrator (202).',
  params: usernameParam,
  answers: {
    200: { schema: userStatus, description: 'Reset' },
    202: {
      schema: staffUserChangePending,
      description: 'The user decides something: a change request waits for a second administrator',
    },
  },
  errors: { ...selfRefusals, 404: 'No such user', 409: 'TWO_FACTOR_NOT_ENABLED; CANNOT_RESET_OWN; CHANGE_PENDING' },
});

export const answerTwoFactorChallenge = defineOperation({
  method: 'post',
  path: '/auth/login/two-factor',
  tags: ['Session'],
  summary: 'Second step of a sign-in: the challenge from auth/login and a code; returns the user object',
  session: false,
  body: z.object({ challengeToken: z.string().min(1).max(200), code: codeField }).meta({ id: 'TwoFactorLogin' }),
  answers: { 200: { schema: userObject, description: 'Signed in' } },
  errors: {
    400: 'VALIDATION_FAILED',
    401: 'INVALID_TWO_FACTOR_CODE (counts toward the account lock); TWO_FACTOR_CHALLENGE_EXPIRED (after 5 minutes, 5 codes, or once used: sign in again)',
    403: 'Anti-forgery token missing or mismatched',
    429: 'TOO_MANY_ATTEMPTS: wait Retry-After seconds',
    503: 'TWO_FACTOR_UNAVAILABLE',
  },
});
