import { expect, type Page, type Response, test } from '@playwright/test';
import { TWO_FACTOR_ERRORS } from '../../contract/two-factor';
import { en } from '../../src/i18n/en';
import { passwordMessages } from '../../src/routes/password/messages';
import { twoFactorStepMessages } from '../../src/routes/two-factor-messages';
import { STORAGE_KEYS } from '../../src/session/storage';
import {
  generateCoveringPaths,
  incompleteSteps,
  missingCoverage,
  type PathSteps,
  runPath,
} from '../paths/graph-adapter';
import { asTestSteps } from './support/path-steps';
import { sessionGraph } from '../paths/machines/session';
import { MODEL_DEEP_LINK, MODEL_ONE_TIME_USER, MODEL_REFUSED, MODEL_TWO_FACTOR_USER, MODEL_USER } from '../paths/users';
import {
  headerUserName,
  holdableLogin,
  loginForm,
  loginViaApi,
  logoutButton,
  holdInboxStream,
  revokeSessionOnServer,
  sessionCheck,
  storedSessionKeys,
  storedUser,
} from './support/session';
import { type Authenticator, turnOffTwoFactor, turnOnTwoFactor } from './support/two-factor';

/**
 * The session machine's generated paths (tests/paths/machines/session.ts) in real Chromium
 * against the real API, each path in a fresh browser context. MODEL_TWO_FACTOR_USER has
 * two-factor on for this file only (playwright.config.ts runs it after the files that sign in
 * as that user with the password alone). Two answers of the code step the real server gives
 * only after a wait or a lockout (an expired challenge, a locked account) are given by the
 * test instead, through page.route; every other answer is the server's. So is the one-time
 * password: the demo has no such user, and the model user's password must stay the demo one for
 * the next path, so the sign-in answer is marked `mustChangePassword` and the password change is
 * answered by the test (tests/e2e/production-start.spec.ts runs the real one end to end).
 */
const generated = generateCoveringPaths(sessionGraph);
/** An API answer refusing the request for want of a live session. */
const firstRefusal = (r: Response) => new URL(r.url()).pathname.startsWith('/rest/') && r.status() === 401;
const isLoginRequest = (url: string, method: string) =>
  method === 'POST' && new URL(url).pathname === '/rest/auth/login';
const isCodeRequest = (url: string, method: string) =>
  method === 'POST' && new URL(url).pathname === '/rest/auth/login/two-factor';

function pathAndSearch(page: Page) {
  const url = new URL(page.url());
  return { pathname: url.pathname, search: url.search, redirect: url.searchParams.get('redirect') };
}

async function errorMessageOf(response: Response) {
  const body = (await response.json()) as { sessionExpired?: boolean; errors?: { longMessage: string }[] };
  return { status: response.status(), sessionExpired: body.sessionExpired, message: body.errors?.[0]?.longMessage };
}

/** The answers the test gives in place of the server, by the graph's variant of `verifyTwoFactor.error`. */
const CODE_STEP_ENDINGS: Record<string, { status: number; code: string; message: string }> = {
  'challenge expired': {
    status: 401,
    code: TWO_FACTOR_ERRORS.challengeExpired,
    message: 'This sign-in has expired. Enter your password again. (Chromium)',
  },
  'too many attempts': {
    status: 429,
    code: 'TOO_MANY_ATTEMPTS',
    message: 'Too many failed sign-in attempts. Wait 8 seconds and try again. (Chromium)',
  },
};

const pw = passwordMessages.en;
const isPasswordChange = (url: string, method: string) =>
  method === 'POST' && new URL(url).pathname === '/rest/auth/password';

/** The server's answer to a password change, given by the test: the stored user, now without the flag. */
async function answerPasswordChange(page: Page) {
  const user = await storedUser(page);
  await page.route(
    '**/rest/auth/password',
    (route) => route.fulfill({ json: { status: true, payload: { ...user, mustChangePassword: false } } }),
    { times: 1 },
  );
}

