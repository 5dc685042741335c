/**
 * The frame of every signed-in page (docs/product.md): a header with the welcome line, the user's
 * name and Logout; a footer with the 2023 copyright and a powered-by credit; the EN/FR switch,
 * remembered across a reload.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY } from '../../src/i18n';
import { type RenderedApp, renderApp } from './support/render-app';

const TIMEOUT_MS = 20_000;
// The Logout label is written twice, one copy shown per breakpoint by CSS; jsdom loads no CSS
// and so names the button with both copies. Chromium (tests/e2e) sees the single label.
const LOGOUT = /^Logout(\s?Logout)?$/;
const LOGOUT_FR = /^Déconnexion(\s?Déconnexion)?$/;

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

async function openAs(username: string, options: { url?: string } = {}) {
  app = renderApp({ signedInAs: username, url: options.url ?? '/' });
  await screen.findByTestId('user-name');
  return app;
}

describe('shell header and footer', () => {
  it('the header shows the welcome line, the signed-in user and a Logout action', { timeout: TIMEOUT_MS }, async () => {
    await openAs('agent');
    const header = within(screen.getByRole('banner'));
    expect(header.getByText(/Welcome back/)).toBeInTheDocument();
    expect(header.getByTestId('user-name')).toHaveTextContent('Moussa Diop');
    expect(header.getByRole('button', { name: LOGOUT })).toBeVisible();
    expect(header.getByRole('button', { name: 'Toggle menu' })).toBeVisible();
  });

  it('the header names whoever is signed in', { timeout: TIMEOUT_MS }, async () => {
    await openAs('aftu-master');
    expect(within(screen.getByRole('banner')).getByTestId('user-name')).toHaveTextContent('AFTU Master');
  });

  it('Logout from the header signs out and lands on the sign-in page', { timeout: TIMEOUT_MS }, async () => {
    const a = await openAs('agent');
    await a.user.click(within(screen.getByRole('banner')).getByRole('button', { name: LOGOUT }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(a.location().pathname).toBe('/login');
    expect(a.sessionKeys()).toEqual([]);
  });

  it('the footer shows the 2023 copyright and a powered-by credit', { timeout: TIMEOUT_MS }, async () => {
    await openAs('admin');
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText(/© 2023/)).toBeVisible();
    expect(
      footer
        .getByText(/Powered by/)
        .textContent?.replace('Powered by', '')
        .trim(),
    ).not.toBe('');
  });

  it('the frame surrounds every signed-in page, not only home', { timeout: TIMEOUT_MS }, async () => {
    await openAs('agent', { url: '/cash-in' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cash In' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2023');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });
});

describe('language switch', () => {
  it('is EN by default and switches the labels to FR', { timeout: TIMEOUT_MS }, async () => {
    const a = await openAs('admin');
    const header = () => within(screen.getByRole('banner'));
    expect(header().getByRole('button', { name: 'en' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('en');

    await a.user.click(header().getByRole('button', { name: 'fr' }));

    expect(await header().findByRole('button', { name: LOGOUT_FR })).toBeVisible();
    expect(header().getByText(/Bon retour/)).toBeInTheDocument();
    expect(header().getByRole('button', { name: 'Afficher ou masquer le menu' })).toBeVisible();
    expect(header().getByRole('button', { name: 'fr' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    // Menu section titles come from the registry in the chosen language.
    expect(
      within(screen.getByRole('navigation', { name: 'Menu principal' })).getByRole('button', { name: 'Banques' }),
    ).toBeVisible();
    expect(within(screen.getByRole('contentinfo')).getByText(/Propulsé par/)).toBeVisible();
    expect(screen.queryByRole('button', { name: LOGOUT })).toBeNull();
    expect(a.store.getItem(LANGUAGE_KEY)).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('remembers FR after a reload, and EN again once switched back', { timeout: TIMEOUT_MS }, async () => {
    const first = await openAs('admin');
    await first.user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'fr' }));
    await screen.findByRole('button', { name: LOGOUT_FR });

    app = first.reload();
    expect(await screen.findByRole('button', { name: LOGOUT_FR })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    expect(app.store.getItem(LANGUAGE_KEY)).toBe('fr');

    await app.user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'en' }));
    expect(await screen.findByRole('button', { name: LOGOUT })).toBeVisible();
    expect(app.store.getItem(LANGUAGE_KEY)).toBe('en');

    app = app.reload();
    expect(await screen.findByRole('button', { name: LOGOUT })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });

  it('keeps the chosen language across a logout', { timeout: TIMEOUT_MS }, async () => {
    const a = await openAs('agent');
    await a.user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'fr' }));
    await a.user.click(await screen.findByRole('button', { name: LOGOUT_FR }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeVisible();
    expect(a.store.getItem(LANGUAGE_KEY)).toBe('fr');
  });
});

describe('user menu', () => {
  // While the menu is open the rest of the page is hidden from assistive technology, the header too.
  const userButton = (name: RegExp) =>
    within(screen.getByRole('banner', { hidden: true })).getByRole('button', { name, hidden: true });

  it('opens on the name, takes the focus, and closes with Escape or a click outside', {
    timeout: TIMEOUT_MS,
  }, async () => {
    const a = await openAs('bank-checker');
    const button = userButton(/Banque Islamique Checker/);
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('title', 'Banque Islamique Checker');

    await a.user.click(button);
    const menu = await screen.findByRole('menu');
    expect(menu.contains(document.activeElement)).toBe(true);
    expect(userButton(/Banque Islamique Checker/)).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByText('Banque Islamique Checker')).toBeVisible();
    expect(within(menu).getByRole('menuitem', { name: 'Change password' })).toBeVisible();
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    expect(within(menu).getByRole('menuitemradio', { name: 'Français' })).toHaveAttribute('aria-checked', 'false');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeVisible();

    await a.user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(userButton(/Banque Islamique Checker/));

    await a.user.click(userButton(/Banque Islamique Checker/));
    await screen.findByRole('menu');
    // The open menu blocks pointer events elsewhere (as Chromium does), so the press is sent directly.
    fireEvent.pointerDown(screen.getByRole('contentinfo', { hidden: true }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('switches the language and signs out from the menu', { timeout: TIMEOUT_MS }, async () => {
    const a = await openAs('agent');
    await a.user.click(userButton(/Moussa Diop/));
    await a.user.click(within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: 'Français' }));
    expect(await screen.findByRole('button', { name: LOGOUT_FR })).toBeVisible();
    expect(a.store.getItem(LANGUAGE_KEY)).toBe('fr');

    await a.user.click(userButton(/Moussa Diop/));
    await a.user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Déconnexion' }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeVisible();
    expect(a.location().pathname).toBe('/login');
    expect(a.sessionKeys()).toEqual([]);
  });
});

describe('side menu sections', () => {
  it('Up, Down, Home and End move between the section headers; a header shows its links as a named region', {
    timeout: TIMEOUT_MS,
  }, async () => {
    const a = await openAs('admin');
    const nav = within(screen.getByRole('navigation', { name: 'Main menu' }));
    const headers = nav.getAllByRole('button', { expanded: false });
    expect(headers.length).toBeGreaterThan(2);
    const [first, second] = headers;
    const last = headers.at(-1);
    first?.focus();
    await a.user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await a.user.keyboard('{ArrowUp}{ArrowUp}');
    expect(last).toHaveFocus();
    await a.user.keyboard('{Home}');
    expect(first).toHaveFocus();
    await a.user.keyboard('{End}');
    expect(last).toHaveFocus();

    await a.user.keyboard('{Home}{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const region = nav.getByRole('region', { name: first?.textContent ?? '' });
    expect(first).toHaveAttribute('aria-controls', region.id);
    expect(within(region).getAllByRole('link').length).toBeGreaterThan(0);
    await a.user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(first).not.toHaveAttribute('aria-controls');
    expect(nav.queryByRole('region')).toBeNull();
  });
});
