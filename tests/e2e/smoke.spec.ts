import { expect, test } from '@playwright/test';

test('the served dashboard opens on the sign-in page with its security headers', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('hashed assets are cached forever and compressed; the shell is revalidated', async ({ request, page }) => {
  const index = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(index.headers()['cache-control']).toBe('no-cache');
  const html = await index.text();
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script as string, { headers: { 'accept-encoding': 'br' } });
  expect(asset.headers()['cache-control']).toContain('immutable');
  expect(asset.headers()['content-encoding']).toBe('br');
  // The SPA fallback serves every route; the client decides what it is.
  await page.goto('/reports/transaction-report');
  await expect(page).toHaveURL(/\/login\?redirect=%2Freports%2Ftransaction-report$/);
  await page.goto('/some/deep/link');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
