/**
 * The command palette in the real app over the fake API: Ctrl+K and "/" open it, a page's French
 * or English name finds it, Enter opens it, the recent pages come back, and a user is never
 * offered a page of another group's menu. The side menu's filter narrows a long menu.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { commandPaletteMessages } from '../../src/routes/command-palette/messages';
import { paletteMessages } from '../../src/routes/shell/palette/messages';
import { type RenderedApp, renderApp } from './support/render-app';

const P = paletteMessages.en;
const C = commandPaletteMessages.en;
const TIMEOUT = 30_000;

let app: RenderedApp | undefined;
afterEach(() => app?.unmount());

async function openWithCtrlK(current: RenderedApp) {
  await current.user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('combobox', PALETTE_FIELD, { timeout: 10_000 });
}

/** The palette's own field (the header's search box is a combobox too). */
const PALETTE_FIELD = { name: new RegExp(`^(${C.input}|${commandPaletteMessages.fr.input})$`) };

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent ?? '');

describe('command palette', () => {
  it('finds a page by its French name and opens it on Enter', { timeout: TIMEOUT }, async () => {
    app = renderApp({ signedInAs: 'admin', url: '/' });
    await screen.findByTestId('user-name', {}, { timeout: 10_000 });
    await app.user.click(screen.getByRole('button', { name: 'fr' }));
    await screen.findByRole('button', { name: paletteMessages.fr.open });

    const box = await openWithCtrlK(app);
    expect(box).toHaveFocus();
    await app.user.type(box, 'frais');
    const list = screen.getByRole('listbox');
    expect(within(list).getByRole('group', { name: commandPaletteMessages.fr.pages })).toBeInTheDocument();
    const [first] = within(list).getAllByRole('option');
    expect(first).toHaveTextContent('Frais et plafonds');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', first?.id);

    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app?.location().pathname).toBe('/fees'));
    expect(screen.queryByRole('combobox', PALETTE_FIELD)).toBeNull();
  });

  it('opens on "/", lists the recent pages and moves with the arrows', { timeout: TIMEOUT }, async () => {
    app = renderApp({ signedInAs: 'admin', url: '/users' });
    await screen.findByTestId('user-name', {}, { timeout: 10_000 });
    await app.user.click(screen.getByRole('button', { name: P.open }));
    const box = await screen.findByRole('combobox', PALETTE_FIELD, { timeout: 10_000 });
    await app.user.type(box, 'audit');
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app?.location().pathname).toBe('/audit-trail'));

    await app.user.keyboard('/');
    const again = await screen.findByRole('combobox', PALETTE_FIELD);
    expect(again).toHaveValue('');
    expect(screen.getByRole('group', { name: C.recent })).toBeInTheDocument();
    expect(optionNames()).toEqual([expect.stringMatching(/^Audit trail/), expect.stringMatching(/^Staff accounts/)]);
    await app.user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(app?.location().pathname).toBe('/users'));
  });

  it('offers only the pages of the user’s own menu', { timeout: TIMEOUT }, async () => {
    app = renderApp({ signedInAs: 'agent', url: '/' });
    await screen.findByTestId('user-name', {}, { timeout: 10_000 });
    const box = await openWithCtrlK(app);
    for (const text of ['fees', 'frais', 'staff', 'audit']) {
      await app.user.clear(box);
      await app.user.type(box, text);
      expect(screen.queryByRole('group', { name: C.pages })).toBeNull();
    }
    await app.user.clear(box);
    await app.user.type(box, 'cash');
    expect(optionNames().length).toBeGreaterThan(0);
    // Escape closes it.
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('combobox', PALETTE_FIELD)).toBeNull();
  });
});

describe('side menu filter', () => {
  it('narrows a long menu to the matching links, opening their sections, and says when none match', {
    timeout: TIMEOUT,
  }, async () => {
    app = renderApp({ signedInAs: 'admin', url: '/' });
    const filter = await screen.findByRole('searchbox', { name: P.menuFilter }, { timeout: 10_000 });
    const menu = screen.getByRole('navigation');
    await app.user.type(filter, 'bulk fee');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Bulk Fee Override', 'Bulk Fee Removal']);
    await app.user.clear(filter);
    await app.user.type(filter, 'nothing like this');
    expect(within(menu).getByRole('status')).toHaveTextContent('No link of your menu matches “nothing like this”.');
  });

  it('is not there for a short menu', { timeout: TIMEOUT }, async () => {
    app = renderApp({ signedInAs: 'agent', url: '/' });
    await screen.findByTestId('user-name', {}, { timeout: 10_000 });
    expect(screen.queryByRole('searchbox', { name: P.menuFilter })).toBeNull();
  });
});
