/**
 * The side menu and its sections: the generated paths of the real menu and accordion machines
 * (tests/paths/machines/core.ts) in real Chromium against the real API, with real resizes
 * across the 900 px breakpoint and real layout checks (beside or over the content).
 */
import { expect, type Page, test } from '@playwright/test';
import { groupKeyForId, PRIMARY_GROUP_IDS } from '../../contract/groups';
import { en } from '../../src/i18n/en';
import { menuFor } from '../../contract/navigation/menus';
import type { MenuSection } from '../../contract/navigation/types';
import {
  generateCoveringPaths,
  incompleteSteps,
  missingCoverage,
  type PathSteps,
  runPath,
} from '../paths/graph-adapter';
import { asTestSteps } from './support/path-steps';
import { accordionGraph, menuGraph } from '../paths/machines/core';
import { loginViaApi, openSharedPage } from './support/session';

// Each path opens the app and drives it through a few steps; leave room on a loaded machine.
test.describe.configure({ mode: 'parallel', timeout: 60_000 });

const USERNAME = 'admin';
const HEIGHT_PX = 800;
/** The menu collapses at a window of 900 px or less. */
const NARROW_WIDTH_PX = 900;
const WIDE_WIDTH_PX = 901;
const MENU_WIDTH_PX = 270;

/**
 * One page per worker for every path: a new browser context costs Chromium seconds of CPU,
 * a page load a fraction of one. Each path starts with a full load of the app, so no state
 * of the previous path survives but the stored session.
 */
let shared: Page;
/** The admin's menu, from the registry with the group id and name the API gave at sign-in. */
let sections: MenuSection[] = [];
let adminName = '';

test.beforeAll(async ({ browser }) => {
  shared = await openSharedPage(browser);
  const user = await loginViaApi(shared, USERNAME);
  adminName = user.profile.name;
  sections = menuFor({
    group: groupKeyForId(user.groupDetails.groupId, PRIMARY_GROUP_IDS),
    profileName: user.profile.name,
    members: [],
  });
});
test.afterAll(async () => {
  await shared?.context().close();
});

function section(id: string): MenuSection {
  const found = sections.find((s) => s.id === id);
  if (!found) throw new Error(`No section ${id} in the admin menu`);
  return found;
}

const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: en.shell.toggleMenu });
const nav = (page: Page) => page.getByRole('navigation', { name: en.shell.mainMenu });

