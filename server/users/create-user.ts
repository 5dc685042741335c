import { eq, or, sql } from 'drizzle-orm';
import type { AuditAction } from '../../contract/audit-actions';
import { GROUP_KEYS, type GroupIdTable, type GroupKey, groupKeyForId, primaryIdOf } from '../../contract/groups';
import type { Db } from '../db/database';
import { auditEvents, banks, users } from '../db/schema';
import { hashPassword } from '../lib/password';
import { oneTimePassword } from './one-time-password';

export interface NewUser {
  username: string;
  /** A group key (`admin`) or one of its numeric ids (`67`), as contract/groups.ts names them. */
  group: string;
  name?: string;
  /** Bank users: the bank's id or code. */
  bank?: string;
  phone?: string;
  email?: string;
}

/** A refusal the command line prints as is, with a non-zero exit. */
export class CreateUserError extends Error {}

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{1,63}$/;

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
  if (!USERNAME.test(username)) {
    throw new CreateUserError(
      'A username is 2 to 64 letters, digits, dots, dashes, underscores or @, starting with a letter or digit.',
    );
  }
  const group = resolveGroup(input.group, options.groupIds);
  const bankId = input.bank ? await resolveBank(db, input.bank) : null;
  if ((group.key === 'bank' || group.key === 'bbgBank' || group.key === 'bisBank') && bankId === null) {
    throw new CreateUserError(`A user of the ${group.key} group works for a bank: add --bank <id or code>.`);
  }
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
    if (taken) throw new CreateUserError(`The username "${username}" is already taken.`);
    const [row] = await tx
      .insert(users)
      .values({
        username,
        name: input.name?.trim() || username,
        groupId: group.id,
        bankId,
        phone: input.phone?.trim() || null,
        email: input.email?.trim() || null,
        passwordHash,
        mustChangePassword: true,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('The user was not created');
    await tx.insert(auditEvents).values({
      at: options.now,
      userId: options.actorUserId,
      channel: options.channel,
      action: 'user.create' satisfies AuditAction,
      targetType: 'user',
      targetId: String(row.id),
      details: { username, group: group.key, bankId },
    });
    return row;
  });
  return { id: created.id, username, group: group.key, oneTimePassword: password };
}
