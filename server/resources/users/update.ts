import type { Context } from 'hono';
import { groupKeyForId, primaryIdOf } from '../../../contract/groups';
import type { UserFields } from '../../../contract/staff-users';
import { recordAudit } from '../../audit/record';
import type { AppEnv } from '../../http/env';
import { applyUpdate, findUser } from './write';

/** Applies an edit of a staff user at once (the changes that need no second administrator). */
export async function updateUser(c: Context<AppEnv>, userId: number, fields: UserFields) {
  const { db, groupIds } = c.get('deps');
  const user = await findUser(db, userId);
  const before = { group: groupKeyForId(user.groupId, groupIds) };
  const payload = { ...fields, userId, groupId: primaryIdOf(fields.group, groupIds) };
  await db.transaction((tx) => applyUpdate(tx, payload, before, (entry) => recordAudit(c, tx, entry)));
}
