/**
 * The header's search box over the fake API: matches drop down below it in the language in use,
 * Enter on a single match opens it and on several opens all results in the transaction report;
 * a user whose reports list no rows has no search box. ("/" opens the command palette:
 * command-palette.test.tsx.)
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../contract/details';
import { en } from '../../src/i18n/en';
import { fr } from '../../src/i18n/fr';
import { createFakeApi, type RenderedApp, renderApp, success } from './support/render-app';

const S = en.headerSearch;
const TIMEOUT = 30_000;

const oneAccount: SearchResult = {
  accounts: [{ number: 'CUS-000001', holder: 'Aminata Diallo', phone: '+221 77 123 45 67', kind: 'customer' }],
  transactions: [],
};
const two: SearchResult = {
  accounts: oneAccount.accounts,
  transactions: [
    {
      reference: 'TX26111500115287',
      createdAt: '2026-11-15T10:00:00.000Z',
      amount: 25_000,
      status: 'success',
      from: 'Aminata Diallo',
      to: 'Fatou Sow',
    },
  ],
};

let app: RenderedApp | undefined;
afterEach(() => app?.unmount());

describe('header search', () => {
  it('lists the matches and opens a single match on Enter', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    const asked: string[] = [];
    api.on('GET', 'search', (call) => {
      const q = call.query.get('q') ?? '';
      asked.push(q);
      return { body: success(q.startsWith('Amin') ? oneAccount : two) };
    });
    api.on('GET', 'accounts/CUS-000001', () => ({ status: 404, body: { status: false, errors: [] } }));
    app = renderApp({ api, signedInAs: 'admin', url: '/' });
    const box = await screen.findByRole('combobox', { name: S.label }, { timeout: 10_000 });

    await app.user.click(box);
    expect(box).toHaveFocus();
    expect(box).toHaveValue('');

    await app.user.type(box, 'Diallo');
    const results = await screen.findByRole('region', { name: S.results }, { timeout: 5_000 });
    const options = within(results).getAllByRole('option');
    // People first, then transactions, then all results.
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Aminata Diallo'),
      expect.stringContaining('TX26111500115287'),
      S.seeAll.replace('{{text}}', 'Diallo'),
    ]);
    await app.user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await app.user.keyboard('{ArrowUp}');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    // Two matches: Enter opens them all in the transaction report, narrowed to the one account named.
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app?.router.state.location.pathname).toBe('/reports/transaction-report'));
    expect(app.router.state.location.search).toMatchObject({ account: 'CUS-000001' });
    // The report is shown once its heading takes the focus the search box gave up (use-route-focus).
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus(), { timeout: 5_000 });

    await app.user.clear(box);
    await app.user.type(box, 'Aminata');
    // Once the one match is listed (Enter before the answer opens all results for the text).
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: S.results })).getAllByRole('option')).toHaveLength(2),
    );
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app?.router.state.location.pathname).toBe('/accounts/CUS-000001'));
    expect(asked).toContain('Aminata');
  });

  it('names what found nothing and suggests another way to find it', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    api.on('GET', 'search', () => ({ body: success({ accounts: [], transactions: [] }) }));
    app = renderApp({ api, signedInAs: 'admin', url: '/' });
    const box = await screen.findByRole('combobox', { name: S.label }, { timeout: 10_000 });
    await app.user.type(box, 'Ciss');
    const results = await screen.findByRole('region', { name: S.results }, { timeout: 5_000 });
    expect(
      await within(results).findByText('Nothing matches “Ciss”. Try fewer letters, or the phone or account number.'),
    ).toBeVisible();
  });

  // The combobox's code comes with the box's first focus (decision 061): what is typed, and an
  // Enter pressed, before it has arrived is searched and opened as if it had been there.
  it('searches what was typed before its code arrived, and opens it on an early Enter', {
    timeout: TIMEOUT,
  }, async () => {
    const api = createFakeApi();
    api.on('GET', 'search', () => ({ body: success(oneAccount) }));
    api.on('GET', 'accounts/CUS-000001', () => ({ status: 404, body: { status: false, errors: [] } }));
    app = renderApp({ api, signedInAs: 'admin', url: '/' });
    const box = await screen.findByRole('combobox', { name: S.label }, { timeout: 10_000 });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'Aminata' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(app?.router.state.location.pathname).toBe('/accounts/CUS-000001'), { timeout: 5_000 });
    expect(box).toBe(screen.getByRole('combobox', { name: S.label }));
  });

  it('speaks French when the interface does', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    app = renderApp({ api, signedInAs: 'admin', url: '/' });
    await screen.findByRole('combobox', { name: S.label }, { timeout: 10_000 });
    await app.user.click(screen.getByRole('button', { name: 'fr' }));
    expect(await screen.findByRole('combobox', { name: fr.headerSearch.label })).toBeInTheDocument();
  });

  it('is not there for a user whose reports list no rows', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    app = renderApp({ api, signedInAs: 'kyc-admin', url: '/' });
    await screen.findByTestId('user-name', {}, { timeout: 10_000 });
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
