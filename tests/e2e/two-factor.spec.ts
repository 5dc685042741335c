/**
 * Two-factor sign-in in Chromium against the real API: the admin sets it up on
 * /two-factor (the key typed into the test's authenticator, which is the server's own TOTP
 * code), keeps the recovery codes, signs in again with a code (a wrong one first) and with a
 * recovery code, turns it off with a code; gets a new set of recovery codes (the old ones
 * refused at sign-in, a new one accepted); and asks for a reset of another administrator's, which
 * waits for a second administrator. Runs in the
 * "exclusive" project (playwright.config.ts): nobody else signs in as these users meanwhile.
 */
import { expect, type Page, test } from '@playwright/test';
import { twoFactorMessages } from '../../src/features/two-factor/messages';
import { twoFactorStepMessages } from '../../src/routes/two-factor-messages';
import { demoUser, headerUserName, loginForm, loginViaApi, logout } from './support/session';
import { Authenticator, openApi, passwordSession, turnOffTwoFactor, turnOnTwoFactor } from './support/two-factor';
import { stepAt, totpForStep } from '../../server/domain/two-factor/totp';

test.describe.configure({ mode: 'serial' });

const M = twoFactorMessages.en;
const ADMIN_NAME = demoUser('admin').name;
const L = twoFactorStepMessages.en;
let admin: Authenticator | undefined;
let supervisor: Authenticator | undefined;

test.afterAll(async ({ playwright }) => {
  // Whatever happened above, the demo's users end as they began: two-factor off.
  if (admin) await turnOffTwoFactor(playwright, 'admin', admin);
  if (supervisor) await turnOffTwoFactor(playwright, 'network-supervisor', supervisor);
});

const own = (page: Page) => page.getByRole('region', { name: M.own.title });
const codeStep = (page: Page) => page.getByTestId('two-factor-step');

async function passwordStep(page: Page, username: string) {
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill('demo1234');
  await form.submit.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.title);
}

