import { z } from 'zod';
import { userCreateSchema, userUpdateSchema } from '../../../contract/staff-users';
import { issueOneTimePassword } from './one-time-password';
import { applier } from '../change-requests/appliers';
import { resetPassword } from './actions';
import { APPLY_ACTION, type CredentialAction } from './credential-actions';
import { completeHalves, halfLost } from './halves';
import { applyCreate, applyUpdate, type CreatePayload, findUser, type UpdatePayload } from './write';

const groupId = z.number().int().positive();
const aboutUser = z.object({ userId: z.number().int().positive() });
type AboutUser = z.infer<typeof aboutUser>;
const subjectUserId = (payload: AboutUser) => payload.userId;

/**
 * A staff user a second administrator approved: a deciding user (decision 031), whose one-time
 * password is the maker's first half and the half this approval hands the approver. A request
 * asked before halves existed has none: the user gets a password nobody knows, and a reset (in
 * two halves) hands one over.
 */
export const userCreateApplier = applier<CreatePayload>({
  payload: userCreateSchema.and(z.object({ groupId })),
  async apply(tx, payload, ctx) {
    const halves = await completeHalves(tx, ctx.sealKey, ctx.requestId);
    const passwordHash = halves?.passwordHash ?? (await issueOneTimePassword()).passwordHash;
    await applyCreate(tx, payload, passwordHash, ctx.audit);
    return halves ? { secondHalf: halves.secondHalf } : {};
  },
});

/**
 * A staff user's change a second administrator approved. A user who starts deciding also gets a
 * new one-time password in two halves, asked with the change: whatever password one
 * administrator may have known stops working.
 */
export const userUpdateApplier = applier<UpdatePayload>({
  payload: userUpdateSchema.and(z.object({ userId: z.number().int().positive(), groupId })),
  subjectUserId: (payload) => payload.userId,
  async apply(tx, payload, ctx) {
    await applyUpdate(tx, payload, ctx.audit);
    const halves = await completeHalves(tx, ctx.sealKey, ctx.requestId);
    if (!halves) return {};
    await resetPassword(tx, payload.userId, halves.passwordHash, ctx.now, ctx.audit);
    return { secondHalf: halves.secondHalf };
  },
});

/**
 * A deciding user's new one-time password: the maker's first half and a second half for the
 * approver. Like any reset, it ends the user's sessions and clears their failed sign-ins.
 */
export const userPasswordResetApplier = applier<AboutUser>({
  payload: aboutUser,
  subjectUserId,
  async apply(tx, { userId }, ctx) {
    const halves = await completeHalves(tx, ctx.sealKey, ctx.requestId);
    if (!halves) throw halfLost();
    await resetPassword(tx, userId, halves.passwordHash, ctx.now, ctx.audit);
    return { secondHalf: halves.secondHalf };
  },
});

const atApproval = (action: Exclude<CredentialAction, 'passwordReset'>) =>
  applier<AboutUser>({
    payload: aboutUser,
    subjectUserId,
    async apply(tx, { userId }, ctx) {
      await APPLY_ACTION[action](tx, await findUser(tx, userId), ctx.now, ctx.audit);
    },
  });

export const userTwoFactorResetApplier = atApproval('twoFactorReset');
export const userUnlockApplier = atApproval('unlock');
export const userReactivateApplier = atApproval('reactivate');
