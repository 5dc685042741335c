/**
 * The idle countdown in Chromium against the real API. The page's clock is faked
 * (it runs on real time until the test jumps it ahead); the server's is not, so where the
 * test jumps the page 13 minutes ahead it also has GET auth/session report what the server
 * would then say (2 minutes left). "Stay signed in" and the end at zero are the real server's
 * answers; what was typed in the transfer form comes back after signing in again.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import { en } from '../messages';
import { idleMessages } from '../../src/session/idle-messages';
import { demoUser, headerUserName, loginForm, loginViaApi, revokeSessionOnServer } from './support/session';

const I = idleMessages.en;
const T = en.transfers;

/** GET auth/session as the server would answer 13 minutes on: two minutes left. */
async function twoMinutesLeft(route: Route) {
  const response = await route.fetch();
  const body = (await response.json()) as { payload: { idleRemainingMs: number } };
  body.payload.idleRemainingMs = 120_000;
  await route.fulfill({ response, json: body });
}

const dialog = (page: Page) => page.getByRole('dialog', { name: I.title });

async function typeTransfer(page: Page) {
  await page.getByLabel(T.counterparty.beneficiary).fill('CUS-000003');
  await page.getByLabel(new RegExp(`^${T.amount.replace(/[()]/g, '\\$&')}`)).fill('12500');
  await page.getByLabel(new RegExp(`^${T.note}`)).fill('Avance sur salaire');
}

test('two minutes before the idle timeout, a dialog offers to stay signed in', async ({ page }) => {
  await page.clock.install();
  await loginViaApi(page, 'agent', { path: '/cash-in' });
  await expect(page.getByRole('heading', { name: T.details })).toBeVisible();
  await page.route('**/rest/auth/session', twoMinutesLeft);

  await page.clock.fastForward('12:50');
  await expect(dialog(page)).toHaveCount(0);
  await page.clock.fastForward('00:10');
  await expect(dialog(page)).toBeVisible();
  // The page's clock runs on between the test's steps: a second or two may already have gone.
  const shown = async () => {
    const [m, s] = ((await dialog(page).getByRole('timer').textContent()) ?? '').split(':').map(Number);
    return (m ?? 0) * 60 + (s ?? 0);
  };
  await expect.poll(shown).toBeGreaterThan(115);
  expect(await shown()).toBeLessThanOrEqual(120);
  await expect(dialog(page).getByRole('button', { name: I.stay })).toBeFocused();
  const before = await shown();
  await page.clock.fastForward('00:30');
  await expect.poll(shown).toBeLessThanOrEqual(before - 30);
  expect(await shown()).toBeGreaterThan(before - 35);

  const keepAlive = page.waitForResponse((r) => new URL(r.url()).pathname === '/rest/auth/session/keep-alive');
  await dialog(page).getByRole('button', { name: I.stay }).click();
  expect((await keepAlive).status()).toBe(200);
  await expect(dialog(page)).toHaveCount(0);
  await expect(headerUserName(page)).toHaveText(demoUser('agent').name);
});

test('at zero the session ends, and the transfer form typed before it comes back after signing in', async ({
  page,
}) => {
  await page.clock.install();
  await loginViaApi(page, 'agent', { path: '/cash-in' });
  await typeTransfer(page);
  await page.route('**/rest/auth/session', twoMinutesLeft);
  await page.clock.fastForward('13:00');
  await expect(dialog(page)).toBeVisible();

  // Meanwhile the server has ended the session: at zero it says so.
  await page.unroute('**/rest/auth/session');
  await revokeSessionOnServer(page);
  const check = page.waitForResponse((r) => new URL(r.url()).pathname === '/rest/auth/session');
  await page.clock.fastForward('02:00');
  expect((await check).status()).toBe(401);
  // The user did not choose this ending: the page they were on waits for the next sign-in.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcash-in$/);
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.locator('ol > li').filter({ hasText: /session/i })).toBeVisible();

  const form = loginForm(page);
  await form.username.fill('agent');
  await form.password.fill('demo1234');
  await form.submit.click();
  await expect(headerUserName(page)).toHaveText(demoUser('agent').name);
  await expect(page).toHaveURL(/\/cash-in$/);
  await expect(page.getByTestId('draft-notice')).toBeVisible();
  await expect(page.getByLabel(T.counterparty.beneficiary)).toHaveValue('CUS-000003');
  await expect(page.getByLabel(new RegExp(`^${T.amount.replace(/[()]/g, '\\$&')}`))).toHaveValue('12500');
  await expect(page.getByLabel(new RegExp(`^${T.note}`))).toHaveValue('Avance sur salaire');
});
