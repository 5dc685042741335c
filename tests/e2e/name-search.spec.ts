/**
 * A name typed without its accents finds the holders spelt with them, and a search that finds
 * nothing says what was searched and how else to find it, in the page's language, with what
 * the user came for in view on a desktop and on a phone.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { REPORT_MESSAGES } from '../../src/features/reports/messages';
import { noMatchMessages } from '../../src/ui/list/no-match-messages';
import { loginViaApi } from './support/session';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;
const REPORT = '/reports/transaction-report';

/**
 * Wholly in view: at once on a desktop; on a phone after one scroll, since the report's five
 * filters fill its first screen.
 */
async function expectWhole(locator: Locator, size: (typeof SIZES)[number]) {
  if (size.width < 1024) await locator.scrollIntoViewIfNeeded();
  await expect(locator).toBeInViewport({ ratio: 1 });
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

test('the transaction report finds the Cissé holders when "Cisse" is typed', async ({ page }) => {
  await loginViaApi(page, 'admin', { path: `${REPORT}?q=Cisse` });
  const main = page.locator('main');
  const totals = page.getByTestId('report-totals').filter({ visible: true });
  // The totals line counts the successful matches (decision 055): at least one.
  await expect(totals).toContainText(/Successful \([1-9][\d,]*\)/, { timeout: 20_000 });
  await expect(page.getByText(REPORT_MESSAGES.en.empty.transactions)).toHaveCount(0);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // The first matching transaction on a desktop; on a phone, how many matched.
    const seen = size.width >= 1024 ? main.getByRole('link', { name: /^T[RX]\d+$/ }).first() : totals;
    await expectWhole(seen, size);
    // The holders matched are spelt with the accent: a row's From or To, shown on a phone's cards.
    if (size.width < 1024) await expect(main.getByRole('link', { name: /Cissé/ }).first()).toBeAttached();
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
    await expectWhole(hint, size);
    await shot(page, `cissex-fr-${size.width}`);
  }
});
