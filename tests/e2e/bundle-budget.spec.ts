/**
 * Bundle budgets, checked in `npm test` because bytes are deterministic: the gzip
 * size of the JS the dashboard downloads for /login and for the first signed-in view, measured
 * as `npm run bench` measures them (bench/measurements/bundle-size.ts), against
 * bench/budgets.ts. The budgets hold the figure reached so far, so the size can only go down.
 */
import { expect, test } from '@playwright/test';
import { BUDGETS } from '../../bench/budgets';
import { idlePreloads, networkQuiet, recordAssets } from '../../bench/measurements/bundle-size';
import { DEMO_PASSWORD } from './support/session';

const jsGzip = (assets: { kind: string; gzip: number }[]) =>
  assets.filter((a) => a.kind === 'js').reduce((sum, a) => sum + a.gzip, 0);

test('the JS of /login and of the first signed-in view stay within their budgets', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
  const page = await context.newPage();
  const fetched = recordAssets(page, new URL(baseURL ?? '').origin);
  const quiet = networkQuiet(page);
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await quiet();
  const login = jsGzip(await fetched());

  await page.getByLabel('Username', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: 'Your pages' }).waitFor();
  await quiet();
  const signedInAssets = await fetched();
  const signedIn = jsGzip(signedInAssets);
  const preloaded = await idlePreloads(page);
  const firstView = jsGzip(signedInAssets.filter((a) => !preloaded.includes(a.path)));
  await context.close();

  console.log(
    `JS gzip: /login ${login} B, first signed-in view ${signedIn} B (${firstView} B without the idle preload)`,
  );
  expect(preloaded.length, 'the chunks the idle shell preloads').toBeGreaterThan(0);
  expect(login, 'bundle.login.jsGzip').toBeLessThanOrEqual(BUDGETS['bundle.login.jsGzip'] as number);
  expect(signedIn, 'bundle.signed-in.jsGzip').toBeLessThanOrEqual(BUDGETS['bundle.signed-in.jsGzip'] as number);
  expect(firstView, 'bundle.first-view.jsGzip').toBeLessThanOrEqual(BUDGETS['bundle.first-view.jsGzip'] as number);
});
