import { type DecisionReach, isDecidingUser } from '../../../contract/deciding-users';
import { type GroupIdTable, groupKeyForId } from '../../../contract/groups';
import { menuProfileName } from '../../../contract/staff-users';

interface StoredUser {
  groupId: number;
  name: string;
  profile: string | null;
  bankId: number | null;
}

/** What a stored user decides follows from, read as the menus read it (older users: the name). */
export const reachOf = (user: StoredUser, groupIds: GroupIdTable, members: readonly string[] = []): DecisionReach => ({
  group: groupKeyForId(user.groupId, groupIds),
  profile: menuProfileName(user),
  bankId: user.bankId,
  members,
});

/** The user decides what others ask: their credentials change only with a second administrator. */
export const decides = (user: StoredUser, groupIds: GroupIdTable) => isDecidingUser(reachOf(user, groupIds));