async function openApp(page: Page, width: number, url = '/') {
  await page.setViewportSize({ width, height: HEIGHT_PX });
  await page.goto(url);
  await expect(page.getByTestId('user-name')).toHaveText(adminName);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} has no box`);
  return b;
}

async function followFirstSectionLink(page: Page) {
  const [first] = sections;
  if (!first) throw new Error('The menu has no section');
  const header = nav(page).getByRole('button', { name: first.title.en });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  const here = new URL(page.url()).pathname;
  const target = first.items.find((i) => i.to !== here);
  if (!target) throw new Error('No other link in the section');
  await nav(page).getByRole('link', { name: target.title.en, exact: true }).click();
  await expect(page).toHaveURL(target.to);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.title.en);
}

async function expectMenu(page: Page, expected: { narrow: boolean; open: boolean }) {
  const width = page.viewportSize()?.width ?? 0;
  if (expected.narrow) expect(width).toBeLessThanOrEqual(NARROW_WIDTH_PX);
  else expect(width).toBeGreaterThan(NARROW_WIDTH_PX);
  await expect(toggle(page)).toHaveAttribute('aria-expanded', String(expected.open));
  if (!expected.open) {
    await expect(nav(page)).toBeHidden();
    // The content takes the whole width.
    await expect(async () => expect((await box(page, 'main#content')).x).toBe(0)).toPass();
    return;
  }
  await expect(nav(page)).toBeVisible();
  await expect(async () => {
    const menu = await box(page, `nav[aria-label="${en.shell.mainMenu}"]`);
    const content = await box(page, 'main#content');
    expect(menu.width).toBe(MENU_WIDTH_PX);
    expect(menu.x).toBe(0);
    if (expected.narrow) {
      // Overlay: the content stays where it was, under the menu, and the menu is on top.
      expect(content.x).toBeLessThan(menu.x + menu.width);
      const onTop = await page.evaluate(
        ({ x, y, label }) => Boolean(document.elementFromPoint(x, y)?.closest(`nav[aria-label="${label}"]`)),
        { x: menu.x + menu.width / 2, y: menu.y + menu.height - 5, label: en.shell.mainMenu },
      );
      expect(onTop).toBe(true);
    } else {
      // Beside the content: the content starts where the menu ends.
      expect(content.x).toBeGreaterThanOrEqual(menu.x + menu.width);
    }
  }).toPass();
}

test.describe('menu machine: generated paths in Chromium', () => {
  const generated = generateCoveringPaths(menuGraph);
  const steps = (page: Page): PathSteps => ({
    start: ({ step }) => openApp(page, step.label === 'narrow window' ? NARROW_WIDTH_PX : WIDE_WIDTH_PX),
    states: {
      'wide.open': () => expectMenu(page, { narrow: false, open: true }),
      'wide.closed': () => expectMenu(page, { narrow: false, open: false }),
      'narrow.open': () => expectMenu(page, { narrow: true, open: true }),
      'narrow.closed': () => expectMenu(page, { narrow: true, open: false }),
    },
    events: {
      'menu.toggle': () => toggle(page).click(),
      'menu.close': () => page.getByRole('button', { name: en.shell.closeMenu }).click(),
      'menu.viewport.narrow': () => page.setViewportSize({ width: NARROW_WIDTH_PX, height: HEIGHT_PX }),
      'menu.viewport.wide': () => page.setViewportSize({ width: WIDE_WIDTH_PX, height: HEIGHT_PX }),
      'menu.navigated': () => followFirstSectionLink(page),
    },
  });

  test('the generated paths drive every transition and state, each step written', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, steps(shared))).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    test(`menu: ${path.text}`, () => runPath(path, steps(shared), asTestSteps));
  }

  test('stays open beside the content after following one of its links in a wide window', async () => {
    // The machine has no transition for this: nothing may close a wide menu but its button.
    await openApp(shared, WIDE_WIDTH_PX);
    await followFirstSectionLink(shared);
    await expectMenu(shared, { narrow: false, open: true });
  });
});

test.describe('accordion machine: generated paths in Chromium', () => {
  const generated = generateCoveringPaths(accordionGraph);

  async function expectOpenSection(page: Page, open: string | null) {
    const headers = nav(page).getByRole('button');
    await expect(headers).toHaveText(sections.map((s) => s.title.en));
    const expanded = sections.map((s) => (s.id === open ? 'true' : 'false'));
    for (const [i, value] of expanded.entries()) await expect(headers.nth(i)).toHaveAttribute('aria-expanded', value);
    const here = new URL(page.url()).pathname;
    const shown = ['/', ...(open ? section(open).items.map((i) => i.to) : [])];
    const links = nav(page).getByRole('link');
    await expect(links).toHaveCount(shown.length);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(shown);
    if (open) await expect(nav(page).getByRole('region', { name: section(open).title.en })).toBeVisible();
    const current = nav(page).locator('a[aria-current="page"]');
    if (shown.includes(here)) await expect(current).toHaveAttribute('href', here);
    else await expect(current).toHaveCount(0);
  }

  /** An in-app move to another page, as the browser's back and forward make: the menu stays mounted. */
  async function navigateInApp(page: Page, to: string) {
    await page.evaluate((href) => {
      window.history.pushState({}, '', href);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
    await expect(page).toHaveURL(to);
  }

  function steps(page: Page): PathSteps {
    /** The open section the user expects from what they did. */
    let expected: string | null = null;
    const reports = () => section('reports');
    return {
      async start({ step }) {
        const atReport = step.label === 'at a report';
        expected = atReport ? 'reports' : null;
        await openApp(page, 1280, atReport ? reports().items[0]?.to : '/');
      },
      states: {
        '(root)': () => expectOpenSection(page, expected),
      },
      events: {
        async 'accordion.toggle'({ step }) {
          const id = String(step.event.section);
          await nav(page)
            .getByRole('button', { name: section(id).title.en, exact: true })
            .click();
          expected = expected === id ? null : id;
        },
        async 'accordion.reveal'({ step }) {
          if (step.event.section === null) {
            // Home is in no section: the section the user had open stays open.
            await nav(page).getByRole('link', { name: en.shell.home, exact: true }).click();
            await expect(page).toHaveURL('/');
            return;
          }
          const here = new URL(page.url()).pathname;
          // The section opens when the route enters it; from a page of it, leave it first.
          if (reports().items.some((i) => i.to === here)) await navigateInApp(page, '/');
          const target = reports().items.find((i) => i.to !== here);
          if (!target) throw new Error('The reports section has a single link');
          await navigateInApp(page, target.to);
          expected = 'reports';
        },
      },
    };
  }

  test('the generated paths drive every transition and state, each step written', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, steps(shared))).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    test(`accordion: ${path.text}`, () => runPath(path, steps(shared), asTestSteps));
  }
});
