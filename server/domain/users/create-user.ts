import { eq, or, sql } from 'drizzle-orm';
import type { AuditAction } from '../../../contract/audit-actions';
import { GROUP_KEYS, type GroupIdTable, type GroupKey, groupKeyForId, primaryIdOf } from '../../../contract/groups';
import { BANK_PROFILES, hasProfiles, isUsername, needsBank, USERNAME_RULE } from '../../../contract/staff-users';
import type { Db } from '../../db/database';
import { auditEvents, banks, users } from '../../db/schema';
import { issueOneTimePassword } from './one-time-password';

export interface NewUser {
  username: string;
  /** A group key (`admin`) or one of its numeric ids (`67`), as contract/groups.ts names them. */
  group: string;
  name?: string;
  /** Bank users: the bank's id or code. */
  bank?: string;
  phone?: string;
  email?: string;
  /** Bank users: one of BANK_PROFILES (Teller, Checker, Bridge, Bridge Checker). */
  profile?: string;
}

/** A refusal the command line prints as is, with a non-zero exit. */
export class CreateUserError extends Error {}

export function resolveGroup(group: string, groupIds: GroupIdTable): { key: GroupKey; id: number } {
  const byKey = GROUP_KEYS.find((k) => k.toLowerCase() === group.trim().toLowerCase());
  if (byKey) return { key: byKey, id: primaryIdOf(byKey, groupIds) };
  const id = Number(group);
  // groupKeyForId reads any unknown id as admin; a typo must not make an admin.
  if (Number.isInteger(id) && GROUP_KEYS.some((k) => groupIds[k].includes(id))) {
    return { key: groupKeyForId(id, groupIds), id };
  }
  throw new CreateUserError(`Unknown group "${group}". Groups: ${GROUP_KEYS.join(', ')} (or one of their ids).`);
}

async function resolveBank(db: Db, bank: string): Promise<number> {
  const id = /^\d+$/.test(bank) ? Number(bank) : -1;
  const [row] = await db
    .select({ id: banks.id })
    .from(banks)
    .where(or(eq(banks.id, id), eq(sql`upper(${banks.code})`, bank.toUpperCase())));
  if (!row) throw new CreateUserError(`Unknown bank "${bank}": give a bank id or code (add banks on the /banks page).`);
  return row.id;
}

/** The row of a new staff user, as the command line and the /users page both insert it. */
export interface StaffUserRow {
  username: string;
  name: string;
  groupId: number;
  bankId: number | null;
  profile: string | null;
  phone: string | null;
  email: string | null;
  passwordHash: string;
}

/** The username is free, whatever its case: sign-in finds users case-insensitively. */
export async function isUsernameTaken(db: Db, username: string, exceptUserId?: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return taken !== undefined && taken.id !== exceptUserId;
}

/**
 * Inserts a staff user who must set a password of their own at first sign-in. Run it in the
 * transaction that audits the creation; a taken username is refused with CreateUserError.
 */
export async function insertStaffUser(tx: Db, row: StaffUserRow): Promise<number> {
  if (await isUsernameTaken(tx, row.username)) {
    throw new CreateUserError(`The username "${row.username}" is already taken.`);
  }
  const [created] = await tx
    .insert(users)
    .values({ ...row, mustChangePassword: true })
    .returning({ id: users.id });
  if (!created) throw new Error('The user was not created');
  return created.id;
}

/**
 * Creates a staff user with a one-time password, returned once and stored only as its scrypt
 * hash. The user must set a password of their own at first sign-in. Audited as `user.create`.
 */
export async function createUserWithOneTimePassword(
  db: Db,
  input: NewUser,
  options: { groupIds: GroupIdTable; channel: string; actorUserId: number | null; now: Date },
): Promise<{ id: number; username: string; group: GroupKey; oneTimePassword: string }> {
  const username = input.username.trim();
  if (!isUsername(username)) throw new CreateUserError(USERNAME_RULE);
  const group = resolveGroup(input.group, options.groupIds);
  const bankId = input.bank ? await resolveBank(db, input.bank) : null;
  if (needsBank(group.key) && bankId === null) {
    throw new CreateUserError(`A user of the ${group.key} group works for a bank: add --bank <id or code>.`);
  }
  const profile = input.profile ? resolveProfile(input.profile) : null;
  if (profile && !hasProfiles(group.key)) throw new CreateUserError('Only users of the bank group have a profile.');
  const { password, passwordHash } = await issueOneTimePassword();
  const id = await db.transaction(async (tx) => {
    const userId = await insertStaffUser(tx, {
      username,
      name: input.name?.trim() || username,
      groupId: group.id,
      bankId,
      profile,
      phone: input.phone?.trim() || null,
      email: input.email?.trim() || null,
      passwordHash,
    });
    await tx.insert(auditEvents).values({
      at: options.now,
      userId: options.actorUserId,
      channel: options.channel,
      action: 'user.create' satisfies AuditAction,
      targetType: 'user',
      targetId: String(userId),
      details: { username, group: group.key, bankId, profile },
    });
    return userId;
  });
  return { id, username, group: group.key, oneTimePassword: password };
}

function resolveProfile(profile: string): string {
  const found = BANK_PROFILES.find((p) => p.toLowerCase() === profile.trim().toLowerCase());
  if (!found) throw new CreateUserError(`Unknown profile "${profile}". Profiles: ${BANK_PROFILES.join(', ')}.`);
  return found;
}
