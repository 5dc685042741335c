import type { CurrentUser } from '../api/types';

/** One key per stored entity (docs/api.md). Logout removes every one of them. */
export const STORAGE_KEYS = {
  currentUser: 'currentUser',
  groupDetails: 'groupDetails',
  profile: 'profile',
  associatedMemberDetails: 'associatedMemberDetails',
  selectedMemberId: 'selectedMemberId',
  selectedMemberDetails: 'selectedMemberDetails',
  bankList: 'bankList',
  accountsData: 'accountsData',
} as const;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function readJson<T>(store: KeyValueStore, key: string): T | null {
  const raw = store.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/**
 * The session's view of local storage: what is written at login and wiped at logout. The
 * associated members are written by the signed-in services (members-storage.ts).
 */
export function createSessionStorage(store: KeyValueStore) {
  return {
    readUser(): CurrentUser | null {
      const user = readJson<CurrentUser>(store, STORAGE_KEYS.currentUser);
      if (!user || typeof user !== 'object' || !user.profile || !user.groupDetails) return null;
      // docs/api.md: a missing sessionId is treated as empty.
      return { ...user, sessionId: typeof user.sessionId === 'string' ? user.sessionId : '' };
    },
    writeUser(user: CurrentUser) {
      store.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
      store.setItem(STORAGE_KEYS.groupDetails, JSON.stringify(user.groupDetails));
      store.setItem(STORAGE_KEYS.profile, JSON.stringify(user.profile));
      store.setItem(STORAGE_KEYS.bankList, JSON.stringify(user.bankList ?? []));
      store.setItem(STORAGE_KEYS.accountsData, JSON.stringify(user.accountsData ?? []));
    },
    clear() {
      for (const key of Object.values(STORAGE_KEYS)) store.removeItem(key);
    },
  };
}
