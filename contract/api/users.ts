import { z } from 'zod';
import { GROUP_KEYS } from '../groups';
import {
  BANK_PROFILES,
  STAFF_CHANGE_KINDS,
  USER_STATUSES,
  userCreateSchema,
  userListQuerySchema,
  userUpdateSchema,
} from '../staff-users';
import { defineOperation } from './operation';
import { dateTime, idSchema } from './schema-parts';

const tags = ['Staff accounts'];

const aftuMember = z.object({ memberId: z.string(), name: z.string() }).meta({ id: 'AftuMember' });

const userView = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    group: z.enum(GROUP_KEYS),
    bank: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
    profile: z.enum(BANK_PROFILES).nullable().meta({ description: 'Bank users: what their menu follows' }),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    members: z
      .array(aftuMember)
      .meta({ description: 'AFTU masters: the AFTU members they represent (one menu section each)' }),
    status: z.enum(USER_STATUSES),
    mustChangePassword: z.boolean().meta({ description: 'Holds a one-time password not yet replaced' }),
    twoFactor: z.boolean(),
    /** Sign-in is slowed down after failures (decision 015): an admin may clear it. */
    throttled: z.boolean().meta({ description: 'Recent sign-in failures slow this user down (unlock clears them)' }),
    decides: z.boolean().meta({
      description:
        'Decides what others ask: a reset, unlock or reactivation waits for a second administrator, and a password reset comes in two halves',
    }),
    createdAt: dateTime,
  })
  .meta({ id: 'StaffUser' });

const pendingUserChange = z.object({
  id: z.number().int(),
  kind: z.enum(STAFF_CHANGE_KINDS),
  summary: z.string(),
  maker: z.string(),
  /** The caller asked for it: another administrator must decide. */
  mine: z.boolean(),
  createdAt: dateTime,
});

const userPage = z
  .object({
    rows: z.array(userView),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pending: z
      .array(pendingUserChange)
      .meta({ description: 'Staff changes waiting for a second administrator (the approvals inbox)' }),
  })
  .meta({ id: 'StaffUserPage' });

const appliedChange = z
  .object({
    applied: z.literal(true),
    user: userView,
    oneTimePassword: z
      .string()
      .optional()
      .meta({ description: 'A new user’s one-time password: shown once, stored only as a hash' }),
  })
  .meta({ id: 'StaffUserChangeApplied' });

/** Also what the two-factor reset of a deciding user answers while it waits. */
export const pendingChange = z
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

const passwordReset = z
  .object({ user: userView, oneTimePassword: z.string().meta({ description: 'Shown once' }) })
  .meta({ id: 'StaffUserPasswordReset' });

/** A staff user as /users lists it. */
export type StaffUserView = z.output<typeof userView>;
/** An AFTU member a broker may represent. */
export type AftuMemberOption = z.output<typeof aftuMember>;
/** A creation or change of a staff user that waits for a second administrator. */
export type PendingUserChange = z.output<typeof pendingUserChange>;
/** One page of users, and every staff change waiting for a second administrator, whatever the filters. */
export type StaffUserPage = z.output<typeof userPage>;
/**
 * A change waiting for a second administrator. `firstHalf`: the first half of a deciding user's
 * one-time password, shown once to the maker; the approving administrator gets the second (decision 031).
 */
export type StaffChangeWaiting = z.output<typeof pendingChange>;
/** What a change answers: done at once (the user after it), or waiting for a second admin. */
export type StaffUserChange = z.output<typeof appliedChange> | StaffChangeWaiting;

const userId = z.object({ id: idSchema().meta({ example: 3 }) });

const refusals = {
  401: 'No live session',
  403: 'Only the groups with the admin menu manage staff accounts (FORBIDDEN)',
} as const;

const waitsAnswer = {
  schema: pendingChange,
  description: 'The user decides something: a change request waits for a second administrator',
} as const;

const WAITS = ' A user who decides something (isDecidingUser) waits for a second administrator (202).';

export const listUsers = defineOperation({
  method: 'get',
  path: '/users',
  tags,
  summary: 'Staff users by name or username, group and status; active first, then by name',
  query: userListQuerySchema,
  answers: { 200: { schema: userPage, description: 'One page of users' } },
  errors: { 400: 'VALIDATION_FAILED', ...refusals },
});

export const listAftuMembers = defineOperation({
  method: 'get',
  path: '/users/aftu-members',
  tags,
  summary: 'The AFTU members an AFTU master (broker) may represent, for the staff-user form',
  answers: {
    200: { schema: z.object({ members: z.array(aftuMember) }), description: 'Every AFTU member, by member id' },
  },
  errors: refusals,
});

