/**
 * What the session means for the router and the login form, beside the session machine's
 * generated paths (session.paths.test.tsx): the machine has no state for a wanted page kept
 * through /login (or kept through an expiry), for /login opened while signed in, for the snackbar's Dismiss, nor for a
 * form the browser-side check refuses before any request. Each is a plain test here.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { MODEL_DEEP_LINK, MODEL_REFUSED, MODEL_USER } from '../paths/users';
import { createFakeApi, INVALID_CREDENTIALS_MESSAGE, type RenderedApp, renderApp } from './support/render-app';

const EXPIRED_MESSAGE = 'Session closed by the server at 10:42 — sign in again (jsdom).';

// Each test renders a whole app; on a busy machine that can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const current = () => {
  if (!app) throw new Error('The app is not open');
  return app;
};
const usernameField = () => screen.getByLabelText(en.login.username);
const passwordField = () => screen.getByLabelText(en.login.password);
const submitButton = () =>
  screen.getByRole('button', { name: new RegExp(`${en.login.submit}|${en.login.submitting}`) });
const redirectParam = () => new URLSearchParams(current().location().search).get('redirect');

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
}

async function shellOf(user: { name: string; username: string }) {
  await waitFor(() => expect(screen.getByTestId('user-name')).toHaveTextContent(user.name));
  expect(screen.queryByText(en.login.title, { selector: 'h1' })).toBeNull();
  expect(current().stored<{ profile: { username: string } }>('currentUser')?.profile.username).toBe(user.username);
  await waitFor(() => expect(screen.queryByText(en.shell.loadingMembers)).toBeNull());
  await current().api.idle();
}

function snackbars(): HTMLElement[] {
  // The session snackbar's viewport is the bottom-centre one (jsdom has no layout: its classes say where).
  return [...document.querySelectorAll<HTMLElement>('ol > li')].filter((li) => {
    const viewport = li.parentElement;
    return viewport?.classList.contains('bottom-4') && viewport.classList.contains('left-1/2');
  });
}

describe('session and the router in jsdom', () => {
  it('creates the signed-in services at the sign-in, not for /login, and keeps them through a logout', async () => {
    app = renderApp({ url: '/login', api: createFakeApi({ idleSeconds: 900 }), userEventOptions: { delay: null } });
    await loginForm();
    expect(current().services.signedIn.current()).toBeUndefined();

    await fillAndSubmit(MODEL_USER.username, MODEL_USER.password);
    await shellOf(MODEL_USER);
    const signedIn = current().signedIn();
    // Created once the session was signed in, the countdown still starts from its policy.
    await waitFor(() => expect(signedIn.idle.getSnapshot().matches('off')).toBe(false));

    current().services.session.send({ type: 'session.logout' });
    await loginForm();
    expect(signedIn.idle.getSnapshot().matches('off')).toBe(true);
    expect(current().services.signedIn.current()).toBe(signedIn);
  });

  it('keeps a protected page asked for without a session through a refused and a held sign-in', async () => {
    app = renderApp({ url: MODEL_DEEP_LINK, userEventOptions: { delay: null } });
    await loginForm();
    await waitFor(() => expect(current().location().pathname).toBe('/login'));
    expect(redirectParam()).toBe(MODEL_DEEP_LINK);
    expect(screen.queryByRole('alert')).toBeNull();
    // The app opened the wanted URL and the guard moved it.
    expect(current().visited.map((href) => href.split('?')[0])).toEqual([MODEL_DEEP_LINK.split('?')[0], '/login']);

    await fillAndSubmit(MODEL_REFUSED.username, MODEL_REFUSED.password);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(INVALID_CREDENTIALS_MESSAGE);
    expect(alert.closest('form')).toContainElement(usernameField());
    expect(submitButton()).toBeEnabled();
    expect(current().sessionKeys()).toEqual([]);
    expect(redirectParam()).toBe(MODEL_DEEP_LINK);

    const loginCalls = current().api.callsTo('auth/login', 'POST').length;
    const hold = current().api.hold('auth/login');
    await fillAndSubmit(MODEL_USER.username, MODEL_USER.password);
    await hold.reached;
    await waitFor(() => expect(submitButton()).toBeDisabled());
    expect(submitButton()).toHaveAccessibleName(en.login.submitting);
    expect(current().api.callsTo('auth/login', 'POST')).toHaveLength(loginCalls + 1);
    expect(current().sessionKeys()).toEqual([]);
    expect(redirectParam()).toBe(MODEL_DEEP_LINK);

    hold.release();
    await shellOf(MODEL_USER);
    await waitFor(() => expect(current().location().href).toBe(MODEL_DEEP_LINK));
    expect(screen.queryByText(en.pages.notFound)).toBeNull();
    expect(screen.queryByText(en.pages.notAllowed)).toBeNull();

    // A reload stays on the wanted page, signed in, without asking for the password again.
    app = current().reload();
    await shellOf(MODEL_USER);
    await waitFor(() => expect(current().location().href).toBe(MODEL_DEEP_LINK));
    expect(current().api.callsTo('auth/login', 'POST')).toHaveLength(loginCalls + 1);
    expect(current().visited.filter((href) => href.startsWith('/login'))).toEqual([]);
  }, 45_000);

  it('sends a signed-in user who opens /login back to the shell', async () => {
    app = renderApp({ url: '/', signedInAs: MODEL_USER.username, userEventOptions: { delay: null } });
    await shellOf(MODEL_USER);
    app = current().reload('/login');
    await shellOf(MODEL_USER);
    await waitFor(() => expect(current().location().href).toBe('/'));
    expect(current().api.callsTo('auth/login')).toHaveLength(0);
  }, 45_000);

  it('removes the session-expired snackbar when dismissed, leaving the empty form', async () => {
    const api = createFakeApi();
    app = renderApp({ url: '/', api, signedInAs: MODEL_USER.username, userEventOptions: { delay: null } });
    await shellOf(MODEL_USER);
    api.expireNextCall(EXPIRED_MESSAGE);
    app = current().reload();
    await waitFor(() => expect(snackbars()).toHaveLength(1));
    expect(snackbars()[0]).toHaveTextContent(EXPIRED_MESSAGE);
    await loginForm();
    expect(current().sessionKeys()).toEqual([]);

    const [snackbar] = snackbars();
    await current().user.click(within(snackbar as HTMLElement).getByRole('button', { name: en.common.dismiss }));
    await waitFor(() => expect(snackbars()).toHaveLength(0));
    await loginForm();
    await waitFor(() => expect(current().location()).toMatchObject({ pathname: '/login', search: '' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(usernameField()).toHaveValue('');
    expect(passwordField()).toHaveValue('');
    expect(document.querySelectorAll('ol > li')).toHaveLength(0);
  }, 45_000);

  it('brings a user whose session expired on a report back to it, filters included, after signing in again', async () => {
    const api = createFakeApi();
    app = renderApp({ url: '/', api, signedInAs: MODEL_USER.username, userEventOptions: { delay: null } });
    await shellOf(MODEL_USER);
    api.expireNextCall(EXPIRED_MESSAGE);
    await current().router.navigate({ href: MODEL_DEEP_LINK });
    await loginForm();
    await waitFor(() => expect(redirectParam()).toBe(MODEL_DEEP_LINK));
    await fillAndSubmit(MODEL_USER.username, MODEL_USER.password);
    await shellOf(MODEL_USER);
    await waitFor(() => expect(current().location().href).toBe(MODEL_DEEP_LINK));
  }, 45_000);

  it('refuses an empty form in place, without asking the server', async () => {
    app = renderApp({ url: '/', userEventOptions: { delay: null } });
    await loginForm();
    await fillAndSubmit('', '');
    expect(await screen.findByText(en.login.usernameRequired)).toBeVisible();
    expect(screen.getByText(en.login.passwordRequired)).toBeVisible();
    expect(usernameField()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
    expect(current().api.callsTo('auth/login')).toHaveLength(0);
    expect(current().location()).toMatchObject({ pathname: '/login', search: '' });
  }, 45_000);
});
