/**
 * Accessibility in Chromium against the real API.
 *
 * 1. axe-core (WCAG 2.0/2.1 A and AA rules) on every page of the app, as one demo user of each
 *    group: the login page signed out, each group's home page, and every page its menu links
 *    to (computed from contract/navigation/menus.ts, never listed by hand). No violation of impact
 *    "serious" or "critical" is allowed. A page is scanned once, by the first group whose
 *    menu holds it; each distinct menu is scanned on its group's home page (and on the pages
 *    of that group with a section open that no earlier scan had open; later pages leave the
 *    menu out). Every report is scanned with rows (the demo history's whole range). Plus the
 *    states that matter: the transfer form's errors and its review step, a bulk payment
 *    preview with row errors, the KYC account detail and its decision dialog, the 360 px menu
 *    open, and (in 2) a filtered report with a finished export. In the dark scheme (the system
 *    preferring dark, no choice stored), a representative set: the login page, a home page with
 *    the user menu open, a report with rows, the transfer form and a dialog.
 * 2. A keyboard-only walk (page.keyboard only): sign in as the admin, open the Reports section
 *    of the menu, the Transaction Report, apply a filter and export it; the focused element
 *    always shows a focus indicator and focus is never dropped to <body> by a navigation. The
 *    report it ends on (rows, a filter, a finished export) is scanned too.
 *
 * `A11Y_REPORT=/some/file.jsonl` appends every violation found (any impact) to that file.
 */
import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { GROUP_KEYS, groupKeyForId, PRIMARY_GROUP_IDS } from '../../contract/groups';
import { REPORTS } from '../../contract/reports';
import { AFTU_MEMBERS } from '../../server/db/seed';
import { BULK_MESSAGES } from '../../src/features/bulk/messages';
import { en } from '../messages';
import { menuFor, menuLinks, sectionIdFor } from '../../contract/navigation/menus';
import { findPage } from '../../src/registry/pages';
import type { MenuContext } from '../../contract/navigation/types';
import type { DemoUser } from '../../server/db/demo-users';
import { DEMO_USERS, loginViaApi, openSharedPage, resetToSignedOut } from './support/session';

test.describe.configure({ mode: 'parallel' });

type Demo = DemoUser;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
/** Pages per test: small enough that both workers stay busy until the end. */
const CHUNK = 6;
/** A page's load and scan take 2-4 s on an idle 2-core machine, far more when it is busy. */
const PER_PAGE_MS = 20_000;
/** One page in a few states, with a margin for a busy machine. */
const STATE_MS = 90_000;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The demo history covers the last 90 days. */
const RANGE = `from=${day(-89)}&to=${day(0)}`;

const isReport = (path: string) => REPORTS.some((r) => findPage(path)?.page.path === r.path);
const titleOf = (path: string) => findPage(path)?.page.title.en ?? `no page at ${path}`;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

// ---------------------------------------------------------------------------------------------
// Which user scans which page, from the registry.

function contextOf(demo: Demo, profileName = demo.name): MenuContext {
  return {
    group: demo.group,
    profileName,
    members: demo.group === 'aftuMaster' ? [...AFTU_MEMBERS] : [],
  };
}

/** One demo user per group (the first of DEMO_USERS), in GROUP_KEYS order: the admin first. */
const REPRESENTATIVES: Demo[] = GROUP_KEYS.map((group) => {
  const demo = DEMO_USERS.find((u) => u.group === group);
  if (!demo) throw new Error(`No demo user of group ${group}`);
  return demo;
});

interface Job {
  demo: Demo;
  /** Scan the home page: the first job of a user whose menu no earlier user has. */
  home: boolean;
  /** `withMenu`: the first page of this menu with this section open; later ones skip the menu. */
  paths: { path: string; withMenu: boolean }[];
}

