import { z } from 'zod';
import { userCreateSchema, userUpdateSchema } from '../../../contract/staff-users';
import { issueOneTimePassword } from '../../users/one-time-password';
import { applier } from '../change-requests/appliers';
import { applyCreate, applyUpdate, type CreatePayload, type UpdatePayload } from './write';

const groupId = z.number().int().positive();

/**
 * A staff user a second administrator approved. Nobody knows the password it is created with:
 * an administrator issues a one-time password on /users when handing the account over, so no
 * password ever rests in a change request or passes through the inbox.
 */
export const userCreateApplier = applier<CreatePayload>({
  payload: userCreateSchema.and(z.object({ groupId })),
  detailPath: '/users',
  async apply(tx, payload, ctx) {
    const { passwordHash } = await issueOneTimePassword();
    await applyCreate(tx, payload, passwordHash, ctx.audit);
  },
});

export const userUpdateApplier = applier<UpdatePayload>({
  payload: userUpdateSchema.and(z.object({ userId: z.number().int().positive(), groupId })),
  detailPath: '/users',
  apply: (tx, payload, ctx) => applyUpdate(tx, payload, ctx.audit),
});
