/**
 * A name typed without its accents finds the holders spelt with them, and a search that finds
 * nothing says what was searched and how else to find it, in the page's language, with what
 * the user came for in view on a desktop and on a phone.
 */
import { expect, type Page, test } from '@playwright/test';
import { REPORT_MESSAGES } from '../../src/features/reports/messages';
import { noMatchMessages } from '../../src/ui/list/no-match-messages';
import { loginViaApi } from './support/session';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;
const REPORT = '/reports/transaction-report';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

test('the transaction report finds the Cissé holders when "Cisse" is typed', async ({ page }) => {
  await loginViaApi(page, 'admin', { path: `${REPORT}?q=Cisse` });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const table = page.locator('main table').first();
    await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
    await expect(table.locator('tbody tr').first()).toBeInViewport();
    await expect(page.getByText(REPORT_MESSAGES.en.empty.transactions)).toHaveCount(0);
    await shot(page, `cisse-en-${size.width}`);
  }
});

test('a report search that finds nothing names it and suggests another way, in French', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'fr'));
  await loginViaApi(page, 'admin', { path: `${REPORT}?q=Cissex` });
  const { nothingMatches, tryAnotherWay } = noMatchMessages.fr;
  const hint = page.getByRole('status').filter({ hasText: nothingMatches.replace('{{searched}}', 'Cissex') });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(hint).toContainText(tryAnotherWay, { timeout: 20_000 });
    await expect(hint).toBeInViewport();
    await shot(page, `cissex-fr-${size.width}`);
  }
});