function planJobs(): Job[] {
  const seenPaths = new Set<string>();
  const seenMenus = new Set<string>();
  const jobs: Job[] = [];
  for (const demo of REPRESENTATIVES) {
    const sections = menuFor(contextOf(demo));
    const menuKey = JSON.stringify(sections);
    const newMenu = !seenMenus.has(menuKey);
    seenMenus.add(menuKey);
    const paths = menuLinks(sections)
      .filter((path) => !seenPaths.has(path))
      .map((path) => {
        seenPaths.add(path);
        // The page opens with its own section of the menu open.
        const menuState = `${menuKey}#${sectionIdFor(sections, path)}`;
        const withMenu = !seenMenus.has(menuState);
        seenMenus.add(menuState);
        return { path, withMenu };
      });
    if (!newMenu && paths.length === 0) continue;
    if (paths.length === 0) jobs.push({ demo, home: newMenu, paths: [] });
    for (let i = 0; i < paths.length; i += CHUNK) {
      jobs.push({ demo, home: newMenu && i === 0, paths: paths.slice(i, i + CHUNK) });
    }
  }
  return jobs;
}

// ---------------------------------------------------------------------------------------------
// Scanning.

interface Found {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe on the page as it is now; returns every violation, blocking or not. `menu: false`
 * leaves out the side menu, already scanned in the same state on another page; `only` scans
 * one part (an open popup menu, whose modal hides the page from assistive technology).
 */
async function scan(page: Page, where: string, options: { menu?: boolean; only?: string } = {}): Promise<Found[]> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  if (options.menu === false) builder.exclude('nav[aria-label="Main menu"]');
  if (options.only) builder.include(options.only);
  const results = await builder.analyze();
  const found = results.violations.map((v) => ({
    where,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.map((n) => n.target.map(String).join(' >> ')),
  }));
  const file = process.env.A11Y_REPORT;
  if (file) for (const f of found) appendFileSync(file, `${JSON.stringify(f)}\n`);
  return found;
}

function blocking(found: readonly Found[]) {
  return found
    .filter((f) => BLOCKING.has(f.impact))
    .map((f) => `${f.where}: ${f.rule} (${f.impact}, ${f.help}) at ${f.targets.join(' | ')}`);
}

/** The page has settled: its h1 (with `title` when given), nothing loading, nothing busy. */
async function settled(page: Page, where: string, title?: string) {
  if (title) await expect(h1(page), where).toHaveText(title, { timeout: 15_000 });
  else await expect(h1(page), where).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: /^(Loading|Chargement)/ }), where).toHaveCount(0, {
    timeout: 20_000,
  });
  await expect(page.locator('[aria-busy="true"]'), where).toHaveCount(0, { timeout: 20_000 });
  // The top loading bar finishes and fades.
  await expect(page.getByRole('progressbar', { name: 'Loading', exact: true })).toHaveCount(0);
}

async function signIn(page: Page, username: string, path = '/') {
  if (page.url().startsWith('http')) await page.evaluate(() => window.localStorage.clear());
  try {
    return await loginViaApi(page, username, { path });
  } catch (error) {
    // A keep-alive socket the server has just closed resets the next request: the transport, not the app.
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return loginViaApi(page, username, { path });
  }
}

/** Reports show the demo history's whole range, so their tables have rows (a page of 25 of them). */
const addressOf = (path: string) => (isReport(path) ? `${path}?${RANGE}&pageSize=25` : path);

// ---------------------------------------------------------------------------------------------

let shared: Page;
test.beforeAll(async ({ browser }) => {
  shared = await openSharedPage(browser);
});
test.afterAll(async () => {
  await shared?.context().close();
});

test('the login page, signed out', async () => {
  test.setTimeout(STATE_MS);
  const page = shared;
  await resetToSignedOut(page);
  await expect(h1(page)).toHaveText('Sign in');
  const found = await scan(page, '/login');
  // The form's own errors, shown after an empty submit.
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByText(en.login.usernameRequired)).toBeVisible();
  found.push(...(await scan(page, '/login (empty submit)')));
  expect(blocking(found)).toEqual([]);
});

