/**
 * The keyboard's way through the dashboard at a laptop's and a phone's size, in both languages
 * where words show: the login page starts in its first field, a skip link is the first Tab of a
 * signed-in page, a page chosen from the menu takes focus to its heading, Esc closes the phone's
 * menu, and the review of a transfer keeps its confirm button in view without scrolling.
 */
import { expect, type Page, test } from '@playwright/test';
import type { Language } from '../../src/i18n/languages';
import { en, fr } from '../messages';
import { loginForm, loginViaApi } from './support/session';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
const LANGUAGES: Language[] = ['en', 'fr'];

const h1 = (page: Page) => page.locator('main h1').first();
const nav = (page: Page) => page.locator('nav[data-state]');

async function signIn(page: Page, language: Language, username: string, path: string) {
  await page.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  await loginViaApi(page, username, { path });
  await expect(h1(page)).toBeVisible({ timeout: 15_000 });
}

/** The element's box lies wholly inside the window, as it is, without scrolling. */
async function expectInWindow(page: Page, selector: string) {
  const box = await page.locator(selector).evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
  const size = page.viewportSize() ?? { width: 0, height: 0 };
  expect(box.top).toBeGreaterThanOrEqual(0);
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.bottom).toBeLessThanOrEqual(size.height);
  expect(box.right).toBeLessThanOrEqual(size.width);
}

for (const viewport of [LAPTOP, PHONE]) {
  test.describe(`${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the login page waits in the username field', async ({ page }) => {
      await page.goto('/login');
      const form = loginForm(page);
      await expect(form.username).toBeFocused();
      await page.keyboard.type('admin');
      await expect(form.username).toHaveValue('admin');
    });

    for (const language of LANGUAGES) {
      const M = language === 'fr' ? fr : en;
      test(`${language}: the first Tab is a skip link, which goes to the page's heading`, async ({ page }) => {
        await signIn(page, language, 'admin', '/reports/transaction-report');
        await page.keyboard.press('Tab');
        const skip = page.getByRole('button', { name: M.frame.skipToContent });
        await expect(skip).toBeFocused();
        await expect(skip).toBeInViewport();
        await page.screenshot({ path: test.info().outputPath(`skip-${language}-${viewport.width}.png`) });
        await page.keyboard.press('Enter');
        await expect(h1(page)).toBeFocused();
        await expect(skip).not.toBeInViewport();
      });
    }
  });
}

test.describe('1280x800, menu beside the page', () => {
  test.use({ viewport: LAPTOP });

  test('a page chosen from the menu by keyboard takes focus to its heading', async ({ page }) => {
    await signIn(page, 'en', 'admin', '/reports/transaction-report');
    await expect(page.locator('main table')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
    const target = '/reports/wallet-balance';
    await nav(page).locator(`a[href="${target}"]`).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(nav(page)).toBeVisible();
    await expect(h1(page)).toBeFocused();
  });

  test('a filter changed inside the page keeps its focus', async ({ page }) => {
    await signIn(page, 'en', 'admin', '/reports/transaction-report');
    await expect(page.locator('main table')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
    const status = page.getByLabel('Status', { exact: true });
    await status.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/status=/);
    await page.waitForTimeout(300);
    await expect(status).toBeFocused();
  });
});

test.describe('360x740, menu over the page', () => {
  test.use({ viewport: PHONE });

  for (const language of LANGUAGES) {
    const M = language === 'fr' ? fr : en;
    test(`${language}: Esc closes the opened menu and gives focus back to its button`, async ({ page }) => {
      await signIn(page, language, 'admin', '/');
      const toggle = page.getByRole('button', { name: M.shell.toggleMenu });
      await toggle.click();
      await expect(nav(page)).toBeVisible();
      await nav(page).getByRole('link').first().focus();
      await page.keyboard.press('Escape');
      await expect(nav(page)).toBeHidden();
      await expect(toggle).toBeFocused();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  }
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 360, height: 740 },
]) {
  for (const language of LANGUAGES) {
    const M = language === 'fr' ? fr : en;
    test(`${language} ${viewport.width}x${viewport.height}: an agent's cash-in review keeps "${M.transfers.confirm}" in view`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signIn(page, language, 'agent', '/cash-in');
      const phone = page.getByLabel(new RegExp(`^${M.transfers.counterparty.beneficiary}`));
      // The number pad, not the letters, opens on a phone.
      await expect(phone).toHaveAttribute('inputmode', 'tel');
      await phone.fill('CUS-000003');
      await page.getByLabel(new RegExp(`^${M.transfers.amount.replace(/[()]/g, '\\$&')}`)).fill('2500');
      await page.getByRole('button', { name: M.transfers.review }).click();
      const reviewTitle = page.getByRole('heading', { name: M.transfers.reviewTitle });
      await expect(reviewTitle).toBeVisible({ timeout: 15_000 });
      const confirm = page.getByRole('button', { name: M.transfers.confirm });
      await expect(confirm).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectInWindow(page, `main button:has-text("${M.transfers.confirm}")`);
      await page.screenshot({ path: test.info().outputPath(`review-${language}-${viewport.width}.png`) });
    });
  }
}

for (const viewport of [LAPTOP, PHONE]) {
  for (const language of LANGUAGES) {
    const M = language === 'fr' ? fr : en;
    test(`${language} ${viewport.width}x${viewport.height}: a day field has a calendar and still takes a typed dd-mm-yyyy`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signIn(page, language, 'admin', '/reports/transaction-report?range=custom&from=2026-11-10&to=2026-11-20');
      const from = page.getByLabel(M.reports.from, { exact: true });
      await expect(from).toHaveValue('10-11-2026');
      await page.getByRole('button', { name: M.dayField.openCalendar.replace('{{field}}', M.reports.from) }).click();
      const calendar = page.getByRole('dialog', { name: M.dayField.calendar });
      await expect(calendar).toBeVisible();
      await expect(calendar).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: test.info().outputPath(`calendar-${language}-${viewport.width}.png`) });
      // Opened on the field's day; a week back, then picked with the keyboard.
      await expect(calendar.locator('[data-day="2026-11-10"]')).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await expect(calendar).toBeHidden();
      await expect(from).toHaveValue('03-11-2026');
      await expect(from).toBeFocused();
      await expect(page).toHaveURL(/from=2026-11-03/);
      // Typing is still the quick way.
      const to = page.getByLabel(M.reports.to, { exact: true });
      await to.fill('25-11-2026');
      await expect(page).toHaveURL(/to=2026-11-25/);
    });
  }
}
