/**
 * In Chromium against the real API: signing in again after a session ended by itself returns
 * to the very page and filters (path and search), however the dashboard noticed the end: a 401
 * from a list's request, a 401 on a file download, the idle countdown reaching zero, or a
 * reload over a stored session the server no longer knows.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import { auditMessages } from '../../src/features/audit/messages';
import { idleMessages } from '../../src/session/idle-messages';
import {
  demoUser,
  headerUserName,
  holdInboxStream,
  loginForm,
  loginViaApi,
  revokeSessionOnServer,
} from './support/session';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const REPORT = `/reports/transaction-report?from=${day(-89)}&to=${day(0)}`;

/** The address the login page is asked to return to, decoded. */
const redirectOf = (page: Page) => new URL(page.url()).searchParams.get('redirect');
const pathAndSearch = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Signs in on the login page that the end of the session opened, and lands where it asked. */
async function signInAgain(page: Page, expected: string) {
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(redirectOf(page)).toBe(expected);
  const form = loginForm(page);
  await form.username.fill('admin');
  await form.password.fill('demo1234');
  await form.submit.click();
  await expect(headerUserName(page)).toHaveText(demoUser('admin').name);
  await expect.poll(() => pathAndSearch(page)).toBe(expected);
}

async function reportLoaded(page: Page) {
  const table = page.locator('main table').first();
  await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await expect(table.locator('tbody tr').first()).toBeVisible();
}

// Each test ends the session on the server and then has the page meet the refusal itself.
test.beforeEach(({ page }) => holdInboxStream(page));

test('a 401 on a list’s request returns to the report with its filters', async ({ page }) => {
  await loginViaApi(page, 'admin', { path: REPORT });
  await reportLoaded(page);
  await revokeSessionOnServer(page);
  // The filter goes to the URL first, then its request meets the ended session.
  await page.getByLabel('Status', { exact: true }).selectOption('failed');
  const expected = `${REPORT}&status=failed`;
  await signInAgain(page, expected);
  await reportLoaded(page);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('failed');
});

test('a 401 on a download returns to the audit trail with its filters', async ({ page }) => {
  const path = `/audit-trail?action=auth&from=${day(-30)}`;
  // The page's own reads (the list and the action choices) answer before the session ends, so
  // the first request to meet the refusal is the download's.
  const answered = (pathname: string) => page.waitForResponse((r) => new URL(r.url()).pathname === pathname);
  const reads = Promise.all([answered('/rest/audit-events'), answered('/rest/audit-events/actions')]);
  await loginViaApi(page, 'admin', { path });
  await reads;
  await expect(page.locator('main table tbody tr').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: auditMessages.en.export.csv })).toBeEnabled();
  await revokeSessionOnServer(page);
  const download = page.waitForResponse((r) => new URL(r.url()).pathname === '/rest/audit-events/export');
  await page.getByRole('button', { name: auditMessages.en.export.csv }).click();
  expect((await download).status()).toBe(401);
  await signInAgain(page, path);
  await expect(page.getByRole('button', { name: auditMessages.en.export.csv })).toBeEnabled();
});

test('a reload over a session the server has ended returns to the report with its filters', async ({ page }) => {
  const path = `${REPORT}&status=success`;
  await loginViaApi(page, 'admin', { path });
  await reportLoaded(page);
  await revokeSessionOnServer(page);
  await page.reload();
  await signInAgain(page, path);
  await reportLoaded(page);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('success');
});

/** GET auth/session as the server would answer 13 minutes on: two minutes left. */
async function twoMinutesLeft(route: Route) {
  const response = await route.fetch();
  const body = (await response.json()) as { payload: { idleRemainingMs: number } };
  body.payload.idleRemainingMs = 120_000;
  await route.fulfill({ response, json: body });
}

test('the idle countdown at zero returns to the report with its filters', async ({ page }) => {
  await page.clock.install();
  const path = `${REPORT}&status=failed&sort=amount&dir=desc`;
  await loginViaApi(page, 'admin', { path });
  await reportLoaded(page);
  await page.route('**/rest/auth/session', twoMinutesLeft);
  await page.clock.fastForward('13:00');
  await expect(page.getByRole('dialog', { name: idleMessages.en.title })).toBeVisible();
  await page.unroute('**/rest/auth/session');
  await revokeSessionOnServer(page);
  await page.clock.fastForward('02:00');
  await signInAgain(page, path);
  await reportLoaded(page);
});
