import type { Clock } from './clock';

/**
 * A safety net, not the rule: every change that matters is announced (server/db/session-changes.ts)
 * and forgotten at once. Should one be missed (a change made by hand in SQL, a path that forgets
 * to announce), a server still reads it within these seconds; and a session asks the database
 * again at most once per lifetime, which costs nothing beside the request rate it spares.
 */
export const SESSION_CACHE_MS = 5_000;
/** Beyond this many cached sessions the cache starts over: memory stays bounded under any load. */
const MAX_ENTRIES = 20_000;

/** What a request needs of its session and user, as the database had it when read. */
export interface CachedSession {
  sessionId: number;
  userId: number;
  createdAt: Date;
  /** As stored: activity not yet written is held by the activity recorder (session-activity.ts). */
  lastSeenAt: Date;
  username: string;
  name: string;
  groupId: number;
  bankId: number | null;
  profile: string | null;
  mustChangePassword: boolean;
}

interface AftuMember {
  memberId: string;
  memberName: string;
}

/** A map whose entries last SESSION_CACHE_MS and are stored only if nothing was forgotten while they were read. */
function expiringMap<K, V extends { userId: number }>(clock: Clock, isCurrent: (generation: number) => boolean) {
  const entries = new Map<K, { value: V; storedAt: number }>();
  return {
    get(key: K): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (clock.now().getTime() - entry.storedAt < SESSION_CACHE_MS) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: K, value: V, generation: number) {
      if (!isCurrent(generation)) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { value, storedAt: clock.now().getTime() });
    },
    forgetUser(userId: number) {
      for (const [key, entry] of entries) if (entry.value.userId === userId) entries.delete(key);
    },
    clear: () => entries.clear(),
  };
}

/**
 * Per app instance (tests never share one): the sessions this server resolved, by token hash,
 * and the AFTU members of brokers, which their menus read (decision 062).
 */
export function createSessionCache(deps: { clock: Clock }) {
  // Bumped by every forget: a read that began before it may hold what was just changed.
  let generation = 0;
  const isCurrent = (readAt: number) => readAt === generation;
  const sessions = expiringMap<string, CachedSession>(deps.clock, isCurrent);
  const members = expiringMap<number, { userId: number; members: AftuMember[] }>(deps.clock, isCurrent);
  return {
    /** Reads a session when it is not cached; what `read` returns is cached unless it is null. */
    async readSession(tokenHash: string, read: () => Promise<CachedSession | null>) {
      const cached = sessions.get(tokenHash);
      if (cached) return cached;
      const readAt = generation;
      const value = await read();
      if (value) sessions.set(tokenHash, value, readAt);
      return value;
    },
    async membersOf(userId: number, read: () => Promise<AftuMember[]>) {
      const cached = members.get(userId);
      if (cached) return cached.members;
      const readAt = generation;
      const value = await read();
      members.set(userId, { userId, members: value }, readAt);
      return value;
    },
    forgetUser(userId: number) {
      generation++;
      sessions.forgetUser(userId);
      members.forgetUser(userId);
    },
    forgetAll() {
      generation++;
      sessions.clear();
      members.clear();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
