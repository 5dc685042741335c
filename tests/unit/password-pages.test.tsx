/**
 * The password pages in jsdom: /change-password from the header's user menu, the rule checked as
 * the user types (zxcvbn loaded by the page), the server's refusal shown in place, and French.
 * The set-password step after a one-time password is driven by the session paths
 * (tests/unit/session.paths.test.tsx).
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordMessages } from '../../src/routes/password/messages';
import { LANGUAGE_KEY } from '../../src/i18n';
import { createFakeApi, createMemoryStore, type RenderedApp, renderApp } from './support/render-app';

const { en, fr } = passwordMessages;
// Each test renders a whole app; on a busy machine that can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5_000 });
let app: RenderedApp | undefined;
afterEach(() => app?.unmount());

async function openChangePage(lang?: 'fr') {
  const store = createMemoryStore(lang ? { [LANGUAGE_KEY]: lang } : {});
  app = renderApp({ api: createFakeApi(), store, signedInAs: 'agent', url: '/', userEventOptions: { delay: null } });
  const header = await screen.findByRole('banner');
  await app.user.click(within(header).getByRole('button', { name: /Moussa Diop/ }));
  await app.user.click(
    await screen.findByRole('menuitem', { name: lang ? 'Changer de mot de passe' : 'Change password' }),
  );
  await screen.findByRole('heading', { name: (lang ? fr : en).change.title });
  return app;
}

async function fill(a: RenderedApp, current: string, next: string, repeat = next) {
  for (const [label, value] of [
    [en.current, current],
    [en.new, next],
    [en.repeat, repeat],
  ] as const) {
    const field = screen.getByLabelText(label);
    await a.user.clear(field);
    if (value) await a.user.type(field, value);
  }
  await a.user.click(screen.getByRole('button', { name: en.change.submit }));
}

describe('/change-password', () => {
  it('is reached from the header’s user menu and refuses what the rule refuses before asking the server', async () => {
    const a = await openChangePage();
    expect(a.location().pathname).toBe('/change-password');
    await fill(a, 'demo1234', 'Baobab-Tiled-Ferry-42', 'Baobab-Tiled-Ferry-43');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.problems.mismatch);
    await fill(a, 'demo1234', 'short-one');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.problems.tooShort);
    await fill(a, 'demo1234', 'agent-of-the-year');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.problems.sameAsUsername);
    // The dictionaries arrive with the page: a common password is refused once they are there.
    await waitFor(async () => {
      await fill(a, 'demo1234', 'password123');
      expect(screen.getByRole('alert')).toHaveTextContent(en.problems.tooCommon);
    });
    await fill(a, '', 'Baobab-Tiled-Ferry-42');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.problems.currentMissing);
    expect(a.api.callsTo('auth/password', 'POST')).toHaveLength(0);
  }, 90_000);

  it('shows the server’s refusal in place, then the change, and keeps the user signed in', async () => {
    const a = await openChangePage();
    await fill(a, 'not-my-password', 'Baobab-Tiled-Ferry-42');
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is not right.');
    await fill(a, 'demo1234', 'Baobab-Tiled-Ferry-42');
    expect(await screen.findByRole('status')).toHaveTextContent(en.change.done);
    expect(a.api.callsTo('auth/password', 'POST')).toHaveLength(2);
    expect(screen.getByTestId('user-name')).toHaveTextContent('Moussa Diop');
  }, 30_000);

  it('speaks French', async () => {
    await openChangePage('fr');
    expect(screen.getByLabelText(fr.current)).toBeVisible();
    expect(screen.getByRole('button', { name: fr.change.submit })).toBeVisible();
    expect(screen.getByText(fr.rule)).toBeVisible();
  }, 30_000);
});
