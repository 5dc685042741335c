/**
 * The two views of the approvals page are tabs: the arrow keys move between them and select
 * them, each view is a panel named by its tab, and the view chosen is in the address, so a
 * reload or a shared link opens the same one.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InboxPage } from '../../../contract/api/inbox';
import { createFakeApi, type RenderedApp, renderApp, success } from '../../../tests/unit/support/render-app';
import { APPROVAL_MESSAGES } from './approval-messages';

const V = APPROVAL_MESSAGES.en.views;
const TIMEOUT = 30_000;

let app: RenderedApp | undefined;
beforeAll(async () => void (await import('./AuthorizePage')), 60_000);
afterEach(() => app?.unmount());

function open(url: string) {
  const api = createFakeApi();
  const inbox: InboxPage = {
    rows: [],
    waiting: { transfer: 0, bulk: 0, chargeback: 0, wallet: 0, change: 0 },
    bank: null,
    expired: [],
  };
  api.on('GET', 'inbox', () => ({ body: success(inbox) }));
  api.on('GET', 'inbox/count', () => ({ body: success({ count: 0 }) }));
  api.on('GET', 'approvals', () => ({ body: success({ rows: [], total: 0 }) }));
  app = renderApp({ api, signedInAs: 'network-supervisor', url });
  return app;
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('the approvals page’s views', () => {
  it('arrow keys move to the other view and select it; its panel is named by its tab; the address follows', {
    timeout: TIMEOUT,
  }, async () => {
    const a = open('/authorize-transactions');
    const tabs = await screen.findByRole('tablist', {}, { timeout: 10_000 });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([V.inbox, V.transfers]);
    expect(tab(V.inbox)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: V.inbox })).toBeVisible();

    tab(V.inbox).focus();
    await a.user.keyboard('{ArrowRight}');
    expect(tab(V.transfers)).toHaveFocus();
    expect(tab(V.transfers)).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tabpanel', { name: V.transfers })).toBeVisible();
    expect(screen.queryByRole('tabpanel', { name: V.inbox })).toBeNull();
    await waitFor(() => expect(a.location().search).toContain('view=transfers'));

    await a.user.keyboard('{ArrowLeft}');
    expect(tab(V.inbox)).toHaveFocus();
    expect(await screen.findByRole('tabpanel', { name: V.inbox })).toBeVisible();
    await waitFor(() => expect(a.location().search).toBe(''));

    // Tab leaves the tab list for the panel's content rather than stepping through the other tab.
    await a.user.keyboard('{Tab}');
    expect(tab(V.transfers)).not.toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: V.inbox }).contains(document.activeElement)).toBe(true);
  });

  it('opens on the view the address names', { timeout: TIMEOUT }, async () => {
    open('/authorize-transactions?view=transfers');
    expect(await screen.findByRole('tabpanel', { name: V.transfers }, { timeout: 10_000 })).toBeVisible();
    expect(tab(V.transfers)).toHaveAttribute('aria-selected', 'true');
  });
});
