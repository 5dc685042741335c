/**
 * The side menu and its accordion, driven through the real shell in jsdom by the paths of
 * their test models (tests/models/menu.ts, tests/models/accordion.ts). Effects are provided:
 * a controllable window width behind matchMedia, a fake API behind fetch, an in-memory store.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { groupKeyForId, PRIMARY_GROUP_IDS } from '../../contract/groups';
import { menuFor } from '../../contract/navigation/menus';
import type { MenuSection } from '../../contract/navigation/types';
import {
  ACCORDION_SECTIONS,
  type AccordionModelEvent,
  type AccordionSection,
  accordionModel,
  openSectionOf,
} from '../models/accordion';
import { type MenuModelEvent, menuModel, NARROW_WIDTH_PX, WIDE_WIDTH_PX } from '../models/menu';
import { coveringPaths, stateName } from '../models/menu-graph';
import { type RenderedApp, renderApp } from './support/render-app';

const USER = 'admin';
/** A path renders the whole app and clicks through it; give a loaded machine room. */
const PATH_TIMEOUT_MS = 20_000;

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

function current(): RenderedApp {
  if (!app) throw new Error('The app is not open');
  return app;
}

const banner = () => screen.getByRole('banner');
const toggleButton = () => within(banner()).getByRole('button', { name: 'Toggle menu' });
/** The menu's <nav>, whether or not it is shown. */
const navElement = () => {
  const nav = current().container.querySelector<HTMLElement>('nav[aria-label="Main menu"]');
  if (!nav) throw new Error('No main menu in the page');
  return nav;
};
const visibleNav = () => screen.queryByRole('navigation', { name: 'Main menu' });

async function openShell(options: { url?: string; width?: number }) {
  app = renderApp({ signedInAs: USER, url: options.url ?? '/', width: options.width ?? WIDE_WIDTH_PX });
  await screen.findByTestId('user-name');
  await screen.findByRole('heading', { level: 1 });
}

/** The signed-in user's menu, from the registry with the user's group id from the (fake) API. */
function userMenu(): MenuSection[] {
  const user = current().services.session.getSnapshot().context.user;
  if (!user) throw new Error('Not signed in');
  return menuFor({
    group: groupKeyForId(user.groupDetails.groupId, PRIMARY_GROUP_IDS),
    profileName: user.profile.name,
    members: [],
  });
}

describe('menu test model (SPEC.md §2, §9)', () => {
  const { paths, coverage } = coveringPaths(menuModel);

  it('the generated paths cover every transition of the menu model', () => {
    expect(coverage.missingTransitions).toEqual([]);
    expect(coverage.missingEdges).toEqual([]);
    expect(coverage.transitionCount).toBe(10);
  });

  function expectOpen(open: boolean) {
    expect(toggleButton()).toHaveAttribute('aria-expanded', String(open));
    if (open) expect(visibleNav()).not.toBeNull();
    else expect(visibleNav()).toBeNull();
    expect(navElement()).toHaveAttribute('data-state', open ? 'open' : 'closed');
  }

  const states = {
    notLoaded: () => {
      expect(app).toBeUndefined();
    },
    'wide.open': () => {
      expect(current().viewport.width).toBeGreaterThan(900);
      expectOpen(true);
      // Beside the content, in the page flow: not positioned over it.
      expect(navElement()).not.toHaveClass('fixed');
    },
    'wide.closed': () => {
      expect(current().viewport.width).toBeGreaterThan(900);
      expectOpen(false);
    },
    'narrow.open': () => {
      expect(current().viewport.width).toBeLessThanOrEqual(900);
      expectOpen(true);
      // Positioned over the content (the real geometry is checked in Chromium).
      expect(navElement()).toHaveClass('fixed');
    },
    'narrow.closed': () => {
      expect(current().viewport.width).toBeLessThanOrEqual(900);
      expectOpen(false);
    },
  };

  const events = {
    'app.open.wide': () => openShell({ width: WIDE_WIDTH_PX }),
    'app.open.narrow': () => openShell({ width: NARROW_WIDTH_PX }),
    'toggle.click': async () => {
      await current().user.click(toggleButton());
    },
    'window.resize.narrow': () => {
      act(() => current().viewport.setWidth(NARROW_WIDTH_PX));
    },
    'window.resize.wide': () => {
      act(() => current().viewport.setWidth(WIDE_WIDTH_PX));
    },
    'menuLink.follow': async () => {
      const a = current();
      const nav = within(screen.getByRole('navigation', { name: 'Main menu' }));
      const [first] = userMenu();
      if (!first) throw new Error('The menu has no section');
      const header = nav.getByRole('button', { name: first.title.en });
      if (header.getAttribute('aria-expanded') !== 'true') await a.user.click(header);
      const target = first.items.find((i) => i.to !== a.location().pathname) ?? first.items[0];
      if (!target) throw new Error('The section has no link');
      const from = a.location().pathname;
      await a.user.click(nav.getByRole('link', { name: target.title.en }));
      await waitFor(() => expect(a.location().pathname).toBe(target.to));
      expect(target.to).not.toBe(from);
      // The page is a lazy chunk: its first import in a test run can take seconds on a loaded machine.
      await screen.findByRole('heading', { level: 1, name: target.title.en }, { timeout: 10_000 });
    },
  } satisfies Record<MenuModelEvent['type'], () => unknown>;

  for (const path of paths) {
    it(path.description, { timeout: PATH_TIMEOUT_MS }, async () => {
      await path.test({ states, events });
      expect(Object.keys(states)).toContain(stateName(path.state));
    });
  }
});