export const createUser = defineOperation({
  method: 'post',
  path: '/users',
  tags,
  summary:
    'Create a staff user with a one-time password (shown once). A user who will decide something (the admin menu’s groups, a bank Checker, support, KYC reviewers) waits for a second administrator instead (202): the maker gets the first half of the one-time password, the approving administrator the second. Audited.',
  body: userCreateSchema.meta({ id: 'StaffUserCreateRequest' }),
  answers: {
    201: { schema: appliedChange, description: 'The new user and its one-time password' },
    202: { schema: pendingChange, description: 'A change request waits for a second administrator' },
  },
  errors: {
    400: 'VALIDATION_FAILED',
    ...refusals,
    409: 'USERNAME_TAKEN; CHANGE_PENDING (the same user already waits for a decision)',
    422: 'BANK_NOT_FOUND; MEMBER_NOT_FOUND',
  },
});

export const updateUser = defineOperation({
  method: 'put',
  path: '/users/{id}',
  tags,
  summary:
    'Change a staff user’s name, group, bank, profile or contact. Into or out of the admin menu’s groups, or a change that widens what the user decides (a bank Checker’s profile or bank, a deciding group), waits for a second administrator (202). Audited.',
  params: userId,
  body: userUpdateSchema.meta({ id: 'StaffUserUpdateRequest' }),
  answers: {
    200: { schema: appliedChange, description: 'The user after the change' },
    202: { schema: pendingChange, description: 'A change request waits for a second administrator' },
  },
  errors: {
    400: 'VALIDATION_FAILED',
    ...refusals,
    404: 'NOT_FOUND',
    409: 'CANNOT_CHANGE_OWN; CHANGE_PENDING (a change of this user already waits)',
    422: 'BANK_NOT_FOUND; MEMBER_NOT_FOUND',
  },
});

const userAfter = { schema: userView, description: 'The user after the change' } as const;

export const deactivateUser = defineOperation({
  method: 'post',
  path: '/users/{id}/deactivate',
  tags,
  summary: 'Deactivate a staff user: every session ends at once and sign-in is refused. Audited.',
  params: userId,
  answers: { 200: userAfter },
  errors: { 400: 'VALIDATION_FAILED', ...refusals, 404: 'NOT_FOUND', 409: 'ALREADY_DEACTIVATED; CANNOT_CHANGE_OWN' },
});

export const reactivateUser = defineOperation({
  method: 'post',
  path: '/users/{id}/reactivate',
  tags,
  summary: `Let a deactivated user sign in again.${WAITS} Audited.`,
  params: userId,
  answers: { 200: userAfter, 202: waitsAnswer },
  errors: {
    400: 'VALIDATION_FAILED',
    ...refusals,
    404: 'NOT_FOUND',
    409: 'ALREADY_ACTIVE; CANNOT_CHANGE_OWN; CHANGE_PENDING',
  },
});

export const unlockUser = defineOperation({
  method: 'post',
  path: '/users/{id}/unlock',
  tags,
  summary: `Forget the user’s sign-in failures: the next attempt is checked at once.${WAITS} Audited.`,
  params: userId,
  answers: { 200: userAfter, 202: waitsAnswer },
  errors: { 400: 'VALIDATION_FAILED', ...refusals, 404: 'NOT_FOUND', 409: 'CANNOT_CHANGE_OWN; CHANGE_PENDING' },
});

export const resetUserTwoFactor = defineOperation({
  method: 'post',
  path: '/users/{id}/two-factor/reset',
  tags,
  summary: `Remove the user’s two-factor sign-in (a lost phone): the password alone signs in until they turn it on again.${WAITS} Audited.`,
  params: userId,
  answers: { 200: userAfter, 202: waitsAnswer },
  errors: {
    400: 'VALIDATION_FAILED',
    ...refusals,
    404: 'NOT_FOUND',
    409: 'CANNOT_CHANGE_OWN; TWO_FACTOR_NOT_ENABLED; CHANGE_PENDING',
  },
});

export const resetUserPassword = defineOperation({
  method: 'post',
  path: '/users/{id}/password-reset',
  tags,
  summary:
    'Issue a new one-time password: the old one stops working, sessions end, the user must choose a new one at next sign-in. For a user who decides nothing, at once, the password shown once (200). For a user who decides something, a change request (202): the maker gets the first half of the password, the approving administrator the second. Audited.',
  params: userId,
  answers: {
    200: { schema: passwordReset, description: 'The user and its one-time password' },
    202: {
      schema: pendingChange,
      description: 'Waits for a second administrator; the first half of the password, shown once',
    },
  },
  errors: {
    400: 'VALIDATION_FAILED',
    ...refusals,
    404: 'NOT_FOUND',
    409: 'CANNOT_CHANGE_OWN; CHANGE_PENDING',
    503: 'SECRET_KEY_MISSING: no server key to keep the first half with',
  },
});
