import { expect, type Page, type Response, test } from '@playwright/test';
import { en } from '../../src/i18n/en';
import {
  MODEL_DEEP_LINK,
  MODEL_REFUSED,
  MODEL_TWO_FACTOR_USER,
  MODEL_USER,
  runPath,
  type SessionModelRunner,
  sessionModel,
  sessionModelPaths,
  transitionsCoveredBy,
  transitionsOf,
} from '../models/session.model';
import {
  headerUserName,
  holdableLogin,
  loginForm,
  logoutButton,
  openSharedPage,
  resetToSignedOut,
  revokeSessionOnServer,
  storedSessionKeys,
  storedUser,
} from './support/session';
import { type Authenticator, resetTwoFactorAsAdmin, turnOnTwoFactor } from './support/two-factor';

/**
 * The session test model (tests/models/session.model.ts) in real Chromium against the real
 * API: every generated path runs on one reused page, reset to a fresh visitor before each.
 * MODEL_TWO_FACTOR_USER has two-factor on for this file only (playwright.config.ts runs it
 * after the files that sign in as that user with the password alone).
 */
const paths = sessionModelPaths();
const ASSOCIATED_MEMBERS = '/rest/members/merchant-partner/associated-members';

const isLoginRequest = (url: string, method: string) =>
  method === 'POST' && new URL(url).pathname === '/rest/auth/login';

function pathAndSearch(page: Page) {
  const url = new URL(page.url());
  return { pathname: url.pathname, search: url.search, redirect: url.searchParams.get('redirect') };
}

async function errorMessageOf(response: Response) {
  const body = (await response.json()) as { sessionExpired?: boolean; errors?: { longMessage: string }[] };
  return { status: response.status(), sessionExpired: body.sessionExpired, message: body.errors?.[0]?.longMessage };
}

const isCodeRequest = (url: string, method: string) =>
  method === 'POST' && new URL(url).pathname === '/rest/auth/login/two-factor';