describe('accordion test model (SPEC.md §2, §4)', () => {
  const { paths, coverage } = coveringPaths(accordionModel);

  it('the generated paths cover every transition of the accordion model', () => {
    expect(coverage.missingTransitions).toEqual([]);
    expect(coverage.missingEdges).toEqual([]);
    expect(coverage.transitionCount).toBe(15);
  });

  // The model's sections A, B and C, bound to three sections of the admin menu.
  const BOUND: Record<AccordionSection, string> = { a: 'banks', b: 'kyc-review', c: 'transfers' };
  const section = (s: AccordionSection): MenuSection => {
    const found = userMenu().find((m) => m.id === BOUND[s]);
    if (!found) throw new Error(`No section ${BOUND[s]} in the menu`);
    return found;
  };
  const firstRouteOf = (id: string) => {
    const found = menuFor({ group: 'admin', profileName: '', members: [] }).find((m) => m.id === id);
    const to = found?.items[0]?.to;
    if (!to) throw new Error(`No route in section ${id}`);
    return to;
  };

  const expectOpenSection = (open: AccordionSection | null) => {
    const nav = within(screen.getByRole('navigation', { name: 'Main menu' }));
    const sections = userMenu();
    const headers = nav.getAllByRole('button');
    // One header per section, in menu order; only the expected one is expanded.
    expect(headers.map((h) => h.textContent)).toEqual(sections.map((s) => s.title.en));
    const expected = open ? section(open).title.en : null;
    expect(headers.filter((h) => h.getAttribute('aria-expanded') === 'true').map((h) => h.textContent)).toEqual(
      expected ? [expected] : [],
    );
    // The links shown are Home and the open section's, nothing else.
    const hrefs = nav.getAllByRole('link').map((l) => l.getAttribute('href'));
    expect(hrefs).toEqual(['/', ...(open ? section(open).items.map((i) => i.to) : [])]);
    // The current route's link, when shown, is marked as the current page.
    const here = current().location().pathname;
    const currentLinks = nav.getAllByRole('link').filter((l) => l.getAttribute('aria-current') === 'page');
    const shown = hrefs.includes(here);
    expect(currentLinks.map((l) => l.getAttribute('href'))).toEqual(shown ? [here] : []);
  };

  const states = {
    notLoaded: () => {
      expect(app).toBeUndefined();
    },
    noneOpen: () => expectOpenSection(openSectionOf('noneOpen')),
    aOpen: () => expectOpenSection(openSectionOf('aOpen')),
    bOpen: () => expectOpenSection(openSectionOf('bOpen')),
    cOpen: () => expectOpenSection(openSectionOf('cOpen')),
  };

  const click = (s: AccordionSection) => async () => {
    const nav = within(screen.getByRole('navigation', { name: 'Main menu' }));
    await current().user.click(nav.getByRole('button', { name: section(s).title.en }));
  };

  const events = {
    'load.atHome': () => openShell({ url: '/' }),
    'load.atRouteInA': () => openShell({ url: firstRouteOf(BOUND.a) }),
    'load.atRouteInB': () => openShell({ url: firstRouteOf(BOUND.b) }),
    'header.clickA': click('a'),
    'header.clickB': click('b'),
    'header.clickC': click('c'),
  } satisfies Record<AccordionModelEvent['type'], () => unknown>;

  it('binds the three model sections to three distinct sections', () => {
    expect(new Set(ACCORDION_SECTIONS.map((s) => BOUND[s])).size).toBe(3);
  });

  for (const path of paths) {
    it(path.description, { timeout: PATH_TIMEOUT_MS }, async () => {
      await path.test({ states, events });
      expect(Object.keys(states)).toContain(stateName(path.state));
    });
  }
});
