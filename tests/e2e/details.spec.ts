/**
 * One transaction and one account, opened from report rows in Chromium against the real API:
 * a group that sees the row opens it, with amount, fee, commission and status in view at
 * 1280×800 and 360×740 and no sideways scrolling; a group whose reports do not list it gets
 * the not-found page; the header search finds a reference with "/" and Enter.
 */
import { expect, type Page, test } from '@playwright/test';
import { loginViaApi } from './support/session';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const RANGE = `from=${day(-89)}&to=${day(0)}`;
const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];

async function firstRowLink(page: Page, name: RegExp) {
  const table = page.locator('main table').first();
  await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  const link = table.locator('tbody tr').first().getByRole('link', { name });
  await expect(link).toBeVisible();
  return link;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a transaction opens from a report row for a group that sees it, and is not found for one that does not', async ({
  page,
  browser,
}) => {
  await loginViaApi(page, 'support-plus', { path: `/reports/woyofal-report?${RANGE}&status=success` });
  const link = await firstRowLink(page, /^T[RX]\d+/);
  const reference = (await link.textContent()) ?? '';
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${reference}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(reference);
  await expect(page.getByRole('article', { name: 'Receipt' })).toBeVisible();
  const main = page.getByRole('main');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const label of ['Amount', 'Fee', 'Commission', 'Status']) {
      await expect(
        main.locator('dt', { hasText: new RegExp(`^${label}$`) }).first(),
        `${label} at ${size.width}`,
      ).toBeInViewport();
    }
    await expect(main.locator('dd').first()).toContainText('XOF');
    await expectNoSidewaysScroll(page);
  }
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();

  const other = await browser.newPage();
  await loginViaApi(other, 'orange-topup-report', { path: `/transactions/${reference}` });
  await expect(other.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await expect(other.getByText(reference)).toBeVisible();
  await other.close();
});

test('an account opens from a report row with its balance in view', async ({ page }) => {
  await loginViaApi(page, 'admin', { path: '/reports/wallet-balance' });
  const link = await firstRowLink(page, /^[A-Z]{3}-[A-Z0-9-]+$/);
  const number = (await link.textContent()) ?? '';
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(page.locator('main dt', { hasText: /^Balance$/ })).toBeInViewport();
    await expectNoSidewaysScroll(page);
  }
  await expect(page.getByRole('table', { name: /newest first/ })).toBeVisible();
});

test('the header search opens a reference on Enter', async ({ page }) => {
  await loginViaApi(page, 'admin', { path: `/reports/transaction-report?${RANGE}` });
  const reference = (await (await firstRowLink(page, /^T[RX]\d+/)).textContent()) ?? '';
  const box = page.getByRole('combobox', { name: 'Search accounts and transactions' });
  await box.click();
  await expect(box).toBeFocused();
  await box.fill(reference);
  await expect(
    page.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name: new RegExp(`^${reference}`) }),
  ).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/transactions/${reference}$`));
  await expect(page.getByRole('article', { name: 'Receipt' })).toBeVisible();
});
