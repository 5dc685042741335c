import type { GroupKey } from '../../contract/groups';

/**
 * Who is calling: the signed-in user as the session resolved it. The HTTP layer sets it on each
 * request; the ledger and the resources read it to decide what the caller may do and see.
 */
export interface SessionUser {
  sessionId: number;
  userId: number;
  username: string;
  name: string;
  groupId: number;
  group: GroupKey;
  bankId: number | null;
  /** What the menus read as the profile (Bridge, Checker): contract/staff-users.ts menuProfileName. */
  profileName: string;
}
