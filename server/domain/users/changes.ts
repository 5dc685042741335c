import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ChangeKind } from '../../../contract/change-requests';
import { becomesDeciding, type DecisionReach } from '../../../contract/deciding-users';
import { primaryIdOf } from '../../../contract/groups';
import { GROUP_LABELS, type NewStaffUser, needsSecondAdmin, type UserFields } from '../../../contract/staff-users';
import type { StaffChangeWaiting, StaffUserChange } from '../../../contract/api/users';
import { recordAudit } from '../audit/record';
import type { Db } from '../../db/database';
import { banks } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { issueOneTimePassword } from './one-time-password';
import { requestChange } from '../change-requests/requests';
import { keepFirstHalf } from './halves';
import { reachOf } from './reach';
import { loadUser, membersOf, type ViewContext } from './views';
import { applyCreate, applyUpdate, checkCreate, checkUpdate, findUser, refuseWhileWaiting, userSubject } from './write';

/**
 * Create and edit: at once, or (maker-checker, decisions 025 and 032) as a change request another
 * administrator decides in the inbox, for the admin menu's groups and whatever widens what a user
 * decides.
 */

/** What the user will decide from, as asked. */
const reachOfFields = (fields: UserFields): DecisionReach => ({
  group: fields.group,
  profile: fields.profile ?? null,
  bankId: fields.bankId ?? null,
  members: fields.members ?? [],
});

async function bankCode(db: Db, bankId: number | null | undefined): Promise<string | null> {
  if (!bankId) return null;
  const [bank] = await db.select({ code: banks.code }).from(banks).where(eq(banks.id, bankId));
  return bank?.code ?? null;
}

/** "Bank, BIS Checker": what the checker reads in the inbox (stored once, in English like the trail). */
async function profileText(db: Db, fields: UserFields): Promise<string> {
  const code = await bankCode(db, fields.bankId);
  const where = [code, fields.profile].filter(Boolean).join(' ');
  return [GROUP_LABELS[fields.group].en, where].filter(Boolean).join(', ');
}

/**
 * Records the change as asked, audited, for a second administrator. With `firstHalf`, the change
 * will set a one-time password (decision 031): its first half is made now, kept sealed, and
 * answered once to the maker; the approving administrator gets the second.
 */
export async function ask(
  c: Context<AppEnv>,
  asked: { kind: ChangeKind; subject: string; summary: string; payload: unknown },
  options: { firstHalf?: boolean } = {},
): Promise<StaffChangeWaiting> {
  const { db, clock, config } = c.get('deps');
  return db.transaction(async (tx) => {
    const request = await requestChange(tx, { ...asked, makerUserId: c.get('user').userId, now: clock.now() });
    await recordAudit(c, tx, {
      action: 'change.request',
      targetType: 'change',
      targetId: request.id,
      details: { kind: asked.kind, subject: asked.subject, summary: asked.summary },
    });
    if (!options.firstHalf) return { applied: false as const, changeRequestId: request.id };
    const firstHalf = await keepFirstHalf(tx, config.twoFactor.key, request.id);
    return { applied: false as const, changeRequestId: request.id, firstHalf };
  });
}

export async function createUser(c: Context<AppEnv>, input: NewStaffUser, view: ViewContext) {
  const { db, groupIds } = c.get('deps');
  const payload = { ...input, groupId: primaryIdOf(input.group, groupIds) };
  // Refused now rather than at approval: a taken username or a closed bank.
  await checkCreate(db, input);
  if (needsSecondAdmin(reachOfFields(input))) {
    // A deciding user: nobody alone ever knows their first password.
    return ask(
      c,
      {
        kind: 'user.create',
        subject: `username:${input.username.toLowerCase()}`,
        summary: `Create user ${input.username}: ${input.name} (${await profileText(db, input)})`,
        payload,
      },
      { firstHalf: true },
    );
  }
  const { password, passwordHash } = await issueOneTimePassword();
  const id = await db.transaction((tx) => applyCreate(tx, payload, passwordHash, (e) => recordAudit(c, tx, e)));
  return { applied: true as const, user: await loadUser(db, id, view), oneTimePassword: password };
}

export async function updateUser(
  c: Context<AppEnv>,
  userId: number,
  fields: UserFields,
  view: ViewContext,
): Promise<StaffUserChange> {
  const { db, groupIds } = c.get('deps');
  const user = await findUser(db, userId);
  const payload = { ...fields, userId, groupId: primaryIdOf(fields.group, groupIds) };
  // Refused now rather than at approval: a closed bank, an AFTU member that does not exist.
  await checkUpdate(db, fields);
  const membersBefore = ((await membersOf(db, [userId])).get(userId) ?? []).map((m) => m.memberId);
  const [next, before] = [reachOfFields(fields), reachOf(user, groupIds, membersBefore)];
  if (needsSecondAdmin(next, before)) {
    // A user who starts deciding gets a new password nobody alone knows (decision 031).
    const newPassword = becomesDeciding(next, before);
    const summary = `Change user ${user.username}: ${fields.name} (${await profileText(db, fields)})`;
    return ask(
      c,
      {
        kind: 'user.update',
        subject: userSubject(userId),
        summary: newPassword ? `${summary}; a new one-time password in two halves` : summary,
        payload,
      },
      { firstHalf: newPassword },
    );
  }
  await db.transaction(async (tx) => {
    await refuseWhileWaiting(tx, userId);
    await applyUpdate(tx, payload, (e) => recordAudit(c, tx, e));
  });
  return { applied: true, user: await loadUser(db, userId, view) };
}
