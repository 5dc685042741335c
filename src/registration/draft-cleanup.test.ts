import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { registrationDraftKey } from '../../contract/registration';
import type { CurrentUser } from '../api/types';
import { sessionMachine } from '../machines/session';
import { mayKeepDrafts, watchSessionForDrafts } from './draft-cleanup';
import { createDraftStore } from './draft-store';

const userObject = (id: number): CurrentUser => ({
  sessionId: `s-${id}`,
  profile: { id, name: `User ${id}`, username: `user${id}` },
  groupDetails: { groupId: 36 },
  bankId: null,
  bankList: [],
  accountsData: [],
});

function setup(storedUser: CurrentUser | null) {
  const storage = window.sessionStorage;
  storage.clear();
  const drafts = createDraftStore(storage);
  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => storedUser),
        loginRequest: fromPromise(async ({ input }) => userObject(Number(input.username.replace('user', '')))),
      },
    }),
  ).start();
  const draft = (kind: 'customer' | 'agent', id: number) => {
    drafts.write(id, {
      kind,
      step: 'identity',
      values: { identity: { firstName: 'Awa' } },
      savedAt: '2025-03-04T09:00:00Z',
    });
    return registrationDraftKey(kind, id);
  };
  return { storage, drafts, session, draft };
}

describe('drafts and the session', () => {
  it('keeps the drafts when the session expires, and drops them on a deliberate logout', async () => {
    const { storage, drafts, session, draft } = setup(userObject(7));
    await waitFor(session, (s) => s.hasTag('signedIn'));
    watchSessionForDrafts(session, drafts);
    const key = draft('customer', 7);
    session.send({ type: 'session.expired', message: 'Expired' });
    expect(mayKeepDrafts(session)).toBe(true);
    expect(storage.getItem(key)).not.toBeNull();

    session.send({ type: 'session.login', username: 'user7', password: 'x' });
    await waitFor(session, (s) => s.hasTag('signedIn'));
    expect(storage.getItem(key)).not.toBeNull();
    const other = draft('agent', 7);
    session.send({ type: 'session.logout' });
    expect(mayKeepDrafts(session)).toBe(false);
    expect(storage.getItem(key)).toBeNull();
    expect(storage.getItem(other)).toBeNull();
  });

  it('drops everyone else’s drafts when another user signs in on the tab', async () => {
    const { storage, drafts, session, draft } = setup(userObject(7));
    await waitFor(session, (s) => s.hasTag('signedIn'));
    watchSessionForDrafts(session, drafts);
    const mine = draft('customer', 7);
    session.send({ type: 'session.expired', message: 'Expired' });
    const theirs = draft('customer', 8);
    session.send({ type: 'session.login', username: 'user8', password: 'x' });
    await waitFor(session, (s) => s.hasTag('signedIn'));
    expect(storage.getItem(mine)).toBeNull();
    expect(storage.getItem(theirs)).not.toBeNull();
    expect(drafts.read('customer', 8)?.values.identity?.firstName).toBe('Awa');
  });

  it('reads only a well-formed draft of the asked kind', () => {
    const { storage, drafts } = setup(null);
    storage.setItem(registrationDraftKey('customer', 1), '{not json');
    storage.setItem(
      registrationDraftKey('agent', 1),
      JSON.stringify({ kind: 'customer', step: 'identity', values: {}, savedAt: 'x' }),
    );
    expect(drafts.read('customer', 1)).toBeNull();
    expect(drafts.read('agent', 1)).toBeNull();
  });
});