for (const job of planJobs()) {
  const name = `${job.demo.username}: ${job.home ? 'home, ' : ''}${job.paths.length} page(s) from ${job.paths[0]?.path ?? '-'}`;
  test(name, async () => {
    test.setTimeout(30_000 + (job.paths.length + 1) * PER_PAGE_MS);
    const page = shared;
    const user = await signIn(page, job.demo.username);
    // The menu the plan was made from is the one the API's user object gives.
    const group = groupKeyForId(user.groupDetails.groupId, PRIMARY_GROUP_IDS);
    expect(group).toBe(job.demo.group);
    const links = menuLinks(menuFor({ ...contextOf(job.demo, user.profile.name), group }));
    expect(links).toEqual(expect.arrayContaining(job.paths.map((p) => p.path)));

    const found: Found[] = [];
    if (job.home) {
      await settled(page, '/', `Hello, ${job.demo.name}`);
      await expect(nav(page)).toBeVisible();
      found.push(...(await scan(page, `/ (${job.demo.username})`)));
    }
    for (const { path, withMenu } of job.paths) {
      const title = findPage(path)?.page.title.en;
      if (!title) throw new Error(`${path} is in the menu but is no registered page`);
      await page.goto(addressOf(path));
      await settled(page, path, title);
      found.push(...(await scan(page, `${path} (${job.demo.username})`, { menu: withMenu })));
    }
    expect(blocking(found)).toEqual([]);
  });
}

// ---------------------------------------------------------------------------------------------
// States that matter.