test('the admin sets up two-step verification, then signs in with a code and with a recovery code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginViaApi(page, 'admin', { path: '/two-factor' });
  await expect(own(page).getByTestId('two-factor-status')).toHaveText(M.own.off);
  await own(page).getByRole('button', { name: M.own.setUp }).click();

  // The QR code comes from the server (an SVG image), with the key to type by hand.
  const qr = own(page).getByRole('img', { name: /QR code to add admin/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const key = (await own(page).getByTestId('two-factor-key').textContent()) ?? '';
  expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const secret = key.replaceAll(' ', '');

  // The authenticator app, set up with the typed key, shows this code.
  const step = stepAt(Date.now());
  await own(page).getByLabel(M.enrol.code).fill(totpForStep(secret, step));
  await own(page).getByRole('button', { name: M.enrol.turnOn }).click();
  const list = own(page).getByRole('list', { name: M.codes.listLabel });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  admin = new Authenticator(secret, codes, step);
  await own(page).getByRole('button', { name: M.codes.done }).click();
  await expect(list).toHaveCount(0);
  await expect(own(page).getByTestId('two-factor-status')).toContainText('On since');
  await expect(own(page).getByText('10 recovery codes left.')).toBeVisible();

  // Signing in now asks for the code, after the password.
  await logout(page);
  await passwordStep(page, 'admin');
  await expect(codeStep(page).getByLabel(L.code, { exact: true })).toBeFocused();
  await codeStep(page).getByLabel(L.code, { exact: true }).fill(admin.wrongCode());
  await codeStep(page).getByRole('button', { name: L.verify }).click();
  await expect(codeStep(page).getByRole('alert')).toContainText('That code is not right');
  await expect(page).toHaveURL(/\/login$/);
  await codeStep(page).getByLabel(L.code, { exact: true }).fill(admin.nextCode());
  await codeStep(page).getByRole('button', { name: L.verify }).click();
  await expect(headerUserName(page)).toHaveText(ADMIN_NAME);

  // A recovery code instead of the app's, once.
  await logout(page);
  await passwordStep(page, 'admin');
  const recovery = codes[0] as string;
  await codeStep(page).getByLabel(L.code, { exact: true }).fill(recovery.toUpperCase());
  await codeStep(page).getByRole('button', { name: L.verify }).click();
  await expect(headerUserName(page)).toHaveText(ADMIN_NAME);
  await logout(page);
  await passwordStep(page, 'admin');
  await codeStep(page).getByLabel(L.code, { exact: true }).fill(recovery);
  await codeStep(page).getByRole('button', { name: L.verify }).click();
  await expect(codeStep(page).getByRole('alert')).toContainText('already used');
  // Back to sign in: the password form, empty.
  await codeStep(page).getByRole('button', { name: L.back }).click();
  await expect(loginForm(page).username).toHaveValue('');

  // Turning it off takes a code from the app.
  await passwordStep(page, 'admin');
  await codeStep(page)
    .getByLabel(L.code, { exact: true })
    .fill(codes[1] as string);
  await codeStep(page).getByRole('button', { name: L.verify }).click();
  await expect(headerUserName(page)).toHaveText(ADMIN_NAME);
  await page.goto('/two-factor');
  await expect(own(page).getByText('8 recovery codes left.')).toBeVisible();
  await own(page).getByRole('button', { name: M.disable.start }).click();
  await own(page)
    .getByLabel(M.disable.code, { exact: true })
    .fill(await admin.appCode());
  await own(page).getByRole('button', { name: M.disable.confirm }).click();
  await expect(own(page).getByTestId('two-factor-status')).toHaveText(M.own.off);
  admin = undefined;

  // And the password alone signs in again.
  await logout(page);
  const form = loginForm(page);
  await form.username.fill('admin');
  await form.password.fill('demo1234');
  await form.submit.click();
  await expect(headerUserName(page)).toHaveText(ADMIN_NAME);
  await expect(codeStep(page)).toHaveCount(0);
});

test('the admin gets new recovery codes: the old ones stop working, the new ones sign in', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  admin = await turnOnTwoFactor(playwright, 'admin');
  const oldCodes = [...admin.recoveryCodes];
  await page.goto('/login');
  await passwordStep(page, 'admin');
  await codeStep(page).getByLabel(L.code, { exact: true }).fill(admin.nextCode());
  await codeStep(page).getByRole('button', { name: L.verify }).click();
  await expect(headerUserName(page)).toHaveText(ADMIN_NAME);
  await page.goto('/two-factor');
  await expect(own(page).getByText('10 recovery codes left.')).toBeVisible();

  // Like turning off, it takes a code, checked before it is sent.
  await own(page).getByRole('button', { name: M.regenerate.start }).click();
  await own(page).getByRole('button', { name: M.regenerate.confirm }).click();
  await expect(own(page).getByText(M.problems.required)).toBeVisible();
  await own(page)
    .getByLabel(M.regenerate.code, { exact: true })
    .fill(await admin.appCode());
  await own(page).getByRole('button', { name: M.regenerate.confirm }).click();
  await expect(own(page).getByRole('heading', { name: M.regenerate.doneTitle })).toBeVisible();
  const list = own(page).getByRole('list', { name: M.codes.listLabel });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  for (const code of codes) expect(oldCodes).not.toContain(code);
  const download = page.waitForEvent('download');
  await own(page).getByRole('button', { name: M.codes.download }).click();
  expect((await download).suggestedFilename()).toBe('recovery-codes-admin.txt');
  await own(page).getByRole('button', { name: M.codes.done }).click();
  await expect(list).toHaveCount(0);
  await expect(own(page).getByText('10 recovery codes left.')).toBeVisible();
  const [fresh, ...spare] = codes as [string, ...string[]];
  admin.replaceRecoveryCodes(spare);

  // An old code, never used, no longer signs in; a new one does.
  await logout(page);
  await passwordStep(page, 'admin');
  await codeStep(page)
    .getByLabel(L.code, { exact: true })
    .fill(oldCodes[0] as string);
  await codeStep(page).getByRole('button', { name: L.verify }).click();
  await expect(codeStep(page).getByRole('alert')).toContainText('That code is not right');
  await codeStep(page).getByLabel(L.code, { exact: true }).fill(fresh);
  await codeStep(page).getByRole('button', { name: L.verify }).click();
  await expect(headerUserName(page)).toHaveText(ADMIN_NAME);
  await page.goto('/two-factor');
  await expect(own(page).getByText('9 recovery codes left.')).toBeVisible();

  // Back as it began, for the test below (which signs the admin in with the password alone).
  await turnOffTwoFactor(playwright, 'admin', admin);
  admin = undefined;
});

test('an admin’s reset of another administrator’s two-step verification waits for a second administrator', async ({
  page,
  playwright,
}) => {
  supervisor = await turnOnTwoFactor(playwright, 'network-supervisor');
  await loginViaApi(page, 'admin', { path: '/two-factor' });
  const section = page.getByRole('region', { name: M.admin.title });
  await section.getByLabel(M.admin.username).fill('network-supervisor');
  await section.getByRole('button', { name: M.admin.find }).click();
  const target = section.getByTestId('reset-target');
  await expect(target).toContainText('(network-supervisor)');
  await expect(target).toContainText('Two-step verification on since');
  await target.getByRole('button', { name: M.admin.reset }).click();
  await target.getByRole('button', { name: M.admin.confirmYes }).click();
  await expect(section.getByText(M.admin.requested.replaceAll('{{username}}', 'network-supervisor'))).toBeVisible();
  await expect(target).toContainText('Two-step verification on since');

  // Nothing changed: the password alone still does not sign network-supervisor in.
  const api = await openApi(playwright);
  try {
    await expect(passwordSession(api, 'network-supervisor')).rejects.toThrow('has two-factor on');
  } finally {
    await api.dispose();
  }
});
