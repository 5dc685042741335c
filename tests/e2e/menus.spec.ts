/**
 * Every demo user (server/db/demo-users.ts) against the real API in Chromium: the side menu
 * shows exactly the links of the user's group (computed here from the registry with the group
 * id and profile name the API returns, and for the AFTU master the seeded members), and every
 * link opens a page titled from the registry. A page outside the group's menu is "Not allowed";
 * an unknown address is "Page not found".
 *
 * Each user loads the app a few times only (home, one link by address, one forbidden address)
 * and follows every other link in the menu: a full page load costs about half a second of CPU
 * in Chromium, which over the ~250 links of all users would take minutes on two cores.
 */
import { expect, type Page, test } from '@playwright/test';
import { groupKeyForId, PRIMARY_GROUP_IDS } from '../../contract/groups';
import { AFTU_MEMBERS } from '../../server/db/seed';
import type { CurrentUser } from '../../src/api/types';
import { menuFor, menuLinks } from '../../contract/navigation/menus';
import { canOpenPage, findPage, PAGES } from '../../src/registry/pages';
import type { MenuContext, MenuSection } from '../../contract/navigation/types';
import { STORAGE_KEYS } from '../../src/session/storage';
import { DEMO_USERS, login, loginViaApi, openSharedPage, resetToSignedOut } from './support/session';

test.describe.configure({ mode: 'parallel' });

/** The one user who signs in through the form; everyone else through the API. */
const FORM_USER = 'agent';
/** Time allowed per visited link on a busy 2-core machine (far less is needed when idle). */
const PER_LINK_MS = 1_500;

/**
 * One page per worker for all users: a new browser context costs Chromium seconds of CPU, a
 * page load a fraction of one. Each user starts from a cleared storage and a fresh load.
 */
let shared: Page;
test.beforeAll(async ({ browser }) => {
  shared = await openSharedPage(browser);
});
test.afterAll(async () => {
  await shared?.context().close();
});

/** Signs `username` in on the shared page, with nothing left of the previous user. */
async function signIn(page: Page, username: string, path = '/') {
  if (username === FORM_USER) {
    await resetToSignedOut(page);
    await login(page, username, { goto: false });
    if (path !== '/') await page.goto(path);
    return;
  }
  if (page.url().startsWith('http')) await page.evaluate(() => window.localStorage.clear());
  try {
    await loginViaApi(page, username, { path });
  } catch (error) {
    // The API client keeps sockets alive between tests; one the server has just closed for
    // idleness resets the next request. That is the transport, not the app: try once more.
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
    await loginViaApi(page, username, { path });
  }
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function storedUser(page: Page): Promise<CurrentUser> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.currentUser);
  if (!raw) throw new Error('No stored user');
  return JSON.parse(raw) as CurrentUser;
}

function contextFor(user: CurrentUser): MenuContext {
  const group = groupKeyForId(user.groupDetails.groupId, PRIMARY_GROUP_IDS);
  return { group, profileName: user.profile.name, members: group === 'aftuMaster' ? [...AFTU_MEMBERS] : [] };
}

/** Opens every section in turn (one is open at a time) and reads its links, in menu order. */
async function readMenu(page: Page, expected: readonly MenuSection[]) {
  const headers = nav(page).getByRole('button');
  // The section titles, in order (for the AFTU master, once its members have arrived).
  await expect(headers).toHaveText(expected.map((s) => s.title.en));
  const links: string[] = [];
  for (const [i, section] of expected.entries()) {
    const header = headers.nth(i);
    await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    const region = nav(page).getByRole('region', { name: section.title.en, exact: true });
    await expect(region).toBeVisible();
    links.push(...(await region.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))));
  }
  return links;
}

