/**
 * Every report and balance page of every demo user, in Chromium against the real API: each
 * opens with its title, real rows and totals (or the balance and its movement), never the
 * "not available yet" notice. Plus the report page's own promises: filters in the URL (Back
 * works), server-side sorting, and a background export whose file holds every row.
 */
import { expect, type Page, test } from '@playwright/test';
import { groupKeyForId, PRIMARY_GROUP_IDS } from '../../contract/groups';
import { REPORTS } from '../../contract/reports';
import { AFTU_MEMBERS } from '../../server/db/seed';
import type { CurrentUser } from '../../src/api/types';
import { menuFor, menuLinks } from '../../contract/navigation/menus';
import { findPage } from '../../src/registry/pages';
import { DEMO_USERS, loginViaApi } from './support/session';

test.describe.configure({ mode: 'parallel' });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The demo history covers the last 90 days. */
const RANGE = `from=${day(-89)}&to=${day(0)}`;
const BALANCE_PREFIXES = ['/balance-', '/remaining-bank-b', '/bbg-repartition', '/bis-repartition'];
const isReport = (path: string) => REPORTS.some((r) => findPage(path)?.page.path === r.path);
const isBalance = (path: string) => BALANCE_PREFIXES.some((p) => path.startsWith(p));

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The same report straight from the API, with the page's own session. */
async function apiReport(page: Page, pathAndQuery: string) {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { sessionId?: string }).sessionId,
  );
  const response = await page.request.get(`/rest/reports/${pathAndQuery}`, {
    headers: { 'X-Session-Token': token ?? '' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { payload: { total: number; rows: { reference: string }[] } }).payload;
}

async function expectReportData(page: Page) {
  const table = page.locator('main table').first();
  await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('report-totals')).toBeVisible();
  await expect(page.getByText(/not available yet/)).toHaveCount(0);
}

async function expectBalanceData(page: Page) {
  await expect(page.locator('[data-print-root]')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await expect(page.locator('main').getByText(/XOF/).first()).toBeVisible();
  await expect(page.locator('main table tbody tr').first()).toBeVisible();
}

// The network supervisor's menu is the admin's (tests/unit/registry-consistency.test.ts), and
// the API grants it the same: walking the same forty pages twice proves nothing more.
const usersWithPages = DEMO_USERS.filter((u) => {
  const group = u.group;
  if (group === 'networkSupervisor') return false;
  const links = menuLinks(
    menuFor({ group, profileName: u.name, members: group === 'aftuMaster' ? [...AFTU_MEMBERS] : [] }),
  );
  return links.some((l) => isReport(l) || isBalance(l));
});

for (const demo of usersWithPages) {
  test(`${demo.username}: every report and balance page shows real data`, async ({ page }) => {
    const user: CurrentUser = await loginViaApi(page, demo.username);
    const group = groupKeyForId(user.groupDetails.groupId, PRIMARY_GROUP_IDS);
    const members = group === 'aftuMaster' ? [...AFTU_MEMBERS] : [];
    const links = menuLinks(menuFor({ group, profileName: user.profile.name, members })).filter(
      (l) => isReport(l) || isBalance(l),
    );
    test.setTimeout(30_000 + links.length * 8_000);
    for (const link of links) {
      const found = findPage(link);
      await page.goto(`${link}?${RANGE}`);
      await expect(h1(page), link).toHaveText(found?.page.title.en ?? '');
      if (isReport(link)) await expectReportData(page);
      else await expectBalanceData(page);
    }
  });
}

test('filters live in the URL: a shared link reopens them and Back undoes them', async ({ page }) => {
  await loginViaApi(page, 'admin', { path: `/reports/transaction-report?${RANGE}` });
  await expectReportData(page);
  const totals = page.getByTestId('report-totals');
  const before = await totals.textContent();
  await page.getByLabel('Status', { exact: true }).selectOption('failed');
  await expect(page).toHaveURL(/status=failed/);
  await expect(totals).not.toHaveText(before ?? '');
  for (const badge of await page
    .locator('main tbody tr')
    .filter({ hasText: /Success/ })
    .all()) {
    await expect(badge).toHaveCount(0);
  }
  const shared = page.url();
  await page.goBack();
  await expect(page).not.toHaveURL(/status=failed/);
  await expect(totals).toHaveText(before ?? '');
  await page.goto(shared);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('failed');
});

test('sorting is done by the server over the whole result', async ({ page }) => {
  await loginViaApi(page, 'admin', { path: `/reports/transaction-report?${RANGE}&sort=amount&dir=desc` });
  await expectReportData(page);
  const top = (await apiReport(page, `transaction-report?${RANGE}&sort=amount&dir=desc&pageSize=10`)).rows[0]
    ?.reference;
  await expect(page.locator('main tbody tr').first()).toContainText(top ?? 'missing');
});

test('an export survives a reload in the exports menu and holds every row', async ({ page }) => {
  await loginViaApi(page, 'admin', { path: `/reports/woyofal-report?${RANGE}` });
  await expectReportData(page);
  const total = (await apiReport(page, `woyofal-report?${RANGE}&pageSize=10`)).total;
  expect(total).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await page.reload();
  await expectReportData(page);
  // After the reload the exports menu lists the job; it is reopened until the job is done.
  const download = page.getByRole('menuitem', { name: /Download/ }).first();
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Exports/ }).click();
    await expect(download).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const href = await download.getAttribute('href');
  const file = await page.request.get(href ?? '');
  expect(file.status()).toBe(200);
  const lines = (await file.text()).trim().split('\r\n');
  // The line saying what the file is, the columns' names, the rows.
  expect(lines).toHaveLength(total + 2);
});