function createRunner(
  page: Page,
  login: Awaited<ReturnType<typeof holdableLogin>>,
  authenticator: () => Authenticator,
): SessionModelRunner {
  const form = loginForm(page);
  // Toasts are Radix <li>s inside their viewport's <ol>.
  const toasts = page.locator('ol > li');
  let loginRequests = 0;
  let loginRequestsBefore = 0;
  let refusedMessage = '';
  let refusedCodeMessage = '';
  let expiredMessage = '';
  const codeField = page.getByLabel(en.login.twoFactor.code, { exact: true });
  const verifyButton = page.getByRole('button', { name: en.login.twoFactor.verify });
  let visited: string[] = [];
  let hold: ReturnType<typeof login.hold> | undefined;

  page.on('request', (request) => {
    if (isLoginRequest(request.url(), request.method())) loginRequests++;
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });

  async function onLoginPage() {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.login.title);
    await expect(headerUserName(page)).toHaveCount(0);
  }

  async function atSignInWithoutRedirect() {
    await expect.poll(() => pathAndSearch(page)).toMatchObject({ pathname: '/login', search: '' });
  }

  async function refusedInPlace() {
    await onLoginPage();
    const alert = form.form.getByRole('alert');
    await expect(alert).toHaveText(refusedMessage);
    await expect(form.submit).toBeEnabled();
    await expect(page.getByText(en.login.usernameRequired)).toHaveCount(0);
    expect(await storedSessionKeys(page)).toEqual([]);
  }

  async function inFlight() {
    await expect(form.submit).toBeDisabled();
    await expect(form.submit).toHaveText(en.login.submitting);
    expect(loginRequests).toBe(loginRequestsBefore + 1);
    expect(await storedSessionKeys(page)).toEqual([]);
  }

  async function shellWithName(user: { name: string; username: string } = MODEL_USER) {
    await expect(headerUserName(page)).toHaveText(user.name);
    await expect(page.getByRole('navigation', { name: en.shell.mainMenu })).toBeAttached();
    await expect(page.getByText(en.shell.loadingMembers)).toHaveCount(0);
    expect((await storedUser(page))?.profile.username).toBe(user.username);
  }

  async function codeStep() {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.login.twoFactor.title);
    await expect(form.form).toHaveCount(0);
    await expect(page.getByText(MODEL_TWO_FACTOR_USER.username)).toBeVisible();
    await expect(headerUserName(page)).toHaveCount(0);
    await atSignInWithoutRedirect();
    expect(await storedSessionKeys(page)).toEqual([]);
    await expect(codeField).toBeFocused();
    await expect(codeField).toHaveValue('');
  }

  async function submitCode(code: string) {
    await codeField.fill(code);
    await verifyButton.click();
  }

  async function fillAndSubmit(username: string, password: string) {
    loginRequestsBefore = loginRequests;
    await form.username.fill(username);
    await form.password.fill(password);
    await form.submit.click();
  }

  return {
    states: {
      async signedOut() {
        await onLoginPage();
        await atSignInWithoutRedirect();
        await expect(form.form.getByRole('alert')).toHaveCount(0);
        await expect(page.getByText(en.login.usernameRequired)).toHaveCount(0);
        await expect(form.username).toHaveValue('');
        await expect(form.password).toHaveValue('');
        await expect(toasts).toHaveCount(0);
        expect(await storedSessionKeys(page)).toEqual([]);
      },
      async incomplete() {
        await onLoginPage();
        await expect(page.getByText(en.login.usernameRequired)).toBeVisible();
        await expect(page.getByText(en.login.passwordRequired)).toBeVisible();
        await expect(form.username).toHaveAttribute('aria-invalid', 'true');
        await expect(form.password).toHaveAttribute('aria-invalid', 'true');
        expect(loginRequests).toBe(loginRequestsBefore);
        await atSignInWithoutRedirect();
      },
      async rejected() {
        await refusedInPlace();
        await atSignInWithoutRedirect();
      },
      async submitting() {
        await onLoginPage();
        await inFlight();
        await atSignInWithoutRedirect();
      },
      async signedIn() {
        await shellWithName();
        await expect.poll(() => pathAndSearch(page)).toMatchObject({ pathname: '/', search: '' });
      },
      async restored() {
        await shellWithName();
        await expect.poll(() => pathAndSearch(page)).toMatchObject({ pathname: '/', search: '' });
        // Directly: since the reload the page never went to /login nor signed in again.
        expect(visited).toContain('/');
        expect(visited.filter((p) => p === '/login')).toEqual([]);
        expect(loginRequests).toBe(loginRequestsBefore);
      },
      async expired() {
        expect(expiredMessage).not.toBe('');
        const snackbar = toasts.filter({ hasText: expiredMessage });
        await expect(snackbar).toBeVisible();
        await expect(snackbar).toHaveText(expiredMessage);
        await expect(page).toHaveURL((url) => url.pathname === '/login' && url.search === '');
        await onLoginPage();
        expect(await storedSessionKeys(page)).toEqual([]);
        // Bottom centre of the window.
        const box = await snackbar.boundingBox();
        const viewport = page.viewportSize();
        if (!box || !viewport) throw new Error('The snackbar has no box');
        expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(2);
        expect(viewport.height - (box.y + box.height)).toBeLessThanOrEqual(48);
        expect(box.y).toBeGreaterThan(viewport.height / 2);
        // It stays until dismissed: well past the 5 s of ordinary notifications.
        await page.clock.fastForward(30_000);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
        await expect(snackbar).toBeVisible();
      },
      async 'deepLink.loginShown'() {
        await onLoginPage();
        await expect.poll(() => pathAndSearch(page)).toMatchObject({ pathname: '/login', redirect: MODEL_DEEP_LINK });
        await expect(form.form.getByRole('alert')).toHaveCount(0);
        // The page opened the wanted URL and the guard moved it (the navigation record sees such moves).
        expect(visited.at(0)).toBe(new URL(MODEL_DEEP_LINK, 'http://x').pathname);
        expect(visited.at(-1)).toBe('/login');
      },
      async 'deepLink.rejected'() {
        await refusedInPlace();
        expect(pathAndSearch(page)).toMatchObject({ pathname: '/login', redirect: MODEL_DEEP_LINK });
      },
      async 'deepLink.submitting'() {
        await onLoginPage();
        await inFlight();
        expect(pathAndSearch(page)).toMatchObject({ pathname: '/login', redirect: MODEL_DEEP_LINK });
      },
      async codeAsked() {
        await codeStep();
        await expect(page.getByRole('alert')).toHaveCount(0);
      },
      async codeRefused() {
        await codeStep();
        expect(refusedCodeMessage).not.toBe('');
        await expect(page.locator('[data-testid="two-factor-step"]').getByRole('alert')).toHaveText(refusedCodeMessage);
        await expect(verifyButton).toBeEnabled();
      },
      async signedInWithCode() {
        await shellWithName(MODEL_TWO_FACTOR_USER);
        await expect.poll(() => pathAndSearch(page)).toMatchObject({ pathname: '/', search: '' });
      },
      async atTarget() {
        await shellWithName();
        await expect
          .poll(() => {
            const { pathname, search } = pathAndSearch(page);
            return pathname + search;
          })
          .toBe(MODEL_DEEP_LINK);
        await expect(page.getByText(en.pages.notFound)).toHaveCount(0);
        await expect(page.getByText(en.pages.notAllowed)).toHaveCount(0);
      },
    },
    events: {
      async SUBMIT_EMPTY() {
        await fillAndSubmit('', '');
      },
      async SUBMIT_WRONG() {
        const answer = page.waitForResponse((r) => isLoginRequest(r.url(), r.request().method()));
        await fillAndSubmit(MODEL_REFUSED.username, MODEL_REFUSED.password);
        const refused = await errorMessageOf(await answer);
        expect(refused.status).toBe(401);
        refusedMessage = refused.message ?? '';
      },
      async SUBMIT_VALID() {
        hold = login.hold();
        await fillAndSubmit(MODEL_USER.username, MODEL_USER.password);
        await hold.reached;
      },
      async ANSWER() {
        hold?.release();
        hold = undefined;
      },
      async RELOAD() {
        loginRequestsBefore = loginRequests;
        visited = [];
        await page.reload();
      },
      async VISIT_LOGIN() {
        await page.goto('/login');
      },
      async VISIT_PROTECTED() {
        visited = [];
        await page.goto(MODEL_DEEP_LINK);
      },
      async LOGOUT() {
        await logoutButton(page).click();
      },
      async EXPIRE() {
        await revokeSessionOnServer(page);
        // Reloading the shell calls the associated-members endpoint with the revoked token.
        const answer = page.waitForResponse((r) => new URL(r.url()).pathname === ASSOCIATED_MEMBERS);
        await page.reload();
        const expired = await errorMessageOf(await answer);
        expect(expired).toMatchObject({ status: 401, sessionExpired: true });
        expiredMessage = expired.message ?? '';
      },
      async SUBMIT_TWO_FACTOR_USER() {
        await fillAndSubmit(MODEL_TWO_FACTOR_USER.username, MODEL_TWO_FACTOR_USER.password);
      },
      async SUBMIT_WRONG_CODE() {
        const answer = page.waitForResponse((r) => isCodeRequest(r.url(), r.request().method()));
        await submitCode(authenticator().wrongCode());
        const refused = await errorMessageOf(await answer);
        expect(refused.status).toBe(401);
        refusedCodeMessage = refused.message ?? '';
      },
      async SUBMIT_CODE() {
        const answer = page.waitForResponse((r) => isCodeRequest(r.url(), r.request().method()));
        await submitCode(authenticator().nextCode());
        expect((await answer).status()).toBe(200);
      },
      async CANCEL_CODE() {
        await page.getByRole('button', { name: en.login.twoFactor.back }).click();
      },
      async DISMISS() {
        const snackbar = toasts.filter({ hasText: expiredMessage });
        await snackbar.getByRole('button', { name: en.common.dismiss }).click();
        await expect(snackbar).toHaveCount(0);
      },
    },
  };
}

test.describe('session test model (SPEC.md §2, §4, §8) in Chromium', () => {
  let page: Page;
  let runner: SessionModelRunner;
  let authenticator: Authenticator;

  test.beforeAll(async ({ browser, playwright }) => {
    authenticator = await turnOnTwoFactor(playwright, MODEL_TWO_FACTOR_USER.username);
    page = await openSharedPage(browser);
    // Fake timers that follow real time, so a test can jump ahead to prove the snackbar stays.
    await page.clock.install();
    runner = createRunner(page, await holdableLogin(page), () => authenticator);
  });
  test.afterAll(async ({ playwright }) => {
    await page?.context().close();
    // Off again, as the demo has it.
    await resetTwoFactorAsAdmin(playwright, MODEL_TWO_FACTOR_USER.username);
  });

  test('the generated paths take every transition of the model', () => {
    const all = transitionsOf(sessionModel);
    const covered = transitionsCoveredBy(paths);
    expect(all.filter((t) => !covered.has(t))).toEqual([]);
  });

  for (const path of paths) {
    test(path.description, async () => {
      await resetToSignedOut(page);
      await runPath(path, runner);
    });
  }
});
