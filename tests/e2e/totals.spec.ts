/**
 * One meaning of a total, in Chromium against the real API and the demo day, in English and in
 * French, on a laptop and a phone: Home's "successful transactions today" opens the report of
 * today's successful transactions, whose successful count is the card's, in view with the other
 * statuses beside it.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Language } from '../../src/i18n/languages';
import { en, fr } from '../messages';
import { loginViaApi } from './support/session';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;
const LANGUAGES: readonly Language[] = ['en', 'fr'];

async function expectInView(page: Page, element: Locator, what: string) {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  expect(box, what).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x, what).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, what).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, what).toBeLessThanOrEqual(viewport.height);
}

for (const size of SIZES) {
  for (const language of LANGUAGES) {
    const M = language === 'fr' ? fr : en;

    test(`Home's successful count is the report's, ${language} at ${size.width}×${size.height}`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(size);
      await page.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
      await loginViaApi(page, 'admin', { path: '/' });

      const card = page.getByRole('link', { name: new RegExp(M.home.cards.todayCount) });
      const figure = page.getByTestId('figure-todayCount');
      await expect(figure).toBeVisible({ timeout: 20_000 });
      await expectInView(page, card, 'the card');
      const count = (await figure.textContent()) ?? '';
      expect(count).toMatch(/\d/);
      await page.screenshot({ path: test.info().outputPath(`home-${language}-${size.width}.png`) });

      await card.click();
      await expect(page).toHaveURL(/\/reports\/transaction-report\?.*status=success/);
      const byStatus = page.getByRole('region', { name: M.reports.byStatus.title });
      const successful = byStatus.locator('li[data-status="success"]');
      await expect(successful).toContainText(
        M.reports.byStatus.figure
          .replace('{{status}}', M.reports.byStatus.success)
          .replace('{{n}}', count)
          .replace(' · {{amount}}', ' ·'),
        { timeout: 20_000 },
      );
      await expect(byStatus).toContainText(M.reports.byStatus.noteFiltered);
      await expect(page.getByTestId('report-totals').first()).toContainText(
        M.reports.byStatus.counted.replace('{{status}}', M.reports.byStatus.success).replace('{{n}}', count),
      );
      await expectInView(page, byStatus, 'the totals by status');
      await page.screenshot({ path: test.info().outputPath(`report-${language}-${size.width}.png`) });

      // The same day unfiltered: the successful count first, the other statuses beside it.
      await page.goto(page.url().replace(/&?status=success/, ''));
      await expect(byStatus.locator('li')).toHaveCount(4, { timeout: 20_000 });
      await expect(byStatus.locator('li').first()).toHaveAttribute('data-status', 'success');
      await expect(byStatus.locator('li').first()).toContainText(count);
      await expect(byStatus).toContainText(M.reports.byStatus.note);
      await expectInView(page, byStatus, 'the totals by status, unfiltered');
      await page.screenshot({ path: test.info().outputPath(`report-all-${language}-${size.width}.png`) });
    });
  }
}