async function fillPasswordForm(page: Page, currentLabel: string, submit: string) {
  await page.getByLabel(currentLabel, { exact: true }).fill(MODEL_USER.password);
  await page.getByLabel(pw.new, { exact: true }).fill(MODEL_ONE_TIME_USER.newPassword);
  await page.getByLabel(pw.repeat, { exact: true }).fill(MODEL_ONE_TIME_USER.newPassword);
  await page.getByRole('button', { name: submit }).click();
}

async function createSteps(page: Page, authenticator: Authenticator): Promise<PathSteps> {
  const form = loginForm(page);
  const login = await holdableLogin(page);
  // Toasts are Radix <li>s inside their viewport's <ol>.
  const toasts = page.locator('ol > li');
  const codeField = page.getByLabel(twoFactorStepMessages.en.code, { exact: true });
  const verifyButton = page.getByRole('button', { name: twoFactorStepMessages.en.verify });
  let loginRequests = 0;
  let loginRequestsBefore = 0;
  let refusal = '';
  let codeRefusal = '';
  let expiredMessage = '';
  let signingInAs: { username: string; name: string } = MODEL_USER;
  let visited: string[] = [];
  let hold: { release: () => void } | undefined;
  let codeAnswer: Promise<Response> | undefined;

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
  const atSignInWithoutRedirect = () =>
    expect.poll(() => pathAndSearch(page)).toMatchObject({ pathname: '/login', search: '' });

  async function codeStep() {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(twoFactorStepMessages.en.title);
    await expect(form.form).toHaveCount(0);
    await expect(page.getByText(MODEL_TWO_FACTOR_USER.username)).toBeVisible();
    await expect(headerUserName(page)).toHaveCount(0);
    await atSignInWithoutRedirect();
    expect(await storedSessionKeys(page)).toEqual([]);
  }

  async function fillAndSubmit(username: string, password: string) {
    loginRequestsBefore = loginRequests;
    await form.username.fill(username);
    await form.password.fill(password);
    await form.submit.click();
  }

  const release = async () => {
    hold?.release();
    hold = undefined;
  };

  return {
    async start({ next }) {
      visited = [];
      if (next?.label === 'stored user') {
        signingInAs = MODEL_USER;
        await loginViaApi(page, MODEL_USER.username, { path: '/login' });
        visited = [];
      } else if (next?.label === 'stored user with a one-time password') {
        signingInAs = MODEL_USER;
        await loginViaApi(page, MODEL_USER.username, { path: '/login' });
        await page.evaluate((key) => {
          const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
          window.localStorage.setItem(key, JSON.stringify({ ...stored, mustChangePassword: true }));
        }, STORAGE_KEYS.currentUser);
        visited = [];
      } else if (next?.label === 'storage refused') {
        // The browser refuses storage once (private mode, a quota or policy): nothing can be restored.
        await page.addInitScript((storedKey) => {
          const getItem = Storage.prototype.getItem;
          let refused = false;
          Storage.prototype.getItem = function (this: Storage, key: string) {
            if (!refused && key === storedKey) {
              refused = true;
              throw new DOMException('The operation is insecure.', 'SecurityError');
            }
            return getItem.call(this, key);
          };
        }, STORAGE_KEYS.currentUser);
      }
      // The app's script is held, so the page is seen before the stored session is read.
      let releaseScript!: () => void;
      const gate = new Promise<void>((resolve) => {
        releaseScript = resolve;
      });
      await page.route('**/*.js', async (route) => {
        // Every script but the session-preload one (decision 028) waits: with a stored session
        // that script adds modulepreloads of the frame, which may be asked for before the entry.
        if (!route.request().url().includes('/session-preload-')) await gate;
        await route.continue();
      });
      hold = { release: releaseScript };
      await page.goto('/', { waitUntil: 'commit' });
    },
    states: {
      async restoring() {
        await expect(page.locator('body')).toBeAttached();
        await expect(page.getByRole('heading', { name: en.login.title })).toHaveCount(0);
        await expect(headerUserName(page)).toHaveCount(0);
        expect(pathAndSearch(page).pathname).toBe('/');
      },
      async 'signedOut.idle'() {
        await onLoginPage();
        await atSignInWithoutRedirect();
        await expect(form.form.getByRole('alert')).toHaveCount(0);
        await expect(page.getByText(en.login.usernameRequired)).toHaveCount(0);
        await expect(form.username).toHaveValue('');
        await expect(form.password).toHaveValue('');
        await expect(toasts).toHaveCount(0);
        expect(await storedSessionKeys(page)).toEqual([]);
      },
      async 'signedOut.expired'() {
        expect(expiredMessage).not.toBe('');
        const snackbar = toasts.filter({ hasText: expiredMessage });
        await expect(snackbar).toBeVisible();
        await expect(snackbar).toHaveText(expiredMessage);
        await expect(snackbar.getByRole('button', { name: en.common.dismiss })).toBeVisible();
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
      async 'signedOut.submitting'() {
        await onLoginPage();
        await expect(form.submit).toBeDisabled();
        await expect(form.submit).toHaveText(en.login.submitting);
        expect(loginRequests).toBe(loginRequestsBefore + 1);
        expect(await storedSessionKeys(page)).toEqual([]);
      },
      async 'signedOut.rejected'() {
        await onLoginPage();
        await expect(form.form.getByRole('alert')).toHaveText(refusal);
        await expect(form.submit).toBeEnabled();
        await expect(page.getByText(en.login.usernameRequired)).toHaveCount(0);
        expect(await storedSessionKeys(page)).toEqual([]);
        await atSignInWithoutRedirect();
      },
      async 'signedOut.twoFactor.entering'() {
        await codeStep();
        await expect(codeField).toBeFocused();
        await expect(codeField).toHaveValue('');
        await expect(page.getByRole('alert')).toHaveCount(0);
      },
      async 'signedOut.twoFactor.verifying'() {
        await codeStep();
        await expect(page.getByRole('button', { name: twoFactorStepMessages.en.verifying })).toBeDisabled();
        await expect(page.getByRole('button', { name: twoFactorStepMessages.en.back })).toBeDisabled();
      },
      async 'signedOut.twoFactor.refused'() {
        await codeStep();
        expect(codeRefusal).not.toBe('');
        await expect(page.locator('[data-testid="two-factor-step"]').getByRole('alert')).toHaveText(codeRefusal);
        await expect(codeField).toBeFocused();
        await expect(codeField).toHaveValue('');
        await expect(verifyButton).toBeEnabled();
      },
      async passwordToSet() {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(pw.set.title);
        await expect(page).toHaveURL((url) => url.pathname === '/set-password');
        await expect(headerUserName(page)).toHaveCount(0);
        await expect(page.getByRole('navigation', { name: en.shell.mainMenu })).toHaveCount(0);
        expect((await storedUser(page))?.mustChangePassword).toBe(true);
        await expect(page.getByLabel(pw.new, { exact: true })).toHaveValue('');
      },
      async signedIn() {
        await expect(headerUserName(page)).toHaveText(signingInAs.name);
        await expect(page.getByRole('navigation', { name: en.shell.mainMenu })).toBeAttached();
        await expect(page.getByText(en.shell.loadingMembers)).toHaveCount(0);
        expect((await storedUser(page))?.profile.username).toBe(signingInAs.username);
        await expect.poll(() => pathAndSearch(page)).toMatchObject({ pathname: '/', search: '' });
      },
    },
    events: {
      async 'restoreSession.done'({ step }) {
        await release();
        if (step.label === 'stored user') {
          // A restored session goes to the shell directly: /login never shown, no sign-in sent.
          await expect(headerUserName(page)).toHaveText(MODEL_USER.name);
          expect(visited.filter((p) => p === '/login')).toEqual([]);
          expect(loginRequests).toBe(0);
        }
      },
      'restoreSession.error': release,
      async 'session.login'({ next }) {
        const outcome = next?.label;
        const who =
          outcome === 'refused' ? MODEL_REFUSED : outcome === 'code asked' ? MODEL_TWO_FACTOR_USER : MODEL_USER;
        if (outcome !== 'refused') signingInAs = who;
        if (outcome === 'one-time password') {
          // Held like any sign-in; the server's answer then comes back marked.
          let reached!: () => void;
          const sent = new Promise<void>((resolve) => {
            reached = resolve;
          });
          let releaseLogin!: () => void;
          const gate = new Promise<void>((resolve) => {
            releaseLogin = resolve;
          });
          await page.route(
            '**/rest/auth/login',
            async (route) => {
              reached();
              await gate;
              const response = await route.fetch();
              const body = (await response.json()) as { payload: Record<string, unknown> };
              await route.fulfill({
                response,
                json: { ...body, payload: { ...body.payload, mustChangePassword: true } },
              });
            },
            { times: 1 },
          );
          hold = { release: releaseLogin };
          await fillAndSubmit(who.username, who.password);
          await sent;
          return;
        }
        const held = login.hold();
        hold = held;
        await fillAndSubmit(who.username, who.password);
        await held.reached;
      },
      async 'loginRequest.done'() {
        await release();
      },
      async 'loginRequest.error'() {
        const answer = page.waitForResponse((r) => isLoginRequest(r.url(), r.request().method()));
        await release();
        const refused = await errorMessageOf(await answer);
        expect(refused.status).toBe(401);
        refusal = refused.message ?? '';
      },
      async 'session.twoFactor.submit'({ next }) {
        const outcome = next?.label ?? '';
        const ending = CODE_STEP_ENDINGS[outcome];
        let releaseCode!: () => void;
        const gate = new Promise<void>((resolve) => {
          releaseCode = resolve;
        });
        await page.route('**/rest/auth/login/two-factor', async (route) => {
          await gate;
          await page.unroute('**/rest/auth/login/two-factor');
          if (ending) {
            await route.fulfill({
              status: ending.status,
              contentType: 'application/json',
              body: JSON.stringify({
                status: false,
                errors: [{ code: ending.code, shortMessage: ending.code, longMessage: ending.message }],
              }),
            });
          } else await route.continue();
        });
        hold = { release: releaseCode };
        codeAnswer = page.waitForResponse((r) => isCodeRequest(r.url(), r.request().method()));
        // A path may end with the code still held: its answer is then never awaited.
        codeAnswer.catch(() => undefined);
        await expect(verifyButton).toBeEnabled();
        await codeField.fill(outcome === 'wrong code' ? authenticator.wrongCode() : authenticator.nextCode());
        await verifyButton.click();
      },
      async 'verifyTwoFactor.done'() {
        await release();
        expect((await codeAnswer)?.status()).toBe(200);
      },
      async 'verifyTwoFactor.error'({ step }) {
        await release();
        const answer = await errorMessageOf((await codeAnswer) as Response);
        const ending = CODE_STEP_ENDINGS[String(step.label)];
        if (ending) {
          expect(answer.status).toBe(ending.status);
          refusal = ending.message;
        } else {
          expect(answer.status).toBe(401);
          codeRefusal = answer.message ?? '';
        }
      },
      async 'session.twoFactor.cancel'() {
        await page.getByRole('button', { name: twoFactorStepMessages.en.back }).click();
      },
      async 'session.logout'() {
        const user = await storedUser(page);
        // The set-password page has no header: its own "Sign out" is the way out.
        if (pathAndSearch(page).pathname === '/set-password') {
          await page.getByRole('button', { name: pw.signOut }).click();
        } else await logoutButton(page).click();
        // The server is told: the session's own token is revoked, not merely forgotten.
        await expect.poll(async () => (await sessionCheck(page, user?.sessionId ?? '')).status()).toBe(401);
      },
      async 'session.expired'() {
        if (pathAndSearch(page).pathname === '/set-password') {
          // The page calls nothing until it is sent: the password change finds the session over.
          await revokeSessionOnServer(page);
          const answer = page.waitForResponse((r) => isPasswordChange(r.url(), r.request().method()));
          await fillPasswordForm(page, pw.currentOneTime, pw.set.submit);
          const expired = await errorMessageOf(await answer);
          expect(expired).toMatchObject({ status: 401, sessionExpired: true });
          expiredMessage = expired.message ?? '';
          return;
        }
        await revokeSessionOnServer(page);
        // Reloading the shell calls the API with the revoked token: the first refusal is what the
        // page shows (the members call's, or the session check's when that answers first).
        const answer = page.waitForResponse(firstRefusal);
        await page.reload();
        const expired = await errorMessageOf(await answer);
        expect(expired).toMatchObject({ status: 401, sessionExpired: true });
        expiredMessage = expired.message ?? '';
      },
      async 'session.passwordChanged'() {
        await answerPasswordChange(page);
        if (pathAndSearch(page).pathname === '/set-password') {
          await fillPasswordForm(page, pw.currentOneTime, pw.set.submit);
          return;
        }
        // Signed in already: the header's user menu leads to the change, and the session stays.
        await page.getByRole('button', { name: new RegExp(signingInAs.name) }).click();
        await page.getByRole('menuitem', { name: pw.change.title }).click();
        await expect(page.getByRole('heading', { name: pw.change.title })).toBeVisible();
        await fillPasswordForm(page, pw.current, pw.change.submit);
        await expect(page.getByRole('status').filter({ hasText: pw.change.done })).toBeVisible();
        await page
          .getByRole('navigation', { name: en.shell.mainMenu })
          .getByRole('link', { name: en.shell.home })
          .click();
      },
    },
  };
}

test.describe('session machine: generated paths in Chromium', () => {
  let authenticator: Authenticator;

  test.beforeAll(async ({ playwright }) => {
    authenticator = await turnOnTwoFactor(playwright, MODEL_TWO_FACTOR_USER.username);
  });
  test.afterAll(async ({ playwright }) => {
    // Off again, as the demo has it: with the user's own codes (an administrator's reset of a
    // user with the admin menu waits for a second administrator).
    await turnOffTwoFactor(playwright, MODEL_TWO_FACTOR_USER.username, authenticator);
  });

  test('the generated paths drive every transition and state, each step written', async ({ page }) => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, await createSteps(page, authenticator))).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    test(path.text, async ({ page }) => {
      // The expiry steps end the session on the server and reload: the reload meets the refusal.
      await holdInboxStream(page);
      // Fake timers that follow real time, so a step can jump ahead to prove the snackbar stays.
      await page.clock.install();
      await runPath(path, await createSteps(page, authenticator), asTestSteps);
    });
  }
});

