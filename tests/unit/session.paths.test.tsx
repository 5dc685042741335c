/**
 * The session machine's generated paths (tests/paths/machines/session.ts), each run against
 * the whole app in jsdom. Every assertion is about what the user sees or what the app stored
 * or asked the server, never the machine's own snapshot (docs/path-tests.md).
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { STORAGE_KEYS } from '../../src/session/storage';
import { generatePaths, incompleteSteps, missingCoverage, type PathSteps, runPath } from '../paths/graph-adapter';
import { sessionGraph } from '../paths/machines/session';
import { PRIMARY_GROUP_IDS } from '../../contract/groups';
import { passwordMessages } from '../../src/routes/password/messages';
import { twoFactorStepMessages } from '../../src/routes/two-factor-messages';
import { MODEL_ONE_TIME_USER, MODEL_REFUSED, MODEL_TWO_FACTOR_USER, MODEL_USER } from '../paths/users';
import { FAKE_DEMO_USERS } from './support/fake-api';
import {
  createFakeApi,
  createMemoryStore,
  failure,
  INVALID_CODE_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  type RenderedApp,
  renderApp,
} from './support/render-app';

/** A message only the fake server can have written: the snackbar must show the server's text. */
const EXPIRED_MESSAGE = 'Session closed by the server at 10:42 — sign in again (jsdom).';
const CHALLENGE_EXPIRED_MESSAGE = 'This sign-in has expired. Enter your password again. (jsdom)';
const THROTTLED_MESSAGE = 'Too many failed sign-in attempts. Wait 8 seconds and try again. (jsdom)';

const generated = generatePaths(sessionGraph);

/** What the fake API accepts from MODEL_TWO_FACTOR_USER, each once: app codes and a recovery code. */
const VALID_CODES = ['246810', '135790', 'k7m2p-9qx4d', '864200'];
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

