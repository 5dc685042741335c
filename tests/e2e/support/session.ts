/**
 * Shared helpers for browser tests: signing in (through the form, or through the API when the
 * test is not about the form), the stored session, the XSRF cookie, and pages reused across
 * the tests of a file.
 */
import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test';
import { type ApiFailure, HEADER, XSRF_COOKIE } from '../../../contract/http';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUser } from '../../../server/db/demo-users';
import type { CurrentUser } from '../../../src/api/types';
import { createSessionStorage, STORAGE_KEYS } from '../../../src/session/storage';

export { DEMO_PASSWORD, DEMO_USERS };

export function demoUser(username: string): DemoUser {
  const user = DEMO_USERS.find((u) => u.username === username);
  if (!user) throw new Error(`No demo user ${username} in server/db/demo-users.ts`);
  return user;
}

/** A new page in its own context with the project's settings, for a file whose tests share it. */
export async function openSharedPage(browser: Browser, testInfo: TestInfo = test.info()): Promise<Page> {
  const { baseURL, serviceWorkers, viewport, locale } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, serviceWorkers, viewport, locale });
  return context.newPage();
}

const onApp = (page: Page) => {
  const url = page.url();
  return url.startsWith('http://') || url.startsWith('https://');
};

/** The login form's parts, whatever the interface language. */
export function loginForm(page: Page) {
  const form = page.locator('form').filter({ has: page.locator('input[name="username"]') });
  return {
    form,
    username: form.locator('input[name="username"]'),
    password: form.locator('input[name="password"]'),
    submit: form.locator('button[type="submit"]'),
  };
}

/** The signed-in user's name in the header. */
export const headerUserName = (page: Page) => page.getByTestId('user-name');

/** The header's Logout action (EN or FR). */
export const logoutButton = (page: Page) => page.locator('header').getByRole('button', { name: /logout|déconnexion/i });

/**
 * Signs in through the login form (opening /login unless `goto: false`) and waits for the
 * shell with the user's name.
 */
export async function login(
  page: Page,
  username: string,
  options: { password?: string; goto?: boolean; submitWith?: 'click' | 'enter' } = {},
) {
  if (options.goto !== false) await page.goto('/login');
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill(options.password ?? DEMO_PASSWORD);
  if (options.submitWith === 'enter') await form.password.press('Enter');
  else await form.submit.click();
  await expect(headerUserName(page)).toHaveText(demoUser(username).name);
}

/** Clicks Logout and waits for /login. */
export async function logout(page: Page) {
  await logoutButton(page).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The XSRF-TOKEN cookie of the page's context, asking the API for one if there is none yet. */
export async function xsrfToken(page: Page): Promise<string> {
  const find = async () => (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)?.value;
  let token = await find();
  if (!token) {
    await page.request.get('/rest/health');
    token = await find();
  }
  if (!token) throw new Error('The API set no XSRF-TOKEN cookie');
  return token;
}

/** Calls the API as the user signed in on `page`, as its own tab would. */
export async function callAs<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { sessionId?: string }).sessionId,
  );
  const response = await page.request.fetch(`/rest/${path}`, {
    method,
    data,
    headers: {
      [HEADER.sessionToken]: token ?? '',
      [HEADER.xsrf]: await xsrfToken(page),
      [HEADER.idempotencyKey]: crypto.randomUUID(),
    },
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

/**
 * Signs in through the API and stores the user object as the app does at login, then opens
 * `path` (default `/`): for tests that need a session but are not about the login form.
 */
export async function loginViaApi(page: Page, username: string, options: { path?: string } = {}) {
  const response = await page.request.post('/rest/auth/login', {
    data: { username, password: DEMO_PASSWORD },
    headers: { [HEADER.xsrf]: await xsrfToken(page) },
  });
  expect(response.status(), await response.text()).toBe(200);
  const user = ((await response.json()) as { payload: CurrentUser }).payload;
  const entries: Record<string, string> = {};
  createSessionStorage({
    getItem: (key) => entries[key] ?? null,
    setItem: (key, value) => {
      entries[key] = value;
    },
    removeItem: (key) => void delete entries[key],
  }).writeUser(user);
  if (!onApp(page)) await page.goto('/login');
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
  }, entries);
  await page.goto(options.path ?? '/');
  await expect(headerUserName(page)).toHaveText(demoUser(username).name);
  return user;
}

/** Forgets any stored session and opens the app as a fresh visitor: it lands on /login. */
export async function resetToSignedOut(page: Page) {
  if (!onApp(page)) await page.goto('/login');
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
}

/** The keys of STORAGE_KEYS (src/session/storage.ts) present in the page's localStorage. */
export function storedSessionKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    (keys) => keys.filter((key) => window.localStorage.getItem(key) !== null),
    Object.values(STORAGE_KEYS),
  );
}

/** The stored user object, or null. */
export function storedUser(page: Page): Promise<CurrentUser | null> {
  return page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as CurrentUser) : null;
  }, STORAGE_KEYS.currentUser);
}

/**
 * Leaves the page's inbox event stream unanswered, as if connected and quiet. A signed-in page
 * learns of a logout made elsewhere within seconds through that stream (the server ends it and
 * reopening it is refused), so a test that ends the session on the server and then has the page
 * meet the refusal through a request of its own (a reload, a filter, a download, a page) holds
 * the stream first: the refusal it waits for is then that request's. Call before the app opens.
 */
export async function holdInboxStream(page: Page) {
  await page.route('**/rest/inbox/stream', () => undefined);
}

/** GET auth/me with a session token: 200 while the session lives, 401 once it has ended. */
export function sessionCheck(page: Page, token: string) {
  return page.request.get('/rest/auth/me', { headers: { [HEADER.sessionToken]: token } });
}

/**
 * Ends the page's session on the server, as a logout from elsewhere would: POST auth/logout
 * with the stored token and the XSRF header. The page itself is not told.
 */
export async function revokeSessionOnServer(page: Page) {
  const user = await storedUser(page);
  if (!user) throw new Error('No stored session to revoke');
  const response = await page.request.post('/rest/auth/logout', {
    headers: { [HEADER.sessionToken]: user.sessionId, [HEADER.xsrf]: await xsrfToken(page) },
  });
  expect(response.status(), await response.text()).toBe(200);
  // The server now refuses the token as any page call would see it.
  const probe = await sessionCheck(page, user.sessionId);
  expect(probe.status()).toBe(401);
  return (await probe.json()) as ApiFailure;
}

/**
 * Lets a test hold the next `POST auth/login` in flight until it releases it, to see the
 * form while the request is pending. Requests pass straight through when nothing is held.
 */
export async function holdableLogin(page: Page) {
  let held: { gate: Promise<void>; reached: () => void } | null = null;
  await page.route('**/rest/auth/login', async (route) => {
    const current = held;
    held = null;
    if (current) {
      current.reached();
      await current.gate;
    }
    await route.continue();
  });
  return {
    /** Holds the next login request; `reached` resolves when the browser has sent it. */
    hold() {
      let release!: () => void;
      let reached!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const reachedPromise = new Promise<void>((resolve) => {
        reached = resolve;
      });
      held = { gate, reached };
      return { release, reached: reachedPromise };
    },
  };
}
