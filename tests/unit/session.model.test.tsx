import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
  createFakeApi,
  INVALID_CODE_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  type RenderedApp,
  renderApp,
} from './support/render-app';

/** A message only the fake server can have written: the snackbar must show the server's text. */
const EXPIRED_MESSAGE = 'Session closed by the server at 10:42 — sign in again (jsdom).';

const paths = sessionModelPaths();

/** What the fake API accepts from MODEL_TWO_FACTOR_USER, each once: app codes and a recovery code. */
const VALID_CODES = ['246810', '135790', 'k7m2p-9qx4d'];
const WRONG_CODE = '000000';

// Each step renders a whole app; on a busy machine that can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

function snackbars(): HTMLElement[] {
  // Radix renders each toast as an <li> inside its viewport's <ol>; the session snackbar's
  // viewport is the bottom-centre one (jsdom has no layout, so its classes say where it is).
  return [...document.querySelectorAll<HTMLElement>('ol > li')].filter((li) => {
    const viewport = li.parentElement;
    return viewport?.classList.contains('bottom-4') && viewport.classList.contains('left-1/2');
  });
}

const anyToasts = () => document.querySelectorAll('ol > li');

function createRunner(): SessionModelRunner & { start(): void } {
  let app!: RenderedApp;
  let hold: { release: () => void; reached: Promise<void> } | undefined;
  let loginCallsBefore = 0;
  let loginCallsAtReload = 0;

  const usernameField = () => screen.getByLabelText(en.login.username);
  const passwordField = () => screen.getByLabelText(en.login.password);
  const submitButton = () =>
    screen.getByRole('button', { name: new RegExp(`${en.login.submit}|${en.login.submitting}`) });
  const redirectParam = () => new URLSearchParams(app.location().search).get('redirect');

  async function fillAndSubmit(username: string, password: string) {
    await app.user.clear(usernameField());
    await app.user.clear(passwordField());
    if (username) await app.user.type(usernameField(), username);
    if (password) await app.user.type(passwordField(), password);
    await app.user.click(submitButton());
  }

  async function loginForm() {
    await screen.findByRole('heading', { name: en.login.title });
    expect(screen.queryByTestId('user-name')).toBeNull();
  }

  async function noRequiredMessages() {
    expect(screen.queryByText(en.login.usernameRequired)).toBeNull();
    expect(screen.queryByText(en.login.passwordRequired)).toBeNull();
  }

  async function refusedInPlace() {
    await loginForm();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(INVALID_CREDENTIALS_MESSAGE);
    // In place: inside the form, above the fields, and the form is still usable.
    expect(alert.closest('form')).toContainElement(usernameField());
    expect(submitButton()).toBeEnabled();
    await noRequiredMessages();
    expect(app.sessionKeys()).toEqual([]);
  }

  async function inFlight() {
    await waitFor(() => expect(submitButton()).toBeDisabled());
    expect(submitButton()).toHaveAccessibleName(en.login.submitting);
    expect(app.api.callsTo('auth/login', 'POST').length).toBe(loginCallsBefore + 1);
    expect(app.sessionKeys()).toEqual([]);
  }

  const codeField = () => screen.getByLabelText(en.login.twoFactor.code);
  const verifyButton = () =>
    screen.getByRole('button', { name: new RegExp(`${en.login.twoFactor.verify}|${en.login.twoFactor.verifying}`) });
  let codesUsed = 0;

  async function codeStep() {
    await screen.findByRole('heading', { name: en.login.twoFactor.title });
    // In place of the password form, on /login, and nothing stored yet.
    expect(screen.queryByRole('heading', { name: en.login.title })).toBeNull();
    expect(screen.queryByLabelText(en.login.password)).toBeNull();
    expect(screen.getByText(new RegExp(MODEL_TWO_FACTOR_USER.username))).toBeVisible();
    expect(app.location()).toMatchObject({ pathname: '/login', search: '' });
    expect(app.sessionKeys()).toEqual([]);
    expect(screen.queryByTestId('user-name')).toBeNull();
    await waitFor(() => expect(verifyButton()).toBeEnabled());
  }

  async function submitCode(code: string) {
    await app.user.clear(codeField());
    await app.user.type(codeField(), code);
    await app.user.click(verifyButton());
  }

  async function shellWithName(user: { name: string; username: string } = MODEL_USER) {
    await waitFor(() => expect(screen.getByTestId('user-name')).toHaveTextContent(user.name));
    // The shell's DOM is large: plain text queries keep the role queries for the login page.
    expect(screen.queryByText(en.login.title, { selector: 'h1' })).toBeNull();
    expect(document.querySelector(`nav[aria-label="${en.shell.mainMenu}"]`)).not.toBeNull();
    expect(app.stored<{ profile: { username: string } }>('currentUser')?.profile.username).toBe(user.username);
    // The side menu's associated-members load has ended (SPEC.md §4).
    await waitFor(() => expect(screen.queryByText(en.shell.loadingMembers)).toBeNull());
    expect(app.api.callsTo('members/merchant-partner/associated-members').length).toBeGreaterThan(0);
    await app.api.idle();
  }

  return {
    start() {
      const api = createFakeApi({ twoFactor: { [MODEL_TWO_FACTOR_USER.username]: VALID_CODES } });
      app = renderApp({ url: '/', api, userEventOptions: { delay: null } });
    },
    states: {
      async signedOut() {
        await loginForm();
        await waitFor(() => expect(app.location()).toMatchObject({ pathname: '/login', search: '' }));
        expect(screen.queryByRole('alert')).toBeNull();
        await noRequiredMessages();
        expect(usernameField()).toHaveValue('');
        expect(passwordField()).toHaveValue('');
        expect(app.sessionKeys()).toEqual([]);
        expect(anyToasts()).toHaveLength(0);
      },
      async incomplete() {
        await loginForm();
        expect(await screen.findByText(en.login.usernameRequired)).toBeVisible();
        expect(screen.getByText(en.login.passwordRequired)).toBeVisible();
        expect(usernameField()).toHaveAttribute('aria-invalid', 'true');
        expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
        expect(app.api.callsTo('auth/login').length).toBe(loginCallsBefore);
        expect(app.location().pathname).toBe('/login');
      },
      async rejected() {
        await refusedInPlace();
        expect(app.location()).toMatchObject({ pathname: '/login', search: '' });
      },
      async submitting() {
        await loginForm();
        await inFlight();
        expect(app.location()).toMatchObject({ pathname: '/login', search: '' });
      },
      async signedIn() {
        await shellWithName();
        await waitFor(() => expect(app.location().href).toBe('/'));
      },
      async restored() {
        await shellWithName();
        await waitFor(() => expect(app.location().href).toBe('/'));
        // Directly: the reloaded app never showed /login and did not sign in again.
        expect(app.visited.filter((href) => href.startsWith('/login'))).toEqual([]);
        expect(app.api.callsTo('auth/login').length).toBe(loginCallsAtReload);
      },
      async expired() {
        await waitFor(() => expect(snackbars()).toHaveLength(1));
        expect(snackbars()[0]).toHaveTextContent(EXPIRED_MESSAGE);
        expect(within(snackbars()[0] as HTMLElement).getByRole('button', { name: en.common.dismiss })).toBeVisible();
        await loginForm();
        await waitFor(() => expect(app.location()).toMatchObject({ pathname: '/login', search: '' }));
        expect(app.sessionKeys()).toEqual([]);
        expect(app.services.session.getSnapshot().context.user).toBeNull();
      },
      async 'deepLink.loginShown'() {
        await loginForm();
        await waitFor(() => expect(app.location().pathname).toBe('/login'));
        expect(redirectParam()).toBe(MODEL_DEEP_LINK);
        expect(screen.queryByRole('alert')).toBeNull();
        // The app opened the wanted URL and the guard moved it (the record that `restored` relies on).
        expect(app.visited.map((href) => href.split('?')[0])).toEqual([MODEL_DEEP_LINK.split('?')[0], '/login']);
      },
      async 'deepLink.rejected'() {
        await refusedInPlace();
        expect(redirectParam()).toBe(MODEL_DEEP_LINK);
      },
      async 'deepLink.submitting'() {
        await loginForm();
        await inFlight();
        expect(redirectParam()).toBe(MODEL_DEEP_LINK);
      },
      async codeAsked() {
        await codeStep();
        await waitFor(() => expect(codeField()).toHaveFocus());
        expect(codeField()).toHaveValue('');
        expect(screen.queryByRole('alert')).toBeNull();
        expect(app.api.callsTo('auth/login/two-factor')).toHaveLength(0);
      },
      async codeRefused() {
        await codeStep();
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent(INVALID_CODE_MESSAGE);
        // In place: inside the code step's form, which stays usable for the next code.
        expect(alert.closest('form')).toContainElement(codeField());
        await waitFor(() => expect(codeField()).toHaveFocus());
        expect(codeField()).toHaveValue('');
      },
      async signedInWithCode() {
        await shellWithName(MODEL_TWO_FACTOR_USER);
        await waitFor(() => expect(app.location().href).toBe('/'));
        expect(app.api.callsTo('auth/login/two-factor', 'POST').length).toBeGreaterThan(0);
      },
      async atTarget() {
        await shellWithName();
        await waitFor(() => expect(app.location().href).toBe(MODEL_DEEP_LINK));
        expect(screen.queryByText(en.pages.notFound)).toBeNull();
        expect(screen.queryByText(en.pages.notAllowed)).toBeNull();
      },
    },
    events: {
      async SUBMIT_EMPTY() {
        loginCallsBefore = app.api.callsTo('auth/login').length;
        await fillAndSubmit('', '');
      },
      async SUBMIT_WRONG() {
        loginCallsBefore = app.api.callsTo('auth/login').length;
        await fillAndSubmit(MODEL_REFUSED.username, MODEL_REFUSED.password);
      },
      async SUBMIT_VALID() {
        loginCallsBefore = app.api.callsTo('auth/login').length;
        hold = app.api.hold('auth/login');
        await fillAndSubmit(MODEL_USER.username, MODEL_USER.password);
        await hold.reached;
      },
      async ANSWER() {
        hold?.release();
        hold = undefined;
      },
      async RELOAD() {
        loginCallsAtReload = app.api.callsTo('auth/login').length;
        app = app.reload();
      },
      async VISIT_LOGIN() {
        app = app.reload('/login');
      },
      async VISIT_PROTECTED() {
        app = app.reload(MODEL_DEEP_LINK);
      },
      async LOGOUT() {
        const token = app.stored<{ sessionId: string }>('currentUser')?.sessionId ?? '';
        expect(app.api.isLive(token)).toBe(true);
        const header = document.querySelector('header') as HTMLElement;
        await app.user.click(within(header).getByRole('button', { name: new RegExp(en.shell.logout) }));
        // The server is told: the session's own token is revoked, not merely forgotten.
        await waitFor(() => expect(app.api.isLive(token)).toBe(false));
      },
      async EXPIRE() {
        // The server ends the session; the next page load's API call (the associated members
        // of the side menu) is answered 401 with sessionExpired and the server's message.
        app.api.expireNextCall(EXPIRED_MESSAGE);
        app = app.reload();
      },
      async SUBMIT_TWO_FACTOR_USER() {
        loginCallsBefore = app.api.callsTo('auth/login').length;
        await fillAndSubmit(MODEL_TWO_FACTOR_USER.username, MODEL_TWO_FACTOR_USER.password);
      },
      async SUBMIT_WRONG_CODE() {
        await submitCode(WRONG_CODE);
      },
      async SUBMIT_CODE() {
        await submitCode(VALID_CODES[codesUsed++ % VALID_CODES.length] as string);
      },
      async CANCEL_CODE() {
        await app.user.click(screen.getByRole('button', { name: en.login.twoFactor.back }));
      },
      async DISMISS() {
        const [snackbar] = snackbars();
        await app.user.click(within(snackbar as HTMLElement).getByRole('button', { name: en.common.dismiss }));
        await waitFor(() => expect(snackbars()).toHaveLength(0));
      },
    },
  };
}

describe('session test model (SPEC.md §2, §4, §8) in jsdom', () => {
  it('has paths that take every transition of the model', () => {
    const all = transitionsOf(sessionModel);
    const covered = transitionsCoveredBy(paths);
    expect(all.length).toBeGreaterThan(15);
    expect(all.filter((t) => !covered.has(t))).toEqual([]);
    expect([...covered].filter((t) => !all.includes(t))).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const runner = createRunner();
      runner.start();
      await runPath(path, runner);
    }, 45_000);
  }
});
