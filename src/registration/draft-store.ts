/**
 * Drafts of registration forms, kept in sessionStorage per user and kind (the contract's key)
 * so a form survives an expired session and the sign-in after it, in the same tab, and is
 * gone with the tab. Only typed values are kept: never document files.
 */
import {
  REGISTRATION_KINDS,
  type RegistrationDraft,
  type RegistrationKind,
  registrationDraftKey,
  registrationDraftSchema,
} from '../../contract/registration';

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const DRAFT_PREFIX = 'registrationDraft:';

export function createDraftStore(storage: DraftStorage) {
  return {
    read(kind: RegistrationKind, userId: number): RegistrationDraft | null {
      const raw = storage.getItem(registrationDraftKey(kind, userId));
      if (raw === null) return null;
      try {
        const parsed = registrationDraftSchema.safeParse(JSON.parse(raw));
        return parsed.success && parsed.data.kind === kind ? parsed.data : null;
      } catch {
        return null;
      }
    },
    write(userId: number, draft: RegistrationDraft) {
      try {
        storage.setItem(registrationDraftKey(draft.kind, userId), JSON.stringify(draft));
      } catch {
        // Storage full or refused (private mode): the form still works, only without a draft.
      }
    },
    remove(kind: RegistrationKind, userId: number) {
      storage.removeItem(registrationDraftKey(kind, userId));
    },
    removeAllOf(userId: number) {
      for (const kind of REGISTRATION_KINDS) storage.removeItem(registrationDraftKey(kind, userId));
    },
    /** Another user signed in on this tab: nobody else's draft stays behind. */
    removeAllExcept(userId: number) {
      const own = new Set(REGISTRATION_KINDS.map((kind) => registrationDraftKey(kind, userId)));
      const keys: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key?.startsWith(DRAFT_PREFIX) && !own.has(key)) keys.push(key);
      }
      for (const key of keys) storage.removeItem(key);
    },
  };
}

export type DraftStore = ReturnType<typeof createDraftStore>;
