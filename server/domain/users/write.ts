import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { NewStaffUser, UserFields } from '../../../contract/staff-users';
import type { AuditEntry } from '../audit/record';
import type { Db } from '../../db/database';
import { accounts, associatedMembers, banks, changeRequests, loginChallenges, sessions, users } from '../../db/schema';
import { announceSessionChange } from '../../db/session-changes';
import { ApiError, notFoundError } from '../../lib/api-error';
import { CreateUserError, insertStaffUser, isUsernameTaken } from './create-user';
import { membersOf } from './views';

/**
 * The changes to a staff account, each run inside the transaction that audits it: directly from
 * the /users routes, or by the change-request core once a second administrator approves.
 */

export type Audit = (entry: AuditEntry) => Promise<void>;

/** A staff user to create, with the group id resolved when it was asked (the id set may differ later). */
export type CreatePayload = NewStaffUser & { groupId: number };
export type UpdatePayload = UserFields & { userId: number; groupId: number };

const usernameTaken = (username: string) =>
  new ApiError(409, 'USERNAME_TAKEN', 'Username taken', `The username “${username}” is already taken.`);

export const cannotChangeOwn = () =>
  new ApiError(
    409,
    'CANNOT_CHANGE_OWN',
    'Not your own account',
    'Another administrator must do this to your account; change your own password from the user menu.',
  );

async function checkBank(tx: Db, bankId: number | null | undefined) {
  if (!bankId) return;
  const [bank] = await tx.select({ active: banks.active }).from(banks).where(eq(banks.id, bankId));
  if (!bank?.active) {
    throw new ApiError(422, 'BANK_NOT_FOUND', 'Unknown bank', 'Choose an active bank from the list.');
  }
}

/** The AFTU members a broker may represent: the partner accounts of the AFTU network's members. */
export function aftuMembers(tx: Db) {
  return tx
    .selectDistinctOn([accounts.memberId], { memberId: accounts.memberId, name: accounts.label })
    .from(accounts)
    .where(and(eq(accounts.kind, 'partner'), isNotNull(accounts.memberId)))
    .orderBy(accounts.memberId, asc(accounts.id)) as Promise<{ memberId: string; name: string }[]>;
}

/** The chosen members, by name; every one must be an AFTU member's account. */
async function chosenMembers(tx: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const known = new Map((await aftuMembers(tx)).map((m) => [m.memberId, m.name]));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) {
    throw new ApiError(
      422,
      'MEMBER_NOT_FOUND',
      'Unknown AFTU member',
      `No AFTU member has the id ${missing.join(', ')}: choose from the list.`,
    );
  }
  return ids.map((memberId) => ({ memberId, name: known.get(memberId) ?? memberId }));
}

/** A broker's members become exactly `ids`; a user who is no broker (any more) represents nobody. */
async function replaceMembers(tx: Db, userId: number, ids: readonly string[]) {
  const members = await chosenMembers(tx, ids);
  await tx.delete(associatedMembers).where(eq(associatedMembers.brokerUserId, userId));
  if (members.length) {
    await tx
      .insert(associatedMembers)
      .values(members.map((m) => ({ brokerUserId: userId, memberId: m.memberId, memberName: m.name })));
  }
}

/** Refused before a request waits for a second administrator, and again when it is applied. */
export async function checkCreate(tx: Db, input: NewStaffUser) {
  if (await isUsernameTaken(tx, input.username)) throw usernameTaken(input.username);
  await checkBank(tx, input.bankId);
  await chosenMembers(tx, input.members ?? []);
}

/** Refused before an edit waits for a second administrator, and again when it is applied. */
export async function checkUpdate(tx: Db, input: UserFields) {
  await checkBank(tx, input.bankId);
  await chosenMembers(tx, input.members ?? []);
}