function createSteps(): PathSteps & { stop(): void } {
  let app: RenderedApp | undefined;
  let hold: { release: () => void; reached: Promise<void> } | undefined;
  let loginCallsBefore = 0;
  let signingInAs: { username: string; name: string; password: string } = MODEL_USER;
  let refusal = INVALID_CREDENTIALS_MESSAGE;
  let codesUsed = 0;
  const api = createFakeApi({
    users: [
      ...FAKE_DEMO_USERS,
      {
        id: 900,
        username: MODEL_ONE_TIME_USER.username,
        name: MODEL_ONE_TIME_USER.name,
        groupId: PRIMARY_GROUP_IDS.agent[0] as number,
        password: MODEL_ONE_TIME_USER.password,
        mustChangePassword: true,
      },
    ],
    twoFactor: { [MODEL_TWO_FACTOR_USER.username]: VALID_CODES },
  });
  const pw = passwordMessages.en;
  const store = createMemoryStore();
  const current = () => {
    if (!app) throw new Error('The app is not open');
    return app;
  };

  const usernameField = () => screen.getByLabelText(en.login.username);
  const passwordField = () => screen.getByLabelText(en.login.password);
  const submitButton = () =>
    screen.getByRole('button', { name: new RegExp(`${en.login.submit}|${en.login.submitting}`) });
  const codeField = () => screen.getByLabelText(twoFactorStepMessages.en.code);
  const verifyButton = () =>
    screen.getByRole('button', {
      name: new RegExp(`${twoFactorStepMessages.en.verify}|${twoFactorStepMessages.en.verifying}`),
    });

  async function fillAndSubmit(username: string, password: string) {
    const { user } = current();
    await user.clear(usernameField());
    await user.clear(passwordField());
    if (username) await user.type(usernameField(), username);
    if (password) await user.type(passwordField(), password);
    await user.click(submitButton());
  }

  async function loginForm() {
    await screen.findByRole('heading', { name: en.login.title });
    expect(screen.queryByTestId('user-name')).toBeNull();
    await waitFor(() => expect(current().location()).toMatchObject({ pathname: '/login', search: '' }));
    expect(current().sessionKeys()).toEqual([]);
  }

  /** The set-password form: in place of everything else, and nothing of the shell drawn. */
  async function setPasswordPage() {
    await screen.findByRole('heading', { name: pw.set.title });
    await waitFor(() => expect(current().location().pathname).toBe('/set-password'));
    expect(screen.queryByTestId('user-name')).toBeNull();
    expect(document.querySelector(`nav[aria-label="${en.shell.mainMenu}"]`)).toBeNull();
  }

  async function fillNewPassword(currentPassword: string) {
    const { user } = current();
    await user.type(screen.getByLabelText(pw.currentOneTime), currentPassword);
    await user.type(screen.getByLabelText(pw.new), MODEL_ONE_TIME_USER.newPassword);
    await user.type(screen.getByLabelText(pw.repeat), MODEL_ONE_TIME_USER.newPassword);
    await user.click(screen.getByRole('button', { name: pw.set.submit }));
  }

  async function codeStep() {
    await screen.findByRole('heading', { name: twoFactorStepMessages.en.title });
    // In place of the password form, on /login, and nothing stored yet.
    expect(screen.queryByRole('heading', { name: en.login.title })).toBeNull();
    expect(screen.queryByLabelText(en.login.password)).toBeNull();
    expect(screen.getByText(new RegExp(MODEL_TWO_FACTOR_USER.username))).toBeVisible();
    expect(current().location()).toMatchObject({ pathname: '/login', search: '' });
    expect(current().sessionKeys()).toEqual([]);
    expect(screen.queryByTestId('user-name')).toBeNull();
  }

  /** Holds the next call to `path`, so the in-flight state can be seen; the outcome's step releases it. */
  function holdNext(path: string) {
    hold = current().api.hold(path);
    return hold.reached;
  }

  async function release() {
    hold?.release();
    hold = undefined;
  }

  return {
    stop: () => app?.unmount(),
    async start({ next }) {
      const outcome = next?.label;
      if (outcome === 'stored user') {
        app = renderApp({ url: '/', api, store, signedInAs: MODEL_USER.username, userEventOptions: { delay: null } });
        return;
      }
      if (outcome === 'stored user with a one-time password') {
        signingInAs = MODEL_ONE_TIME_USER;
        app = renderApp({
          url: '/',
          api,
          store,
          signedInAs: MODEL_ONE_TIME_USER.username,
          userEventOptions: { delay: null },
        });
        return;
      }
      if (outcome === 'storage refused') {
        // The browser refuses storage once (private mode, a quota or policy): nothing can be restored.
        let refused = false;
        const refusing = {
          ...store,
          getItem: (key: string) => {
            if (!refused && key === STORAGE_KEYS.currentUser) {
              refused = true;
              throw new DOMException('The operation is insecure.', 'SecurityError');
            }
            return store.getItem(key);
          },
        };
        app = renderApp({ url: '/', api, store: refusing, userEventOptions: { delay: null } });
        return;
      }
      app = renderApp({ url: '/', api, store, userEventOptions: { delay: null } });
    },
    states: {
      async restoring() {
        // Before the stored session is read nothing is decided on screen: neither form nor shell.
        expect(screen.queryByRole('heading', { name: en.login.title })).toBeNull();
        expect(screen.queryByTestId('user-name')).toBeNull();
      },
      async 'signedOut.idle'() {
        await loginForm();
        expect(screen.queryByRole('alert')).toBeNull();
        expect(screen.queryByText(en.login.usernameRequired)).toBeNull();
        expect(usernameField()).toHaveValue('');
        expect(passwordField()).toHaveValue('');
        expect(document.querySelectorAll('ol > li')).toHaveLength(0);
      },
      async 'signedOut.expired'() {
        await waitFor(() => expect(snackbars()).toHaveLength(1));
        expect(snackbars()[0]).toHaveTextContent(EXPIRED_MESSAGE);
        expect(within(snackbars()[0] as HTMLElement).getByRole('button', { name: en.common.dismiss })).toBeVisible();
        await loginForm();
      },
      async 'signedOut.submitting'() {
        await screen.findByRole('heading', { name: en.login.title });
        await waitFor(() => expect(submitButton()).toBeDisabled());
        expect(submitButton()).toHaveAccessibleName(en.login.submitting);
        expect(current().api.callsTo('auth/login', 'POST').length).toBe(loginCallsBefore + 1);
        expect(current().sessionKeys()).toEqual([]);
      },
      async 'signedOut.rejected'() {
        await loginForm();
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent(refusal);
        // In place: inside the form, above the fields, and the form is still usable.
        expect(alert.closest('form')).toContainElement(usernameField());
        expect(submitButton()).toBeEnabled();
        expect(screen.queryByText(en.login.usernameRequired)).toBeNull();
      },
      async 'signedOut.twoFactor.entering'() {
        await codeStep();
        await waitFor(() => expect(codeField()).toHaveFocus());
        expect(codeField()).toHaveValue('');
        expect(screen.queryByRole('alert')).toBeNull();
        expect(current().api.callsTo('auth/login/two-factor')).toHaveLength(0);
      },
      async 'signedOut.twoFactor.verifying'() {
        await codeStep();
        await waitFor(() => expect(verifyButton()).toBeDisabled());
        expect(verifyButton()).toHaveAccessibleName(twoFactorStepMessages.en.verifying);
        expect(screen.getByRole('button', { name: twoFactorStepMessages.en.back })).toBeDisabled();
      },
      async 'signedOut.twoFactor.refused'() {
        await codeStep();
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent(INVALID_CODE_MESSAGE);
        // In place: inside the code step's form, which stays usable for the next code.
        expect(alert.closest('form')).toContainElement(codeField());
        await waitFor(() => expect(codeField()).toHaveFocus());
        expect(codeField()).toHaveValue('');
        await waitFor(() => expect(verifyButton()).toBeEnabled());
      },
      async passwordToSet() {
        await setPasswordPage();
        expect(current().stored<{ mustChangePassword?: boolean }>('currentUser')?.mustChangePassword).toBe(true);
        // Nothing of the shell asked the server for anything it would refuse.
        expect(current().api.callsTo('members/merchant-partner/associated-members')).toHaveLength(0);
        expect(screen.getByLabelText(pw.new)).toHaveValue('');
      },
      async signedIn() {
        const app = current();
        await waitFor(() => expect(screen.getByTestId('user-name')).toHaveTextContent(signingInAs.name));
        expect(screen.queryByText(en.login.title, { selector: 'h1' })).toBeNull();
        expect(document.querySelector(`nav[aria-label="${en.shell.mainMenu}"]`)).not.toBeNull();
        expect(app.stored<{ profile: { username: string } }>('currentUser')?.profile.username).toBe(
          signingInAs.username,
        );
        await waitFor(() => expect(app.location().href).toBe('/'));
        // The side menu's associated-members load has ended.
        await waitFor(() => expect(screen.queryByText(en.shell.loadingMembers)).toBeNull());
        expect(app.api.callsTo('members/merchant-partner/associated-members').length).toBeGreaterThan(0);
        // With two-factor on, the session came from the code, not from the password alone.
        if (signingInAs.username === MODEL_TWO_FACTOR_USER.username) {
          expect(app.api.callsTo('auth/login/two-factor', 'POST').length).toBeGreaterThan(0);
        }
        await app.api.idle();
      },
    },
    events: {
      async 'restoreSession.done'({ step }) {
        // A restored session goes to the shell directly: /login never shown, no sign-in sent.
        if (step.label === 'stored user') {
          signingInAs = MODEL_USER;
          await screen.findByTestId('user-name');
          expect(current().visited.filter((href) => href.startsWith('/login'))).toEqual([]);
          expect(current().api.callsTo('auth/login')).toHaveLength(0);
        }
      },
      async 'restoreSession.error'() {},
      async 'session.login'({ next }) {
        loginCallsBefore = current().api.callsTo('auth/login').length;
        const outcome = next?.label;
        const who =
          outcome === 'refused'
            ? MODEL_REFUSED
            : outcome === 'code asked'
              ? MODEL_TWO_FACTOR_USER
              : outcome === 'one-time password'
                ? MODEL_ONE_TIME_USER
                : MODEL_USER;
        if (outcome === 'refused') refusal = INVALID_CREDENTIALS_MESSAGE;
        else signingInAs = who;
        const reached = holdNext('auth/login');
        await fillAndSubmit(who.username, who.password);
        await reached;
      },
      'loginRequest.done': release,
      'loginRequest.error': release,
      async 'session.twoFactor.submit'({ next }) {
        const outcome = next?.label;
        if (outcome === 'challenge expired') {
          refusal = CHALLENGE_EXPIRED_MESSAGE;
          current().api.on('POST', 'auth/login/two-factor', () => ({
            status: 401,
            body: failure('TWO_FACTOR_CHALLENGE_EXPIRED', CHALLENGE_EXPIRED_MESSAGE),
          }));
        } else if (outcome === 'too many attempts') {
          refusal = THROTTLED_MESSAGE;
          current().api.on('POST', 'auth/login/two-factor', () => ({
            status: 429,
            body: failure('TOO_MANY_ATTEMPTS', THROTTLED_MESSAGE),
          }));
        }
        const code = outcome === 'wrong code' ? WRONG_CODE : (VALID_CODES[codesUsed++ % VALID_CODES.length] as string);
        const reached = holdNext('auth/login/two-factor');
        await waitFor(() => expect(verifyButton()).toBeEnabled());
        await current().user.clear(codeField());
        await current().user.type(codeField(), code);
        await current().user.click(verifyButton());
        await reached;
      },
      'verifyTwoFactor.done': release,
      'verifyTwoFactor.error': release,
      async 'session.twoFactor.cancel'() {
        await current().user.click(screen.getByRole('button', { name: twoFactorStepMessages.en.back }));
      },
      async 'session.logout'() {
        const app = current();
        const token = app.stored<{ sessionId: string }>('currentUser')?.sessionId ?? '';
        expect(app.api.isLive(token)).toBe(true);
        const header = document.querySelector('header');
        // The set-password page has no header: its own "Sign out" is the way out.
        await app.user.click(
          header
            ? within(header).getByRole('button', { name: new RegExp(en.shell.logout) })
            : screen.getByRole('button', { name: pw.signOut }),
        );
        // The server is told: the session's own token is revoked, not merely forgotten.
        await waitFor(() => expect(app.api.isLive(token)).toBe(false));
      },
      async 'session.expired'() {
        if (current().location().pathname === '/set-password') {
          // The page calls nothing until it is sent: the password change is what finds the session over.
          current().api.expireNextCall(EXPIRED_MESSAGE, 'auth/password');
          await fillNewPassword(MODEL_ONE_TIME_USER.password);
          return;
        }
        // The server ends the session; the next page load's API call (the associated members
        // of the side menu) is answered 401 with sessionExpired and the server's message.
        current().api.expireNextCall(EXPIRED_MESSAGE);
        app = current().reload();
      },
      async 'session.passwordChanged'() {
        const app = current();
        const before = app.api.callsTo('auth/password', 'POST').length;
        if (app.location().pathname === '/set-password') {
          await fillNewPassword(MODEL_ONE_TIME_USER.password);
          await waitFor(() => expect(app.api.callsTo('auth/password', 'POST')).toHaveLength(before + 1));
          return;
        }
        // Signed in already: the header's user menu leads to the change, and the session stays.
        await app.user.click(await screen.findByRole('button', { name: new RegExp(signingInAs.name) }));
        await app.user.click(await screen.findByRole('menuitem', { name: pw.change.title }));
        await screen.findByRole('heading', { name: pw.change.title });
        await app.user.type(screen.getByLabelText(pw.current), signingInAs.password);
        await app.user.type(screen.getByLabelText(pw.new), MODEL_ONE_TIME_USER.newPassword);
        await app.user.type(screen.getByLabelText(pw.repeat), MODEL_ONE_TIME_USER.newPassword);
        await app.user.click(screen.getByRole('button', { name: pw.change.submit }));
        expect(await screen.findByRole('status')).toHaveTextContent(pw.change.done);
        expect(app.api.callsTo('auth/password', 'POST')).toHaveLength(before + 1);
        await app.user.click(screen.getByRole('link', { name: en.shell.home }));
      },
    },
  };
}

describe('session machine: generated paths in jsdom', () => {
  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, createSteps())).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, async () => {
      const steps = createSteps();
      try {
        await runPath(path, steps);
      } finally {
        steps.stop();
      }
    }, 45_000);
  }
});
