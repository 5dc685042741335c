/**
 * The side menu and its sections: the generated paths of the real menu and accordion machines
 * (tests/paths/machines/core.ts), each run against the whole app in jsdom, signed in as the
 * admin. Effects are provided: a window width behind matchMedia, a fake API, an in-memory
 * store. The assertions are what the user sees (docs/path-tests.md).
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { menuFor } from '../../contract/navigation/menus';
import type { MenuSection } from '../../contract/navigation/types';
import { generatePaths, incompleteSteps, missingCoverage, type PathSteps, runPath } from '../paths/graph-adapter';
import { accordionGraph, menuGraph } from '../paths/machines/core';
import { type RenderedApp, renderApp } from './support/render-app';

/** The menu collapses at a window of 900 px or less. */
const NARROW_WIDTH_PX = 900;
const WIDE_WIDTH_PX = 901;
const USER = 'admin';
/** A path renders the whole app and clicks through it; give a loaded machine room. */
const PATH_TIMEOUT_MS = 60_000;

configure({ asyncUtilTimeout: 5_000 });

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

function current(): RenderedApp {
  if (!app) throw new Error('The app is not open');
  return app;
}

const SECTIONS: MenuSection[] = menuFor({ group: 'admin', profileName: '', members: [] });
function section(id: string): MenuSection {
  const found = SECTIONS.find((s) => s.id === id);
  if (!found) throw new Error(`No section ${id} in the admin menu`);
  return found;
}

const banner = () => screen.getByRole('banner');
const toggleButton = () => within(banner()).getByRole('button', { name: en.shell.toggleMenu });
/** The menu's <nav>, whether or not it is shown. */
const navElement = () => {
  const nav = current().container.querySelector<HTMLElement>(`nav[aria-label="${en.shell.mainMenu}"]`);
  if (!nav) throw new Error('No main menu in the page');
  return nav;
};
const visibleNav = () => screen.queryByRole('navigation', { name: en.shell.mainMenu });
const nav = () => within(screen.getByRole('navigation', { name: en.shell.mainMenu }));

async function openShell(options: { url?: string; width?: number }) {
  app = renderApp({ signedInAs: USER, url: options.url ?? '/', width: options.width ?? WIDE_WIDTH_PX });
  await screen.findByTestId('user-name');
  await screen.findByRole('heading', { level: 1 });
}

async function followLink(to: string, title: string) {
  const a = current();
  const from = a.location().pathname;
  await a.user.click(nav().getByRole('link', { name: title }));
  await waitFor(() => expect(a.location().pathname).toBe(to));
  expect(to).not.toBe(from);
  // The page is a lazy chunk: its first import in a test run can take seconds on a loaded machine.
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 });
}

describe('menu machine: generated paths in jsdom', () => {
  const generated = generatePaths(menuGraph);

  function expectOpen(open: boolean) {
    expect(toggleButton()).toHaveAttribute('aria-expanded', String(open));
    if (open) expect(visibleNav()).not.toBeNull();
    else expect(visibleNav()).toBeNull();
    expect(navElement()).toHaveAttribute('data-state', open ? 'open' : 'closed');
  }

  async function followFirstSectionLink() {
    const [first] = SECTIONS;
    if (!first) throw new Error('The menu has no section');
    const header = nav().getByRole('button', { name: first.title.en });
    if (header.getAttribute('aria-expanded') !== 'true') await current().user.click(header);
    const target = first.items.find((i) => i.to !== current().location().pathname) ?? first.items[0];
    if (!target) throw new Error('The section has no link');
    await followLink(target.to, target.title.en);
  }

  const steps: PathSteps = {
    async start({ step }) {
      await openShell({ width: step.label === 'narrow window' ? NARROW_WIDTH_PX : WIDE_WIDTH_PX });
    },
    states: {
      async 'wide.open'() {
        expect(current().viewport.width).toBeGreaterThan(NARROW_WIDTH_PX);
        expectOpen(true);
        // Beside the content, in the page flow: not positioned over it, nothing to click away.
        expect(navElement()).not.toHaveClass('fixed');
        expect(screen.queryByRole('button', { name: en.shell.closeMenu })).toBeNull();
      },
      async 'wide.closed'() {
        expect(current().viewport.width).toBeGreaterThan(NARROW_WIDTH_PX);
        expectOpen(false);
      },
      async 'narrow.open'() {
        expect(current().viewport.width).toBeLessThanOrEqual(NARROW_WIDTH_PX);
        expectOpen(true);
        // Over the content (the real geometry is checked in Chromium), with a backdrop that closes it.
        expect(navElement()).toHaveClass('fixed');
        expect(screen.getByRole('button', { name: en.shell.closeMenu })).toBeInTheDocument();
      },
      async 'narrow.closed'() {
        expect(current().viewport.width).toBeLessThanOrEqual(NARROW_WIDTH_PX);
        expectOpen(false);
        expect(screen.queryByRole('button', { name: en.shell.closeMenu })).toBeNull();
      },
    },
    events: {
      async 'menu.toggle'() {
        await current().user.click(toggleButton());
      },
      async 'menu.close'() {
        await current().user.click(screen.getByRole('button', { name: en.shell.closeMenu }));
      },
      async 'menu.viewport.narrow'() {
        act(() => current().viewport.setWidth(NARROW_WIDTH_PX));
      },
      async 'menu.viewport.wide'() {
        act(() => current().viewport.setWidth(WIDE_WIDTH_PX));
      },
      'menu.navigated': followFirstSectionLink,
    },
  };

  it('drives every transition and state of the machine', () => {
    expect(generated.transitions).toHaveLength(10);
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, steps)).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, steps));
  }

  it('stays open beside the content after following one of its links in a wide window', {
    timeout: PATH_TIMEOUT_MS,
  }, async () => {
    // The machine has no transition for this: nothing may close a wide menu but its button.
    await openShell({ width: WIDE_WIDTH_PX });
    await followFirstSectionLink();
    expectOpen(true);
    expect(navElement()).not.toHaveClass('fixed');
  });
});