test.describe('session and the router in Chromium', () => {
  test('keeps a protected page asked for without a session through a refused and a held sign-in', async ({ page }) => {
    const form = loginForm(page);
    const login = await holdableLogin(page);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto(MODEL_DEEP_LINK);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.login.title);
    await expect.poll(() => pathAndSearch(page)).toMatchObject({ pathname: '/login', redirect: MODEL_DEEP_LINK });
    await expect(form.form.getByRole('alert')).toHaveCount(0);
    // The page opened the wanted URL and the guard moved it.
    expect(visited.at(0)).toBe(new URL(MODEL_DEEP_LINK, 'http://x').pathname);
    expect(visited.at(-1)).toBe('/login');

    const answer = page.waitForResponse((r) => isLoginRequest(r.url(), r.request().method()));
    await form.username.fill(MODEL_REFUSED.username);
    await form.password.fill(MODEL_REFUSED.password);
    await form.submit.click();
    const refused = await errorMessageOf(await answer);
    await expect(form.form.getByRole('alert')).toHaveText(refused.message ?? '');
    await expect(form.submit).toBeEnabled();
    expect(await storedSessionKeys(page)).toEqual([]);
    expect(pathAndSearch(page)).toMatchObject({ pathname: '/login', redirect: MODEL_DEEP_LINK });

    const held = login.hold();
    await form.username.fill(MODEL_USER.username);
    await form.password.fill(MODEL_USER.password);
    await form.submit.click();
    await held.reached;
    await expect(form.submit).toBeDisabled();
    await expect(form.submit).toHaveText(en.login.submitting);
    expect(await storedSessionKeys(page)).toEqual([]);
    expect(pathAndSearch(page)).toMatchObject({ pathname: '/login', redirect: MODEL_DEEP_LINK });

    held.release();
    await expect(headerUserName(page)).toHaveText(MODEL_USER.name);
    await expect.poll(() => pathAndSearch(page).pathname + pathAndSearch(page).search).toBe(MODEL_DEEP_LINK);
    await expect(page.getByText(en.pages.notFound)).toHaveCount(0);
    await expect(page.getByText(en.pages.notAllowed)).toHaveCount(0);

    // A reload stays there, signed in.
    await page.reload();
    await expect(headerUserName(page)).toHaveText(MODEL_USER.name);
    await expect.poll(() => pathAndSearch(page).pathname + pathAndSearch(page).search).toBe(MODEL_DEEP_LINK);
  });

  test('sends a signed-in user who opens /login back to the shell', async ({ page }) => {
    await loginViaApi(page, MODEL_USER.username);
    await page.goto('/login');
    await expect(headerUserName(page)).toHaveText(MODEL_USER.name);
    await expect.poll(() => pathAndSearch(page)).toMatchObject({ pathname: '/', search: '' });
  });

  test('removes the session-expired snackbar when dismissed, leaving the empty form', async ({ page }) => {
    await holdInboxStream(page);
    // The shell asks for the members as it shows: revoked while that call is out, the session would
    // end before the reload, and the reloaded page would meet no refusal.
    const membersAnswered = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/associated-members'));
    await loginViaApi(page, MODEL_USER.username);
    await membersAnswered;
    await revokeSessionOnServer(page);
    // The first refusal the reloaded page meets says the session expired: the members call's or,
    // when it comes first, the session check's (then the members call is never made).
    const answer = page.waitForResponse(firstRefusal);
    await page.reload();
    const { message } = await errorMessageOf(await answer);
    const snackbar = page.locator('ol > li').filter({ hasText: message ?? '' });
    await expect(snackbar).toBeVisible();
    await snackbar.getByRole('button', { name: en.common.dismiss }).click();
    await expect(snackbar).toHaveCount(0);
    await expect(page.locator('ol > li')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.login.title);
    await expect(loginForm(page).username).toHaveValue('');
    expect(await storedSessionKeys(page)).toEqual([]);
  });

  test('refuses an empty form in place, without asking the server', async ({ page }) => {
    let loginRequests = 0;
    page.on('request', (request) => {
      if (isLoginRequest(request.url(), request.method())) loginRequests++;
    });
    const form = loginForm(page);
    await page.goto('/login');
    await form.submit.click();
    await expect(page.getByText(en.login.usernameRequired)).toBeVisible();
    await expect(page.getByText(en.login.passwordRequired)).toBeVisible();
    await expect(form.username).toHaveAttribute('aria-invalid', 'true');
    await expect(form.password).toHaveAttribute('aria-invalid', 'true');
    expect(loginRequests).toBe(0);
    await expect.poll(() => pathAndSearch(page)).toMatchObject({ pathname: '/login', search: '' });
  });
});