export async function applyCreate(tx: Db, input: CreatePayload, passwordHash: string, audit: Audit): Promise<number> {
  await checkBank(tx, input.bankId);
  let id: number;
  try {
    id = await insertStaffUser(tx, {
      username: input.username,
      name: input.name,
      groupId: input.groupId,
      bankId: input.bankId ?? null,
      profile: input.profile ?? null,
      phone: input.phone || null,
      email: input.email || null,
      passwordHash,
    });
  } catch (error) {
    if (error instanceof CreateUserError) throw usernameTaken(input.username);
    throw error;
  }
  await replaceMembers(tx, id, input.members ?? []);
  await audit({
    action: 'user.create',
    targetType: 'user',
    targetId: id,
    details: {
      username: input.username,
      group: input.group,
      bankId: input.bankId ?? null,
      profile: input.profile ?? null,
      members: input.members ?? [],
    },
  });
  return id;
}

export async function findUser(tx: Db, id: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, id));
  if (!user) throw notFoundError('There is no such user.');
  return user;
}

export async function applyUpdate(tx: Db, input: UpdatePayload, audit: Audit) {
  const user = await findUser(tx, input.userId);
  await checkBank(tx, input.bankId);
  const next = {
    name: input.name,
    groupId: input.groupId,
    bankId: input.bankId ?? null,
    profile: input.profile ?? null,
    phone: input.phone || null,
    email: input.email || null,
  };
  await tx.update(users).set(next).where(eq(users.id, user.id));
  await announceSessionChange(tx, user.id);
  const membersBefore = ((await membersOf(tx, [user.id])).get(user.id) ?? []).map((m) => m.memberId);
  await replaceMembers(tx, user.id, input.members ?? []);
  await audit({
    action: 'user.update',
    targetType: 'user',
    targetId: user.id,
    details: {
      username: user.username,
      before: {
        name: user.name,
        groupId: user.groupId,
        bankId: user.bankId,
        profile: user.profile,
        members: membersBefore,
      },
      after: {
        name: next.name,
        group: input.group,
        groupId: next.groupId,
        bankId: next.bankId,
        profile: next.profile,
        members: input.members ?? [],
      },
    },
  });
}

/** The subject every waiting change of one user shares, whatever its kind. */
export const userSubject = (userId: number) => `user:${userId}`;

/**
 * Nothing about a user applies at once while a change of them waits for a second administrator:
 * a Checker demoted and reset in one step, then promoted by the approval asked before, would end
 * up deciding with a password one administrator knows (decision 031).
 */
export async function refuseWhileWaiting(tx: Db, userId: number) {
  const [waiting] = await tx
    .select({ id: changeRequests.id })
    .from(changeRequests)
    .where(and(eq(changeRequests.subject, userSubject(userId)), eq(changeRequests.status, 'pending')))
    .limit(1);
  if (waiting) {
    throw new ApiError(
      409,
      'CHANGE_PENDING',
      'A change already waits',
      'A change of this user waits for a second administrator: have it decided first.',
    );
  }
}

/** Ends every live session and pending two-factor sign-in of a user, at once. */
export async function endSessionsOf(tx: Db, userId: number, now: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await tx
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(and(eq(loginChallenges.userId, userId), isNull(loginChallenges.usedAt)));
  await announceSessionChange(tx, userId);
}

/** Refused when asked and again when applied: the user is already as asked. */
export const alreadyInState = (username: string, active: boolean) =>
  new ApiError(
    409,
    active ? 'ALREADY_ACTIVE' : 'ALREADY_DEACTIVATED',
    active ? 'Already active' : 'Already deactivated',
    `${username} is already ${active ? 'active' : 'deactivated'}.`,
  );

export async function setActive(tx: Db, userId: number, active: boolean, now: Date, audit: Audit) {
  const user = await findUser(tx, userId);
  if (active === !user.deactivatedAt) throw alreadyInState(user.username, active);
  await tx
    .update(users)
    .set({ deactivatedAt: active ? null : now })
    .where(eq(users.id, userId));
  if (!active) await endSessionsOf(tx, userId, now);
  await audit({
    action: active ? 'user.reactivate' : 'user.deactivate',
    targetType: 'user',
    targetId: userId,
    details: { username: user.username },
  });
}
