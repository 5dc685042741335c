/**
 * /network/head in Chromium against the real API: each chain user sees its own subtree of the
 * Sen Distribution chain with real balances, can fold it and filter it; nobody sees the
 * "not available yet" notice.
 */
import { expect, type Page, test } from '@playwright/test';
import { loginViaApi } from './support/session';

test.describe.configure({ mode: 'parallel' });

const tree = (page: Page) => page.getByRole('region', { name: 'Chain' });
const row = (page: Page, name: string) => tree(page).getByText(name, { exact: true });

test('the head sees its whole chain, folds a master and finds a location by name', async ({ page }) => {
  await loginViaApi(page, 'merchant-head', { path: '/network/head' });
  await expect(page.getByRole('heading', { level: 1, name: 'My Network' })).toBeVisible();
  await expect(page.getByText(/not available yet/)).toHaveCount(0);
  await expect(row(page, 'Sen Distribution (head)')).toBeVisible();
  await expect(row(page, 'Sen Distribution Thiès')).toBeVisible();
  await expect(page.getByText('1 head · 2 masters · 4 locations')).toBeVisible();
  await expect(page.locator('main').getByText(/XOF/).first()).toBeVisible();

  // Masters start folded: their locations appear once unfolded.
  await expect(row(page, 'Sen Distribution Mbour')).toBeHidden();
  await page.getByRole('button', { name: 'Expand Sen Distribution Thiès' }).click();
  await expect(row(page, 'Sen Distribution Mbour')).toBeVisible();
  await page.getByRole('button', { name: 'Collapse Sen Distribution Thiès' }).click();
  await expect(row(page, 'Sen Distribution Mbour')).toBeHidden();

  await page.getByRole('searchbox', { name: 'Find' }).fill('fatick');
  await expect(row(page, 'Sen Distribution Fatick')).toBeVisible();
  await expect(row(page, 'Sen Distribution Kaolack')).toBeVisible();
  await expect(row(page, 'Sen Distribution Thiès')).toHaveCount(0);
});

test('a master sees its own locations only, a location itself only', async ({ page }) => {
  await loginViaApi(page, 'merchant-master', { path: '/network/head' });
  await expect(row(page, 'Sen Distribution Thiès')).toBeVisible();
  await expect(row(page, 'Sen Distribution Mbour')).toBeVisible();
  await expect(row(page, 'Sen Distribution (head)')).toHaveCount(0);
  await expect(row(page, 'Sen Distribution Kaolack')).toHaveCount(0);

  await loginViaApi(page, 'merchant-location', { path: '/network/head' });
  await expect(row(page, 'Sen Distribution Mbour')).toBeVisible();
  await expect(page.getByText('1 location')).toBeVisible();
  await expect(row(page, 'Sen Distribution Thiès')).toHaveCount(0);
});