describe('accordion machine: generated paths in jsdom', () => {
  const generated = generatePaths(accordionGraph);
  const REPORTS = section('reports');

  /** The open section the user expects from what they did: none, or one section's id. */
  let expected: string | null = null;

  const expectOpenSection = (open: string | null) => {
    const headers = nav().getAllByRole('button');
    // One header per section, in menu order; only the expected one is expanded.
    expect(headers.map((h) => h.textContent)).toEqual(SECTIONS.map((s) => s.title.en));
    const title = open ? section(open).title.en : null;
    expect(headers.filter((h) => h.getAttribute('aria-expanded') === 'true').map((h) => h.textContent)).toEqual(
      title ? [title] : [],
    );
    // The links shown are Home and the open section's, nothing else.
    const hrefs = nav()
      .getAllByRole('link')
      .map((l) => l.getAttribute('href'));
    expect(hrefs).toEqual(['/', ...(open ? section(open).items.map((i) => i.to) : [])]);
    // The current route's link, when shown, is marked as the current page.
    const here = current().location().pathname;
    const currentLinks = nav()
      .getAllByRole('link')
      .filter((l) => l.getAttribute('aria-current') === 'page');
    expect(currentLinks.map((l) => l.getAttribute('href'))).toEqual(hrefs.includes(here) ? [here] : []);
  };

  /** An in-app move to another page (as the browser's back and forward do): the menu stays mounted. */
  async function navigateTo(to: string) {
    await act(async () => {
      await current().router.navigate({ to } as never);
    });
    await waitFor(() => expect(current().location().pathname).toBe(to));
  }

  const steps: PathSteps = {
    async start({ step }) {
      const atReport = step.label === 'at a report';
      expected = atReport ? 'reports' : null;
      await openShell({ url: atReport ? REPORTS.items[0]?.to : '/' });
    },
    states: {
      async '(root)'() {
        expectOpenSection(expected);
      },
    },
    events: {
      async 'accordion.toggle'({ step }) {
        const id = String(step.event.section);
        await current().user.click(nav().getByRole('button', { name: section(id).title.en }));
        expected = expected === id ? null : id;
      },
      async 'accordion.reveal'({ step }) {
        if (step.event.section === null) {
          // Home is in no section: the section the user had open stays open.
          await current().user.click(nav().getByRole('link', { name: en.shell.home }));
          await waitFor(() => expect(current().location().pathname).toBe('/'));
          return;
        }
        const here = current().location().pathname;
        // The section opens when the route enters it; from a page of it, leave it first.
        if (REPORTS.items.some((i) => i.to === here)) await navigateTo('/');
        const target = REPORTS.items.find((i) => i.to !== here);
        if (!target) throw new Error('The reports section has a single link');
        await navigateTo(target.to);
        expected = 'reports';
      },
    },
  };

  it('drives every transition and state of the machine', () => {
    expect(generated.transitions).toHaveLength(2);
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, steps)).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, steps));
  }
});
