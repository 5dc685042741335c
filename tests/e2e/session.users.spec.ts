import { expect, type Page, test } from '@playwright/test';
import { CHANNEL, HEADER } from '../../contract/http';
import { en } from '../../src/i18n/en';
import { fr } from '../../src/i18n/fr';
import {
  DEMO_USERS,
  demoUser,
  headerUserName,
  holdableLogin,
  login,
  loginForm,
  logout,
  openSharedPage,
  resetToSignedOut,
  sessionCheck,
  storedSessionKeys,
  storedUser,
} from './support/session';

const ASSOCIATED_MEMBERS = '/rest/members/merchant-partner/associated-members';
const isAssociatedMembers = (url: string) => new URL(url).pathname === ASSOCIATED_MEMBERS;

test.describe('every demo user (docs/product.md)', () => {
  // Two halves, one per worker, each on one reused page.
  test.describe.configure({ mode: 'parallel' });
  const half = Math.ceil(DEMO_USERS.length / 2);
  const groups = [DEMO_USERS.slice(0, half), DEMO_USERS.slice(half)];

  groups.forEach((users, index) => {
    test(`signs in, sees its name, survives a reload, and logout clears storage (${index + 1}/2: ${users
      .map((u) => u.username)
      .join(', ')})`, async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await openSharedPage(browser);
      try {
        await page.goto('/login');
        for (const user of users) {
          await test.step(user.username, async () => {
            await login(page, user.username, { goto: false });
            await expect(page).toHaveURL((url) => url.pathname === '/');
            await page.reload();
            await expect(headerUserName(page)).toHaveText(user.name);
            await expect(page).toHaveURL((url) => url.pathname === '/');
            const token = (await storedUser(page))?.sessionId ?? '';
            await logout(page);
            await expect(loginForm(page).username).toBeVisible();
            expect(await storedSessionKeys(page)).toEqual([]);
            // Logout revokes the session on the server too.
            await expect.poll(async () => (await sessionCheck(page, token)).status()).toBe(401);
          });
        }
      } finally {
        await page.context().close();
      }
    });
  });
});

test.describe('the login form', () => {
  let page: Page;
  let heldLogin: Awaited<ReturnType<typeof holdableLogin>>;

  test.beforeAll(async ({ browser }) => {
    page = await openSharedPage(browser);
    heldLogin = await holdableLogin(page);
  });
  test.afterAll(async () => {
    await page?.context().close();
  });
  test.beforeEach(async () => {
    await resetToSignedOut(page);
  });

  test('an empty submit shows both required-field messages and sends nothing', async () => {
    let loginRequests = 0;
    const count = (r: { url(): string }) => {
      if (new URL(r.url()).pathname === '/rest/auth/login') loginRequests++;
    };
    page.on('request', count);
    try {
      const form = loginForm(page);
      await form.submit.click();
      await expect(page.getByText(en.login.usernameRequired)).toBeVisible();
      await expect(page.getByText(en.login.passwordRequired)).toBeVisible();
      await expect(form.username).toHaveAttribute('aria-invalid', 'true');
      // Filling one field clears its message only.
      await form.username.fill('agent');
      await expect(page.getByText(en.login.usernameRequired)).toHaveCount(0);
      await expect(page.getByText(en.login.passwordRequired)).toBeVisible();
      expect(loginRequests).toBe(0);
      await expect(page).toHaveURL(/\/login$/);
    } finally {
      page.off('request', count);
    }
  });

  test('the submit button is disabled while the request is in flight, and a second submit sends nothing', async () => {
    const form = loginForm(page);
    let loginRequests = 0;
    const count = (r: { url(): string; method(): string }) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/rest/auth/login') loginRequests++;
    };
    page.on('request', count);
    try {
      const held = heldLogin.hold();
      await form.username.fill('agent');
      await form.password.fill('demo1234');
      await form.submit.click();
      await held.reached;
      await expect(form.submit).toBeDisabled();
      await expect(form.submit).toHaveText(en.login.submitting);
      await form.password.press('Enter');
      held.release();
      await expect(headerUserName(page)).toHaveText(demoUser('agent').name);
      expect(loginRequests).toBe(1);
    } finally {
      page.off('request', count);
    }
  });

  test('Enter in the password field submits', async () => {
    await login(page, 'merchant', { goto: false, submitWith: 'enter' });
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('FR labels after switching language, kept after sign-in and reload', async () => {
    await page.getByRole('button', { name: 'fr', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.login.title);
    await expect(page.getByLabel(fr.login.username, { exact: true })).toBeVisible();
    await expect(page.getByLabel(fr.login.password, { exact: true })).toBeVisible();
    const form = loginForm(page);
    await expect(form.submit).toHaveText(fr.login.submit);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await form.submit.click();
    await expect(page.getByText(fr.login.usernameRequired)).toBeVisible();
    await expect(page.getByText(fr.login.passwordRequired)).toBeVisible();

    await login(page, 'agent', { goto: false });
    await expect(page.locator('header')).toContainText(fr.shell.welcome);
    await expect(page.locator('header').getByRole('button', { name: fr.shell.logout })).toBeVisible();
    await page.reload();
    await expect(page.locator('header').getByRole('button', { name: fr.shell.logout })).toBeVisible();
    await page.getByRole('button', { name: 'en', exact: true }).click();
    await expect(page.locator('header').getByRole('button', { name: en.shell.logout })).toBeVisible();
  });

  test('the requests of the all-digits user 221771234567 carry Channel: wap1; others carry dashboard', async () => {
    const form = loginForm(page);
    const wapMembers = page.waitForRequest((r) => isAssociatedMembers(r.url()));
    await login(page, '221771234567', { goto: false });
    const wapHeaders = await (await wapMembers).allHeaders();
    expect(wapHeaders[HEADER.channel.toLowerCase()]).toBe(CHANNEL.wap);
    expect(wapHeaders[HEADER.sessionToken.toLowerCase()]).toBeTruthy();

    // The logout request speaks for the ending session: its token and its channel.
    const token = (await storedUser(page))?.sessionId;
    const wapLogout = page.waitForRequest((r) => new URL(r.url()).pathname === '/rest/auth/logout');
    await logout(page);
    const logoutHeaders = await (await wapLogout).allHeaders();
    expect(logoutHeaders[HEADER.channel.toLowerCase()]).toBe(CHANNEL.wap);
    expect(logoutHeaders[HEADER.sessionToken.toLowerCase()]).toBe(token);

    await expect(form.username).toBeVisible();
    const agentMembers = page.waitForRequest((r) => isAssociatedMembers(r.url()));
    await login(page, 'agent', { goto: false });
    expect((await (await agentMembers).allHeaders())[HEADER.channel.toLowerCase()]).toBe(CHANNEL.dashboard);
    await logout(page);
    expect(await storedSessionKeys(page)).toEqual([]);
  });
});
