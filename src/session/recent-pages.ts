import type { KeyValueStore } from './storage';

/** How many pages the command palette offers as "Recent pages". */
const RECENT_PAGES_LIMIT = 5;

/**
 * `recentPages:<user id>` in local storage: one list per user, so whoever signs in next on the
 * same browser never sees another person's pages. It outlives a logout like the report columns
 * chosen (`reportColumns:<id>`): it is a preference, not part of the session.
 */
const recentPagesKey = (userId: number | string) => `recentPages:${userId}`;

/** The menu pages a user opened, newest first, without repeats; unreadable storage reads as none. */
export function createRecentPages(store: KeyValueStore) {
  const read = (userId: number | string): string[] => {
    try {
      const stored: unknown = JSON.parse(store.getItem(recentPagesKey(userId)) ?? '[]');
      return Array.isArray(stored) ? stored.filter((path): path is string => typeof path === 'string') : [];
    } catch {
      return [];
    }
  };
  return {
    read,
    remember(userId: number | string, path: string) {
      const next = [path, ...read(userId).filter((seen) => seen !== path)].slice(0, RECENT_PAGES_LIMIT);
      store.setItem(recentPagesKey(userId), JSON.stringify(next));
    },
  };
}