/** The page at `href` is open: its registry title and the menu link marked current. */
async function expectPageOf(page: Page, href: string) {
  const found = findPage(href);
  if (!found) throw new Error(`${href} is in the menu but is no registered page`);
  await expect(page, href).toHaveURL(href);
  await expect(h1(page), href).toHaveText(found.page.title.en);
  await expect(nav(page).locator('a[aria-current="page"]'), href).toHaveAttribute('href', href);
}

for (const demo of DEMO_USERS) {
  test(`${demo.username}: the menu holds exactly the group's links, and each opens its page`, async () => {
    const page = shared;
    await signIn(page, demo.username);
    await expect(h1(page)).toHaveText(`Hello, ${demo.name}`);

    const user = await storedUser(page);
    const ctx = contextFor(user);
    expect(ctx.group).toBe(demo.group);
    const sections = menuFor(ctx);
    const expected = menuLinks(sections);
    expect(expected.length).toBeGreaterThan(0);
    test.setTimeout(30_000 + expected.length * PER_LINK_MS);

    expect(await readMenu(page, sections)).toEqual(expected);

    // The first link by its address (a fresh page load: its section opens on load); every
    // other one by clicking it in the menu, section after section.
    const [first] = expected;
    if (!first) throw new Error('Empty menu');
    await page.goto(first);
    await expectPageOf(page, first);
    for (const section of sections) {
      const header = nav(page).getByRole('button', { name: section.title.en, exact: true });
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      const region = nav(page).getByRole('region', { name: section.title.en, exact: true });
      for (const href of menuLinks([section])) {
        if (href === first) continue;
        await region.locator(`a[href="${href}"]`).click();
        await expectPageOf(page, href);
      }
    }

    // Typing the address of a page the group may not open.
    const forbidden = PAGES.find((p) => !p.path.includes('$') && !canOpenPage(p, ctx));
    if (!forbidden) throw new Error(`${demo.username} may open every page`);
    await page.goto(forbidden.path);
    await expect(h1(page), forbidden.path).toHaveText('Not allowed');
    await expect(page.locator('main#content')).toContainText('Your user group may not open this page.');
  });
}

test('the AFTU master may not open the pages of a member that is not its own', async () => {
  const page = shared;
  await signIn(page, 'aftu-master');
  const first = AFTU_MEMBERS[0].memberId;
  await page.goto(`/reports/report-aftu-partner/${first}`);
  await expect(h1(page)).toHaveText(findPage(`/reports/report-aftu-partner/${first}`)?.page.title.en ?? '');
  for (const path of ['/reports/report-aftu-partner/NOT-A-MEMBER', '/balance-aftu-partner/NOT-A-MEMBER']) {
    await page.goto(path);
    await expect(h1(page), path).toHaveText('Not allowed');
  }
});

test('an unknown address shows "Page not found" to a signed-in user', async () => {
  const page = shared;
  await signIn(page, 'admin');
  for (const path of ['/no-such-page', '/reports/no-such-report', '/banks/extra/segments']) {
    await page.goto(path);
    await expect(h1(page), path).toHaveText('Page not found');
    await expect(page.getByText('There is no page at this address.')).toBeVisible();
  }
});

test('the links do not move when the associated-members call ends (a menu not built from members)', async () => {
  const page = shared;
  const MEMBERS = '**/rest/members/merchant-partner/associated-members**';
  // Hold the members call until the links have been measured once.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(MEMBERS, async (route) => {
    await held;
    await route.continue();
  });
  try {
    await signIn(page, 'bank-bridge', '/reports/emoney-summary-report');
    const link = nav(page).locator('a[href="/reports/emoney-issued-report"]');
    await expect(link).toBeVisible();
    const before = await link.boundingBox();
    const answered = page.waitForResponse(MEMBERS);
    release();
    await answered;
    // Let the app take the answer in and paint.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(nav(page).getByText('Loading members…')).toHaveCount(0);
    expect(await link.boundingBox()).toEqual(before);
  } finally {
    release();
    await page.unroute(MEMBERS);
  }
});
