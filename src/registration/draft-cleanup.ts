/**
 * Drafts outlive an expired session (the user signs in again and carries on) but not a
 * deliberate Logout, and never reach another user of the same tab. This watches the session
 * actor: signed out without the `expired` tag clears the user's drafts; a different user
 * signing in clears everyone else's.
 */
import type { Actor } from 'xstate';
import type { sessionMachine } from '../machines/session';
import type { DraftStore } from './draft-store';

type SessionActor = Actor<typeof sessionMachine>;

export function watchSessionForDrafts(session: SessionActor, drafts: DraftStore): () => void {
  let userId: number | null = session.getSnapshot().context.user?.profile.id ?? null;
  const subscription = session.subscribe((snapshot) => {
    const user = snapshot.context.user;
    if (snapshot.hasTag('signedIn') && user) {
      if (user.profile.id !== userId) drafts.removeAllExcept(user.profile.id);
      userId = user.profile.id;
    } else if (snapshot.hasTag('signedOut') && userId !== null) {
      if (!snapshot.hasTag('expired')) drafts.removeAllOf(userId);
      userId = null;
    }
  });
  return () => subscription.unsubscribe();
}

const watched = new WeakSet<SessionActor>();

/** Starts the watch once per session actor, for the life of the app. */
export function ensureDraftCleanup(session: SessionActor, drafts: DraftStore) {
  if (watched.has(session)) return;
  watched.add(session);
  watchSessionForDrafts(session, drafts);
}

/** Whether a draft may be written now: not once the user has deliberately signed out. */
export function mayKeepDrafts(session: SessionActor): boolean {
  const snapshot = session.getSnapshot();
  return snapshot.hasTag('signedIn') || snapshot.hasTag('expired');
}
