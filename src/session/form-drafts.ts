/**
 * Drafts of unsaved forms, for any form page that opts in (useFormDraft): what the user typed
 * is kept in the tab's sessionStorage, per form and user, so it survives an expired session
 * and the sign-in after it (the page restores it when reopened), and is gone with the tab.
 *
 * The session decides what happens to them (watchSessionForDrafts): an expiry keeps them, a
 * deliberate Logout drops the user's drafts, and another user signing in on the tab drops
 * everyone else's. Pages keep typed values only: never files, never one-time codes.
 */
import type { Actor } from 'xstate';
import type { sessionMachine } from '../machines/session';

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const FORM_DRAFT_PREFIX = 'formDraft:';

/** `formDraft:<form>:<user id>`; a form id names the form, e.g. `registration.customer`, `transfer.cash-in`. */
export const formDraftKey = (form: string, userId: number | string) => `${FORM_DRAFT_PREFIX}${form}:${userId}`;

/** Every draft says when it was saved, for the "restored" notice. */
export interface FormDraft {
  savedAt: string;
}

export function createFormDraftStore(storage: DraftStorage) {
  const keysWhere = (keep: (key: string) => boolean) => {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(FORM_DRAFT_PREFIX) && keep(key)) keys.push(key);
    }
    return keys;
  };
  const ownedBy = (userId: number) => (key: string) => key.endsWith(`:${userId}`);
  return {
    /** The stored draft when `parse` accepts it (an older or damaged one reads as none). */
    read<T extends FormDraft>(form: string, userId: number, parse: (value: unknown) => T | null): T | null {
      const raw = storage.getItem(formDraftKey(form, userId));
      if (raw === null) return null;
      try {
        return parse(JSON.parse(raw));
      } catch {
        return null;
      }
    },
    write(form: string, userId: number, draft: FormDraft) {
      try {
        storage.setItem(formDraftKey(form, userId), JSON.stringify(draft));
      } catch {
        // Storage full or refused (private mode): the form still works, only without a draft.
      }
    },
    remove(form: string, userId: number) {
      storage.removeItem(formDraftKey(form, userId));
    },
    removeAllOf(userId: number) {
      for (const key of keysWhere(ownedBy(userId))) storage.removeItem(key);
    },
    /** Another user signed in on this tab: nobody else's draft stays behind. */
    removeAllExcept(userId: number) {
      const own = ownedBy(userId);
      for (const key of keysWhere((key) => !own(key))) storage.removeItem(key);
    },
  };
}

export type FormDraftStore = ReturnType<typeof createFormDraftStore>;

type SessionActor = Actor<typeof sessionMachine>;

/**
 * Watches the session for the life of the app: signed out without the `expired` tag (a
 * deliberate Logout) clears the user's drafts; a different user signing in clears everyone
 * else's.
 */
export function watchSessionForDrafts(session: SessionActor, drafts: FormDraftStore): () => void {
  let userId: number | null = null;
  const follow = (snapshot: ReturnType<SessionActor['getSnapshot']>) => {
    const user = snapshot.context.user;
    if (snapshot.hasTag('signedIn') && user) {
      if (user.profile.id !== userId) drafts.removeAllExcept(user.profile.id);
      userId = user.profile.id;
    } else if (snapshot.hasTag('signedOut') && userId !== null) {
      if (!snapshot.hasTag('expired')) drafts.removeAllOf(userId);
      userId = null;
    }
  };
  // Started at the first sign-in of the page: that sign-in counts as one.
  follow(session.getSnapshot());
  const subscription = session.subscribe(follow);
  return () => subscription.unsubscribe();
}

/** Whether a draft may be written now: not once the user has deliberately signed out. */
export function mayKeepDrafts(session: SessionActor): boolean {
  const snapshot = session.getSnapshot();
  return snapshot.hasTag('signedIn') || snapshot.hasTag('expired');
}
