import type { MemberDetails } from '../../contract/api/members';
import { type KeyValueStore, STORAGE_KEYS } from './storage';

/**
 * The associated members as the session stores them (docs/api.md), the last one selected; the
 * session's logout clears them with its other keys (storage.ts).
 */
export function writeMembers(store: KeyValueStore, members: MemberDetails[]) {
  store.setItem(STORAGE_KEYS.associatedMemberDetails, JSON.stringify(members));
  const last = members.at(-1);
  if (last) {
    store.setItem(STORAGE_KEYS.selectedMemberId, last.memberId);
    store.setItem(STORAGE_KEYS.selectedMemberDetails, JSON.stringify(last));
  }
}
