/**
 * The associated members belong to one session. React may commit a render of the shell after
 * a logout, so a load can be asked for on behalf of a session that has already ended; the
 * stored entities must still be empty after logout (docs/product.md), whatever the timing.
 */
import { act, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { selectMembersSettled } from '../../src/machines/associated-members';
import { DEMO_PASSWORD } from '../../server/db/demo-users';
import { createFakeApi, renderApp } from './support/render-app';

const MEMBERS_PATH = 'members/merchant-partner/associated-members';

it('a members load asked for after logout stores nothing, and the next sign-in loads its own members', async () => {
  const api = createFakeApi();
  const app = renderApp({ api, signedInAs: 'aftu-master' });
  await waitFor(() => expect(selectMembersSettled(app.signedIn().members.getSnapshot())).toBe(true));
  const brokerId = app.services.session.getSnapshot().context.user?.profile.id ?? -1;

  await act(async () => app.services.session.send({ type: 'session.logout' }));
  const callsBefore = api.calls.filter((c) => c.path === MEMBERS_PATH).length;
  await act(async () => app.signedIn().members.send({ type: 'members.load', brokerId }));
  await api.idle();

  expect(api.calls.filter((c) => c.path === MEMBERS_PATH)).toHaveLength(callsBefore);
  expect(app.sessionKeys()).toEqual([]);
  expect(app.signedIn().members.getSnapshot().matches('idle')).toBe(true);

  await act(async () =>
    app.services.session.send({ type: 'session.login', username: 'aftu-master', password: DEMO_PASSWORD }),
  );
  await waitFor(() => expect(app.sessionKeys()).toContain('associatedMemberDetails'));
  app.unmount();
});

it('a members answer that arrives after logout is dropped', async () => {
  const api = createFakeApi();
  const held = api.hold(MEMBERS_PATH);
  const app = renderApp({ api, signedInAs: 'aftu-master' });
  await held.reached;
  await act(async () => app.services.session.send({ type: 'session.logout' }));
  await act(async () => held.release());
  await api.idle();
  expect(app.sessionKeys()).toEqual([]);
  app.unmount();
});

it('a members answer arriving after another tab cleared the stored session writes nothing', async () => {
  const api = createFakeApi();
  const held = api.hold(MEMBERS_PATH);
  const app = renderApp({ api, signedInAs: 'aftu-master' });
  await held.reached;
  // Logout in another tab empties the shared storage; this tab still holds its session in memory.
  for (const key of app.sessionKeys()) app.store.removeItem(key);
  await act(async () => held.release());
  await api.idle();
  expect(app.sessionKeys()).toEqual([]);
  app.unmount();
});
