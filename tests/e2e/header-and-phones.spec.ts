/**
 * The header on a desk and on a phone, and a phone typed as people say it. Signed in as the
 * demo user with the longest name, Logout and the language switch stay in view and each takes one
 * tap at 1280×800 and 360×740; the user menu opens from the avatar. An agent's cash-in review
 * takes `70 082 00 06` and its other local forms, in English and in French. Screenshots of the
 * header land in the test's output folder (test-results/) (header-<width>-<lang>.png) for a person to look at.
 */
import { expect, type Page, test } from '@playwright/test';
import type { Language } from '../../src/i18n';
import { LANGUAGE_KEY } from '../../src/i18n';
import { en, fr } from '../messages';

const MESSAGES = { en, fr };
import { loginViaApi } from './support/session';

const LONG_NAME = 'Banque Islamique Checker';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;

/** Opens the app in `lang` with nothing signed in, so the next sign-in lands in that language. */
async function inLanguage(page: Page, lang: Language) {
  await page.goto('/login');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [LANGUAGE_KEY, lang] as const);
}

for (const size of SIZES) {
  test.describe(`the header at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size, hasTouch: true });

    for (const lang of ['en', 'fr'] as const) {
      const M = MESSAGES[lang];
      test(`a long name leaves Logout and the language switch one tap away (${lang})`, async ({ page }) => {
        await inLanguage(page, lang);
        await loginViaApi(page, 'bank-checker');
        const header = page.locator('header');
        const logout = header.getByRole('button', { name: M.shell.logout, exact: true });
        const other = lang === 'en' ? 'fr' : 'en';
        const switchTo = header.getByRole('button', { name: other, exact: true });
        const user = header.getByRole('button', { name: LONG_NAME });
        for (const control of [logout, switchTo, user]) await expect(control).toBeInViewport({ ratio: 1 });
        // Nothing lies over anything else: each control's box is its own.
        const boxes = await Promise.all([user, switchTo, logout].map(async (l) => (await l.boundingBox()) ?? null));
        for (let i = 1; i < boxes.length; i++) {
          const [left, right] = [boxes[i - 1], boxes[i]];
          expect(left && right && left.x + left.width <= right.x, `control ${i} overlaps the one before`).toBe(true);
        }
        expect(await header.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
        await header.screenshot({ path: test.info().outputPath(`header-${size.width}-${lang}.png`) });

        // The avatar's menu: the whole name, the languages, change password and Logout.
        await user.tap();
        const menu = page.getByRole('menu');
        await expect(menu).toBeVisible();
        await expect(menu.getByText(LONG_NAME, { exact: true })).toBeInViewport();
        await expect(menu.getByRole('menuitem', { name: M.userMenu.changePassword })).toBeInViewport();
        await expect(menu.getByRole('menuitemradio', { name: 'Français' })).toBeInViewport();
        await expect(menu.getByRole('menuitem', { name: M.shell.logout })).toBeInViewport();
        await page.screenshot({
          path: test.info().outputPath(`header-${size.width}-${lang}-menu.png`),
          clip: { x: 0, y: 0, width: size.width, height: 420 },
        });
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();

        // One tap switches the language, one tap signs out.
        await switchTo.tap();
        const otherLogout = header.getByRole('button', { name: MESSAGES[other].shell.logout, exact: true });
        await expect(otherLogout).toBeInViewport({ ratio: 1 });
        await otherLogout.tap();
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.locator('input[name="password"]')).toBeVisible();
      });
    }
  });
}

for (const lang of ['en', 'fr'] as const) {
  const T = MESSAGES[lang].transfers;
  test(`a cash-in review takes the phone in its local forms (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await inLanguage(page, lang);
    await loginViaApi(page, 'agent', { path: '/cash-in' });
    const phone = page.getByLabel(T.counterparty.beneficiary);
    const amount = page.getByLabel(new RegExp(`^${T.amount.replace(/[()]/g, '\\$&')}`));
    await expect(amount).toBeVisible({ timeout: 15_000 });
    for (const typed of ['70 082 00 06', '700820006', '70.082.00.06']) {
      await phone.fill(typed);
      await amount.click();
      await expect(phone).toHaveValue('+221 70 082 00 06');
    }
    await amount.fill('2000');
    await page.getByRole('button', { name: T.review }).click();
    const review = page.getByRole('region', { name: T.reviewTitle });
    await expect(review).toBeVisible();
    await expect(review).toContainText('+221 70 082 00 06');
  });
}
