/**
 * The side menu and its accordion in real Chromium against the real API, driven by the paths
 * of their test models (tests/models/menu.ts, tests/models/accordion.ts), with real viewport
 * resizes across the 900 px breakpoint and real layout checks (beside vs over the content).
 */
import { expect, type Page, test } from '@playwright/test';
import { groupKeyForId, PRIMARY_GROUP_IDS } from '../../contract/groups';
import { menuFor } from '../../contract/navigation/menus';
import type { MenuSection } from '../../contract/navigation/types';
import { type AccordionModelEvent, type AccordionSection, accordionModel, openSectionOf } from '../models/accordion';
import { type MenuModelEvent, menuModel, NARROW_WIDTH_PX, WIDE_WIDTH_PX } from '../models/menu';
import { coveringPaths, stateName } from '../models/menu-graph';
import { loginViaApi, openSharedPage } from './support/session';

// Each path opens the app and drives it through a few steps; leave room on a loaded machine.
test.describe.configure({ mode: 'parallel', timeout: 60_000 });

const USERNAME = 'admin';
const HEIGHT_PX = 800;
/** SPEC.md §9. */
const MENU_WIDTH_PX = 270;

/**
 * One page per worker for every path: a new browser context costs Chromium seconds of CPU,
 * a page load a fraction of one. Each path starts with a full load of the app, so no state
 * of the previous path survives but the stored session.
 */
let shared: Page;
/** The admin's menu, from the registry with the group id and name the API gave at sign-in. */
let adminMenuSections: MenuSection[] = [];
let adminName = '';

test.beforeAll(async ({ browser }) => {
  shared = await openSharedPage(browser);
  const user = await loginViaApi(shared, USERNAME);
  adminName = user.profile.name;
  adminMenuSections = menuFor({
    group: groupKeyForId(user.groupDetails.groupId, PRIMARY_GROUP_IDS),
    profileName: user.profile.name,
    members: [],
  });
});
test.afterAll(async () => {
  await shared?.context().close();
});

const adminMenu = () => adminMenuSections;

const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Toggle menu' });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

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

test.describe('menu test model in Chromium', () => {
  const { paths, coverage } = coveringPaths(menuModel);

  test('the generated paths cover every transition of the menu model', () => {
    expect(coverage.missingTransitions).toEqual([]);
    expect(coverage.missingEdges).toEqual([]);
  });

  async function expectMenu(page: Page, expected: { narrow: boolean; open: boolean }) {
    const width = page.viewportSize()?.width ?? 0;
    if (expected.narrow) expect(width).toBeLessThanOrEqual(900);
    else expect(width).toBeGreaterThan(900);
    await expect(toggle(page)).toHaveAttribute('aria-expanded', String(expected.open));
    if (!expected.open) {
      await expect(nav(page)).toBeHidden();
      // The content takes the whole width.
      await expect(async () => expect((await box(page, 'main#content')).x).toBe(0)).toPass();
      return;
    }
    await expect(nav(page)).toBeVisible();
    await expect(async () => {
      const menu = await box(page, 'nav[aria-label="Main menu"]');
      const content = await box(page, 'main#content');
      expect(menu.width).toBe(MENU_WIDTH_PX);
      expect(menu.x).toBe(0);
      if (expected.narrow) {
        // Overlay: the content stays where it was, under the menu, and the menu is on top.
        expect(content.x).toBeLessThan(menu.x + menu.width);
        const onTop = await page.evaluate(
          ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('nav[aria-label="Main menu"]')),
          { x: menu.x + menu.width / 2, y: menu.y + menu.height - 5 },
        );
        expect(onTop).toBe(true);
      } else {
        // Beside the content: the content starts where the menu ends.
        expect(content.x).toBeGreaterThanOrEqual(menu.x + menu.width);
      }
    }).toPass();
  }

  for (const path of paths) {
    test(`menu: ${path.description}`, async () => {
      const page = shared;
      const states = {
        notLoaded: () => {},
        'wide.open': () => expectMenu(page, { narrow: false, open: true }),
        'wide.closed': () => expectMenu(page, { narrow: false, open: false }),
        'narrow.open': () => expectMenu(page, { narrow: true, open: true }),
        'narrow.closed': () => expectMenu(page, { narrow: true, open: false }),
      };
      const events = {
        'app.open.wide': () => openApp(page, WIDE_WIDTH_PX),
        'app.open.narrow': () => openApp(page, NARROW_WIDTH_PX),
        'toggle.click': () => toggle(page).click(),
        'window.resize.narrow': () => page.setViewportSize({ width: NARROW_WIDTH_PX, height: HEIGHT_PX }),
        'window.resize.wide': () => page.setViewportSize({ width: WIDE_WIDTH_PX, height: HEIGHT_PX }),
        'menuLink.follow': async () => {
          const [first] = adminMenu();
          if (!first) throw new Error('The menu has no section');
          const header = nav(page).getByRole('button', { name: first.title.en });
          if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
          const here = new URL(page.url()).pathname;
          const target = first.items.find((i) => i.to !== here);
          if (!target) throw new Error('No other link in the section');
          await nav(page).getByRole('link', { name: target.title.en, exact: true }).click();
          await expect(page).toHaveURL(target.to);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.title.en);
        },
      } satisfies Record<MenuModelEvent['type'], () => unknown>;
      await path.test({ states, events });
      expect(Object.keys(states)).toContain(stateName(path.state));
    });
  }
});

test.describe('accordion test model in Chromium', () => {
  const { paths, coverage } = coveringPaths(accordionModel);

  test('the generated paths cover every transition of the accordion model', () => {
    expect(coverage.missingTransitions).toEqual([]);
    expect(coverage.missingEdges).toEqual([]);
  });

  const BOUND: Record<AccordionSection, string> = { a: 'banks', b: 'kyc-review', c: 'transfers' };
  const section = (s: AccordionSection): MenuSection => {
    const found = adminMenu().find((m) => m.id === BOUND[s]);
    if (!found) throw new Error(`No section ${BOUND[s]}`);
    return found;
  };
  const firstRoute = (s: AccordionSection) => section(s).items[0]?.to ?? '/';

  async function expectOpenSection(page: Page, open: AccordionSection | null) {
    const sections = adminMenu();
    const headers = nav(page).getByRole('button');
    await expect(headers).toHaveText(sections.map((s) => s.title.en));
    const expanded = sections.map((s) => (open && s.id === BOUND[open] ? 'true' : 'false'));
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

  for (const path of paths) {
    test(`accordion: ${path.description}`, async () => {
      const page = shared;
      const states = {
        notLoaded: () => {},
        noneOpen: () => expectOpenSection(page, openSectionOf('noneOpen')),
        aOpen: () => expectOpenSection(page, openSectionOf('aOpen')),
        bOpen: () => expectOpenSection(page, openSectionOf('bOpen')),
        cOpen: () => expectOpenSection(page, openSectionOf('cOpen')),
      };
      const click = (s: AccordionSection) => () =>
        nav(page)
          .getByRole('button', { name: section(s).title.en, exact: true })
          .click();
      const events = {
        'load.atHome': () => openApp(page, 1280, '/'),
        'load.atRouteInA': () => openApp(page, 1280, firstRoute('a')),
        'load.atRouteInB': () => openApp(page, 1280, firstRoute('b')),
        'header.clickA': click('a'),
        'header.clickB': click('b'),
        'header.clickC': click('c'),
      } satisfies Record<AccordionModelEvent['type'], () => unknown>;
      await path.test({ states, events });
      expect(Object.keys(states)).toContain(stateName(path.state));
    });
  }
});
