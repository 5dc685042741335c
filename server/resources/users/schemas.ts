import { z } from '@hono/zod-openapi';
import { GROUP_KEYS } from '../../../contract/groups';
import {
  BANK_PROFILES,
  STAFF_CHANGE_KINDS,
  USER_STATUSES,
  userCreateSchema,
  userUpdateSchema,
} from '../../../contract/staff-users';
import { idParam } from '../../http/params';

const aftuMember = z.object({ memberId: z.string(), name: z.string() }).openapi('AftuMember');

export const aftuMemberList = z.object({ members: z.array(aftuMember) });

export const userView = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    group: z.enum(GROUP_KEYS),
    bank: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
    profile: z.enum(BANK_PROFILES).nullable().openapi({ description: 'Bank users: what their menu follows' }),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    members: z
      .array(aftuMember)
      .openapi({ description: 'AFTU masters: the AFTU members they represent (one menu section each)' }),
    status: z.enum(USER_STATUSES),
    mustChangePassword: z.boolean().openapi({ description: 'Holds a one-time password not yet replaced' }),
    twoFactor: z.boolean(),
    throttled: z.boolean().openapi({ description: 'Recent sign-in failures slow this user down (unlock clears them)' }),
    decides: z.boolean().openapi({
      description:
        'Decides what others ask: a reset, unlock or reactivation waits for a second administrator, and a password reset comes in two halves',
    }),
    createdAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('StaffUser');

export const userPage = z
  .object({
    rows: z.array(userView),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pending: z
      .array(
        z.object({
          id: z.number().int(),
          kind: z.enum(STAFF_CHANGE_KINDS),
          summary: z.string(),
          maker: z.string(),
          mine: z.boolean(),
          createdAt: z.string().openapi({ format: 'date-time' }),
        }),
      )
      .openapi({ description: 'Staff changes waiting for a second administrator (the approvals inbox)' }),
  })
  .openapi('StaffUserPage');

export const createBody = userCreateSchema.openapi('StaffUserCreateRequest');
export const updateBody = userUpdateSchema.openapi('StaffUserUpdateRequest');

export const userIdParam = z.object({ id: idParam().openapi({ example: 3 }) });

export const appliedChange = z
  .object({
    applied: z.literal(true),
    user: userView,
    oneTimePassword: z
      .string()
      .optional()
      .openapi({ description: 'A new user’s one-time password: shown once, stored only as a hash' }),
  })
  .openapi('StaffUserChangeApplied');

export const passwordReset = z
  .object({ user: userView, oneTimePassword: z.string().openapi({ description: 'Shown once' }) })
  .openapi('StaffUserPasswordReset');
