import type { KeyValueStore } from '../../../src/session/storage';
import { STORAGE_KEYS } from '../../../src/session/storage';

/** An in-memory localStorage stand-in that survives a simulated page reload. */
export interface MemoryStore extends KeyValueStore {
  /** Every entry, for assertions. */
  entries(): Record<string, string>;
  clear(): void;
}

export function createMemoryStore(initial: Record<string, string> = {}): MemoryStore {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
    entries: () => Object.fromEntries(data),
    clear: () => data.clear(),
  };
}

/** The session keys of src/session/storage.ts that are currently present in the store. */
export function storedSessionKeys(store: KeyValueStore): string[] {
  return Object.values(STORAGE_KEYS).filter((key) => store.getItem(key) !== null);
}

/** A stored JSON value, parsed (undefined when absent). */
export function readStored<T = unknown>(store: KeyValueStore, key: string): T | undefined {
  const raw = store.getItem(key);
  return raw === null ? undefined : (JSON.parse(raw) as T);
}
