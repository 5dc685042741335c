import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, headerUserName, login, loginForm, loginViaApi } from './support/session';

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
  // The entry module (the session-preload script before it is too small to be precompressed).
  const script = html.match(/type="module"[^>]*src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script as string, { headers: { 'accept-encoding': 'br' } });
  expect(asset.headers()['cache-control']).toContain('immutable');
  expect(asset.headers()['content-encoding']).toBe('br');
  // The SPA fallback serves every route; the client decides what it is.
  await page.goto('/reports/transaction-report');
  await expect(page).toHaveURL(/\/login\?redirect=%2Freports%2Ftransaction-report$/);
});

test('an address that is no page: sign in first, then "Page not found" inside the shell', async ({ page }) => {
  await page.goto('/some/deep/link');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsome%2Fdeep%2Flink$/);
  await login(page, 'admin', { goto: false });
  await expect(page).toHaveURL(/\/some\/deep\/link$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Your pages' })).toBeVisible();
});

test('a page whose code does not arrive says so in its place, and "Try again" fetches it', async ({ page }) => {
  await loginViaApi(page, 'admin');
  // A dropped mobile connection, for this page's chunk only.
  await page.route('**/assets/AuditTrailPage-*.js', (route) => route.abort('internetdisconnected'));
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Settings' }).click();
  await menu.getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be loaded.');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

  await page.unroute('**/assets/AuditTrailPage-*.js');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit trail');
});

test('a signed-in frame that does not arrive says so, and "Try again" fetches it', async ({ page }) => {
  // The frame's chunk (decision 028).
  await page.route('**/assets/frame-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/login');
  const form = loginForm(page);
  await form.username.fill('admin');
  await form.password.fill(DEMO_PASSWORD);
  await form.submit.click();
  // The router reloads once on a missing chunk (a new deployment); then it tells the user.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be loaded.', {
    timeout: 15_000,
  });

  await page.unroute('**/assets/frame-*.js');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(headerUserName(page)).toHaveText('Awa Ndiaye');
  await expect(page.getByRole('heading', { name: 'Your pages' })).toBeVisible();
});
