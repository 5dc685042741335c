import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CurrentUser } from '../api/types';
import { sessionMachine } from '../machines/session';
import {
  createFormDraftStore,
  type FormDraft,
  formDraftKey,
  mayKeepDrafts,
  watchSessionForDrafts,
} from './form-drafts';

const userObject = (id: number): CurrentUser => ({
  sessionId: `s-${id}`,
  profile: { id, name: `User ${id}`, username: `user${id}` },
  groupDetails: { groupId: 36 },
  bankId: null,
  bankList: [],
  accountsData: [],
});

interface NoteDraft extends FormDraft {
  note: string;
}
const parseNote = (value: unknown): NoteDraft | null =>
  typeof value === 'object' && value !== null && typeof (value as NoteDraft).note === 'string'
    ? (value as NoteDraft)
    : null;

function setup(storedUser: CurrentUser | null) {
  const storage = window.sessionStorage;
  storage.clear();
  const drafts = createFormDraftStore(storage);
  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => storedUser),
        loginRequest: fromPromise(async ({ input }) => userObject(Number(input.username.replace('user', '')))),
      },
    }),
  ).start();
  const draft = (form: string, id: number) => {
    const value: NoteDraft = { note: 'Awa', savedAt: '2025-03-04T09:00:00Z' };
    drafts.write(form, id, value);
    return formDraftKey(form, id);
  };
  return { storage, drafts, session, draft };
}

describe('form drafts and the session', () => {
  it('keeps the drafts when the session expires, and drops them on a deliberate logout', async () => {
    const { storage, drafts, session, draft } = setup(userObject(7));
    await waitFor(session, (s) => s.hasTag('signedIn'));
    watchSessionForDrafts(session, drafts);
    const key = draft('registration.customer', 7);
    const transfer = draft('transfer.cash-in', 7);
    session.send({ type: 'session.expired', message: 'Expired' });
    expect(mayKeepDrafts(session)).toBe(true);
    expect(storage.getItem(key)).not.toBeNull();
    expect(storage.getItem(transfer)).not.toBeNull();

    session.send({ type: 'session.login', username: 'user7', password: 'x' });
    await waitFor(session, (s) => s.hasTag('signedIn'));
    expect(storage.getItem(key)).not.toBeNull();
    const other = draft('registration.agent', 7);
    session.send({ type: 'session.logout' });
    expect(mayKeepDrafts(session)).toBe(false);
    expect(storage.getItem(key)).toBeNull();
    expect(storage.getItem(other)).toBeNull();
    expect(storage.getItem(transfer)).toBeNull();
  });

  it('drops everyone else’s drafts when another user signs in on the tab', async () => {
    const { storage, drafts, session, draft } = setup(userObject(7));
    await waitFor(session, (s) => s.hasTag('signedIn'));
    watchSessionForDrafts(session, drafts);
    const mine = draft('transfer.cash-in', 7);
    // User 17's key ends in "7" too: only whole ids count.
    const seventeen = draft('transfer.cash-in', 17);
    session.send({ type: 'session.expired', message: 'Expired' });
    const theirs = draft('transfer.cash-in', 8);
    session.send({ type: 'session.login', username: 'user8', password: 'x' });
    await waitFor(session, (s) => s.hasTag('signedIn'));
    expect(storage.getItem(mine)).toBeNull();
    expect(storage.getItem(seventeen)).toBeNull();
    expect(storage.getItem(theirs)).not.toBeNull();
    expect(drafts.read('transfer.cash-in', 8, parseNote)?.note).toBe('Awa');
  });

  it('drops only its own user’s drafts on logout, and leaves other keys alone', async () => {
    const { storage, drafts, session, draft } = setup(userObject(7));
    await waitFor(session, (s) => s.hasTag('signedIn'));
    watchSessionForDrafts(session, drafts);
    const seventeen = draft('transfer.cash-in', 17);
    storage.setItem('somethingElse:7', 'kept');
    session.send({ type: 'session.logout' });
    expect(storage.getItem(seventeen)).not.toBeNull();
    expect(storage.getItem('somethingElse:7')).toBe('kept');
  });

  it('reads only a draft its page accepts', () => {
    const { storage, drafts } = setup(null);
    storage.setItem(formDraftKey('transfer.cash-in', 1), '{not json');
    storage.setItem(formDraftKey('transfer.cash-out', 1), JSON.stringify({ savedAt: 'x', other: 1 }));
    expect(drafts.read('transfer.cash-in', 1, parseNote)).toBeNull();
    expect(drafts.read('transfer.cash-out', 1, parseNote)).toBeNull();
    expect(drafts.read('transfer.unknown', 1, parseNote)).toBeNull();
  });
});
