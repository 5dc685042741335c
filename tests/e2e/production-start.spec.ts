/**
 * A production start, end to end (docs/decisions/024-production-start-and-one-time-passwords.md):
 * the real server with NODE_ENV=production on a fresh PGlite directory of its own, on a port of
 * its own, beside the demo server the other files use. No demo data, no users; the first admin
 * comes from `npm run user:create` (run while the server is stopped: one PGlite directory, one
 * process), signs in with the one-time password, sets a password and lands on the home page,
 * then changes it again from the header's user menu.
 */
import { expect, type Page, test } from '@playwright/test';
import { en } from '../../src/i18n/en';
import { enShell } from '../../src/i18n/shell-en';
import { passwordMessages } from '../../src/routes/password/messages';
import { oneTimePasswordOf, productionServer } from './support/production-server';

const pw = passwordMessages;
const ADMIN = { username: 'first.admin', name: 'Awa Ndiaye' };
const FIRST_PASSWORD = 'Baobab-Tiled-Ferry-42';
const SECOND_PASSWORD = 'Lagoon-Pepper-Kite-77';

let server: Awaited<ReturnType<typeof productionServer>>;

const url = (path: string) => server.url(path);

/** The deciding button and the fields are on screen, with nothing to scroll sideways. */
async function inView(page: Page, button: string) {
  const submit = page.getByRole('button', { name: button });
  await expect(submit).toBeInViewport();
  await expect(
    page.getByLabel(pw.en.new, { exact: true }).or(page.getByLabel(pw.fr.new, { exact: true })),
  ).toBeInViewport();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** EN and FR, at a laptop's and a phone's width, saved beside the test's results to be looked at. */
async function screenshots(page: Page, name: string, button: { en: string; fr: string }) {
  for (const lng of ['en', 'fr'] as const) {
    await page.getByRole('button', { name: lng, exact: true }).first().click();
    for (const [width, height] of [
      [1280, 800],
      [360, 740],
    ] as const) {
      await page.setViewportSize({ width, height });
      await inView(page, button[lng]);
      await page.screenshot({ path: test.info().outputPath(`${name}-${lng}-${width}.png`) });
    }
  }
  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  server = await productionServer('production');
});

test.afterAll(async () => {
  await server?.remove();
});

test('the first production start creates an empty system and says how to make the first admin', async ({ request }) => {
  const started = await server.start(120_000);
  expect(started.output()).toContain('empty production system created');
  expect(started.output()).toContain('npm run user:create');
  expect(started.output()).not.toContain('Demo logins');
  const demo = await request.post(url('/rest/auth/login'), {
    data: { username: 'admin', password: 'demo1234' },
    headers: { 'X-XSRF-TOKEN': 'x', Cookie: 'XSRF-TOKEN=x' },
  });
  expect(demo.status()).toBe(401);
  await server.stop();
});

let oneTimePassword = '';

test('npm run user:create makes the first admin with a one-time password', () => {
  const run = server.userCreate(['--username', ADMIN.username, '--group', 'admin', '--name', ADMIN.name], 120_000);
  expect(run.status, run.stderr).toBe(0);
  oneTimePassword = oneTimePasswordOf(run);
  expect(oneTimePassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  const again = server.userCreate(['--username', ADMIN.username, '--group', 'admin'], 120_000);
  expect(again.status).toBe(1);
  expect(again.stderr).toContain('already taken');
});

test('the admin signs in with it, must set a password, lands home, and changes it again from the header', async ({
  page,
}) => {
  await server.start(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url('/login'));
  await page.getByLabel(en.login.username, { exact: true }).fill(ADMIN.username);
  await page.getByLabel(en.login.password, { exact: true }).fill(oneTimePassword);
  await page.getByRole('button', { name: en.login.submit }).click();

  await expect(page.getByRole('heading', { name: pw.en.set.title })).toBeVisible();
  await expect(page).toHaveURL(url('/set-password'));
  // The page is only this form: typing starts in its first field.
  await expect(page.getByLabel(pw.en.currentOneTime, { exact: true })).toBeFocused();
  // Nothing else opens before the password is set.
  await page.goto(url('/audit-trail'));
  await expect(page).toHaveURL(url('/set-password'));
  await screenshots(page, 'set-password', { en: pw.en.set.submit, fr: pw.fr.set.submit });

  await page.getByLabel(pw.en.currentOneTime, { exact: true }).fill(oneTimePassword);
  await page.getByLabel(pw.en.new, { exact: true }).fill('password123');
  await page.getByLabel(pw.en.repeat, { exact: true }).fill('password123');
  await page.getByRole('button', { name: pw.en.set.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(/too short|common|guess/i);
  await page.getByLabel(pw.en.new, { exact: true }).fill(FIRST_PASSWORD);
  await page.getByLabel(pw.en.repeat, { exact: true }).fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: pw.en.set.submit }).click();

  // The server's first change loads the strength dictionaries (lazily, once per process).
  await expect(page).toHaveURL(url('/'), { timeout: 60_000 });
  await expect(page.getByTestId('user-name')).toHaveText(ADMIN.name);
  await expect(page.getByRole('heading', { name: new RegExp(ADMIN.name) })).toBeVisible();

  await page.getByRole('button', { name: new RegExp(ADMIN.name) }).click();
  await page.getByRole('menuitem', { name: enShell.userMenu.changePassword }).click();
  await expect(page.getByRole('heading', { name: pw.en.change.title })).toBeVisible();
  await screenshots(page, 'change-password', { en: pw.en.change.submit, fr: pw.fr.change.submit });
  await page.getByLabel(pw.en.current, { exact: true }).fill(FIRST_PASSWORD);
  await page.getByLabel(pw.en.new, { exact: true }).fill(SECOND_PASSWORD);
  await page.getByLabel(pw.en.repeat, { exact: true }).fill(SECOND_PASSWORD);
  await page.getByRole('button', { name: pw.en.change.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: pw.en.change.done })).toBeVisible();
  // Still signed in, and the home page still answers.
  await page.getByRole('navigation', { name: en.shell.mainMenu }).getByRole('link', { name: en.shell.home }).click();
  await expect(page.getByTestId('user-name')).toHaveText(ADMIN.name);

  // Signing in again takes the new password, not the one before it.
  await page.getByRole('button', { name: new RegExp(en.shell.logout) }).click();
  await page.getByLabel(en.login.username, { exact: true }).fill(ADMIN.username);
  await page.getByLabel(en.login.password, { exact: true }).fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: en.login.submit }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel(en.login.password, { exact: true }).fill(SECOND_PASSWORD);
  await page.getByRole('button', { name: en.login.submit }).click();
  await expect(page.getByTestId('user-name')).toHaveText(ADMIN.name);
  await expect(page).toHaveURL(url('/'));
});