test('the transfer form with errors, then its review step', async () => {
  test.setTimeout(STATE_MS);
  const page = shared;
  const T = en.transfers;
  await signIn(page, 'agent', '/cash-in');
  const amount = page.getByLabel(new RegExp(`^${T.amount.replace(/[()]/g, '\\$&')}`));
  await expect(amount).toBeVisible({ timeout: 15_000 });
  await settled(page, '/cash-in', titleOf('/cash-in'));
  await page.getByRole('button', { name: T.review }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  const found = await scan(page, '/cash-in (errors)');
  await page.getByLabel(new RegExp(`^(${T.counterparty.beneficiary}|${T.counterparty.customer})`)).fill('CUS-000003');
  await amount.fill('2500');
  await page.getByRole('button', { name: T.review }).click();
  await expect(page.getByRole('heading', { name: T.reviewTitle })).toBeVisible({ timeout: 15_000 });
  found.push(...(await scan(page, '/cash-in (review)')));
  expect(blocking(found)).toEqual([]);
});

test('a bulk payment preview with row errors', async () => {
  test.setTimeout(STATE_MS);
  const page = shared;
  const B = BULK_MESSAGES.en;
  await signIn(page, 'admin', '/bulk-payment');
  await settled(page, '/bulk-payment', titleOf('/bulk-payment'));
  const csv = [
    'phone;amount;reference;name',
    '+221 77 000 00 01;1000;SAL-1;Awa',
    '77 12;1000;SAL-2;Bad phone',
    '+221 77 000 00 03;12.5;SAL-3;Bad amount',
    '',
  ].join('\r\n');
  await page
    .getByLabel(B.file.choose)
    .setInputFiles({ name: 'paie.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('bulk-error-count')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(blocking(await scan(page, '/bulk-payment (preview with errors)'))).toEqual([]);
});

test('a KYC account detail and its decision dialog', async () => {
  test.setTimeout(STATE_MS);
  const page = shared;
  await signIn(page, 'kyc-admin', '/customers?kycStatus=pending');
  await settled(page, '/customers', titleOf('/customers'));
  const open = page.getByRole('link', { name: /^Open / }).first();
  await expect(open).toBeVisible({ timeout: 15_000 });
  await open.click();
  await expect(page.getByRole('button', { name: 'Reject', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const found = await scan(page, '/customers (account detail)');
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await scan(page, '/customers (reject dialog)')));
  await page.keyboard.press('Escape');
  expect(blocking(found)).toEqual([]);
});

test('the menu at 360 px, open; a link followed from it leaves focus on the new page', async () => {
  test.setTimeout(STATE_MS);
  const page = shared;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  try {
    await signIn(page, 'admin', '/reports/transaction-report');
    await settled(page, '360 px', titleOf('/reports/transaction-report'));
    await expect(nav(page)).toBeHidden();
    await page.getByRole('button', { name: en.shell.toggleMenu }).click();
    await expect(nav(page)).toBeVisible();
    expect(blocking(await scan(page, '360 px, menu open'))).toEqual([]);
    // The menu closes behind a followed link: focus goes on to the new page's heading.
    const target = '/reports/wallet-balance';
    await nav(page).locator(`a[href="${target}"]`).focus();
    await page.keyboard.press('Enter');
    await expect(h1(page)).toHaveText(titleOf(target));
    await expect(nav(page)).toBeHidden();
    await expect(h1(page)).toBeFocused();
  } finally {
    if (size) await page.setViewportSize(size);
  }
});

// ---------------------------------------------------------------------------------------------
// The dark scheme: the same rules (contrast above all) on a representative set of pages.

/** Runs `body` with the system preferring dark, then gives the shared page back in light. */
async function inDark(page: Page, body: () => Promise<Found[]>) {
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    const found = await body();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    expect(blocking(found)).toEqual([]);
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

test('dark: the login page, a home page with the user menu open, a report with rows', async () => {
  test.setTimeout(STATE_MS);
  const page = shared;
  await inDark(page, async () => {
    await resetToSignedOut(page);
    await expect(h1(page)).toHaveText('Sign in');
    const found = await scan(page, 'dark /login');
    await signIn(page, 'admin');
    await settled(page, 'dark /', 'Hello, Awa Ndiaye');
    found.push(...(await scan(page, 'dark /')));
    await page.locator('header').getByRole('button', { name: 'Awa Ndiaye' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    found.push(...(await scan(page, 'dark / (user menu open)', { only: '[role="menu"]' })));
    await page.keyboard.press('Escape');
    const report = '/reports/transaction-report';
    await page.goto(addressOf(report));
    await settled(page, `dark ${report}`, titleOf(report));
    await expect(page.locator('main table tbody tr').first()).toBeVisible();
    found.push(...(await scan(page, `dark ${report}`)));
    return found;
  });
});

test('dark: the transfer form with errors, a KYC decision dialog', async () => {
  test.setTimeout(STATE_MS);
  const page = shared;
  await inDark(page, async () => {
    await signIn(page, 'agent', '/cash-in');
    await settled(page, 'dark /cash-in', titleOf('/cash-in'));
    await page.getByRole('button', { name: en.transfers.review }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    const found = await scan(page, 'dark /cash-in (errors)');
    await signIn(page, 'kyc-admin', '/customers?kycStatus=pending');
    await settled(page, 'dark /customers', titleOf('/customers'));
    await page
      .getByRole('link', { name: /^Open / })
      .first()
      .click();
    const reject = page.getByRole('button', { name: 'Reject', exact: true });
    await expect(reject).toBeVisible({ timeout: 15_000 });
    await reject.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await scan(page, 'dark /customers (reject dialog)')));
    await page.keyboard.press('Escape');
    return found;
  });
});

// ---------------------------------------------------------------------------------------------
// Keyboard only.

interface Focused {
  tag: string;
  name: string;
  visible: boolean;
  why: string;
}

/**
 * The focused element and whether it shows a focus indicator: it matches :focus-visible and has
 * a visible outline, or a box-shadow that an unfocused copy of itself does not have.
 */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', name: '', visible: false, why: 'focus is on <body>' };
    const name =
      (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60) || el.outerHTML.slice(0, 80);
    const tag = el.tagName.toLowerCase();
    if (!el.matches(':focus-visible')) return { tag, name, visible: false, why: 'not :focus-visible' };
    const style = getComputedStyle(el);
    const transparent = (c: string) => c === 'transparent' || /rgba\(.*,\s*0\)$/.test(c) || / \/ 0\)$/.test(c);
    const outline =
      style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0 && !transparent(style.outlineColor);
    if (outline) return { tag, name, visible: true, why: `outline ${style.outlineWidth} ${style.outlineColor}` };
    // The same element unfocused: a copy beside it, out of sight.
    const copy = el.cloneNode(false) as HTMLElement;
    copy.removeAttribute('id');
    copy.style.position = 'absolute';
    copy.style.visibility = 'hidden';
    el.parentElement?.insertBefore(copy, el);
    const rest = getComputedStyle(copy);
    // A ring (focus:ring-*) is a box-shadow the element does not have unfocused.
    const ring = style.boxShadow !== 'none' && style.boxShadow !== rest.boxShadow;
    const why = `no outline; box-shadow ${style.boxShadow} (unfocused: ${rest.boxShadow})`;
    copy.remove();
    return { tag, name, visible: ring, why };
  });
}

async function expectFocusVisible(page: Page, step: string) {
  const f = await focused(page);
  expect(f.visible, `${step}: focus on <${f.tag}> "${f.name}" is not visible (${f.why})`).toBe(true);
  return f;
}

/**
 * Presses `key` until `done` holds, checking the focus indicator at every stop; `done` is
 * asked before the first press too, so a target already focused needs none.
 */
async function pressUntil(page: Page, step: string, done: (f: Focused) => boolean | Promise<boolean>, key = 'Tab') {
  for (let i = 0; i <= 80; i++) {
    const f = i === 0 ? await focused(page) : await expectFocusVisible(page, `${step} (${key} ×${i})`);
    if (await done(f)) return f;
    await page.keyboard.press(key);
  }
  throw new Error(`${step}: not reached after 80 presses of ${key}`);
}

const isActive = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

test('keyboard only: sign in, menu, a report, a filter, an export', async ({ page }) => {
  test.setTimeout(STATE_MS);
  await page.goto('/login');
  await expect(h1(page)).toHaveText('Sign in');

  await pressUntil(page, 'to the username', () => isActive(page, 'input[name="username"]'));
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  expect(await isActive(page, 'input[name="password"]')).toBe(true);
  await expectFocusVisible(page, 'password');
  await page.keyboard.type('demo1234');
  await page.keyboard.press('Enter');

  // Signed in: focus lands on the page, not on <body>.
  await expect(page.getByTestId('user-name')).toHaveText('Awa Ndiaye');
  await expect(h1(page)).toHaveText('Hello, Awa Ndiaye');
  await expect.poll(async () => (await focused(page)).tag, { message: 'focus after sign-in' }).not.toBe('body');
  await expectFocusVisible(page, 'after sign-in');

  // The Reports section of the main menu: backwards from the page into the menu.
  const section = nav(page).getByRole('button', { name: 'Reports', exact: true });
  await pressUntil(page, 'to the Reports section', (f) => f.tag === 'button' && f.name === 'Reports', 'Shift+Tab');
  if ((await section.getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('Enter');
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  await expectFocusVisible(page, 'Reports opened');

  // Its Transaction Report link.
  await pressUntil(page, 'to Transaction Report', (f) => f.tag === 'a' && f.name === 'Transaction Report');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/reports\/transaction-report/);
  await expect(h1(page)).toHaveText('Transaction Report');
  await expect(page.locator('main table')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await expect
    .poll(async () => (await focused(page)).tag, { message: 'focus after opening the report' })
    .not.toBe('body');
  await expectFocusVisible(page, 'after opening the report');

  // The Status filter: an arrow key chooses a value, which applies at once.
  const statusId = await page.getByLabel('Status', { exact: true }).getAttribute('id');
  await pressUntil(page, 'to the Status filter', () => isActive(page, `[id="${statusId}"]`));
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/status=/);
  await expect(page.locator('main table')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await expectFocusVisible(page, 'after filtering');

  // Export: the notification follows the job to its download link, reachable by keyboard.
  await pressUntil(page, 'to Export CSV', (f) => f.tag === 'button' && f.name === 'Export CSV', 'Shift+Tab');
  await page.keyboard.press('Enter');
  const download = page.getByRole('link', { name: 'Download' }).first();
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expectFocusVisible(page, 'after starting the export');
  // Radix moves focus into the notifications region with F8.
  await page.keyboard.press('F8');
  await pressUntil(page, 'to the download link', (f) => f.tag === 'a' && f.name === 'Download');
  await expectFocusVisible(page, 'on the download link');

  // The state itself: a filtered report with rows and a finished export.
  await expect(page.locator('main table tbody tr').first()).toBeVisible();
  expect(blocking(await scan(page, 'transaction report, filtered, with a finished export'))).toEqual([]);
});
