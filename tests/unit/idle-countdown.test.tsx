/**
 * The idle countdown in the app (src/session/idle-machine.ts, IdleDialog.tsx) over the fake
 * API, on a clock the test moves: two minutes before the server's idle timeout a dialog
 * offers to stay signed in, with a live countdown; "Stay signed in" asks the server to keep
 * the session, "Sign out" signs out; at zero the server's answer ends the session as any
 * expired answer does, and what the user typed in the transfer form comes back after the new
 * sign-in.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo-users';
import { en } from '../../src/i18n/en';
import { installFakeTransfers } from './support/fake-transfers';
import { createManualClock, type ManualClock } from './support/manual-clock';
import { createFakeApi, type FakeApi, type RenderedApp, renderApp, success } from './support/render-app';
import type { me } from '../../contract/api/auth';

const TIMEOUT = 30_000;
const MINUTE = 60_000;
const IDLE_SECONDS = 15 * 60;
const EXPIRED = 'Your session has expired after 15 minutes without activity (fake API).';

let app: RenderedApp | undefined;
// ofetch comes with the client's first request (a dynamic import). Loaded here, that request
// reaches the fake server before the test moves the clock, as it would long before in a browser;
// otherwise it would land minutes late on the manual clock and count as fresh activity.
beforeAll(async () => {
  await Promise.all([
    import('../../src/session/IdleDialog'),
    import('../../src/features/transfers/TransferPage'),
    import('ofetch'),
  ]);
}, 60_000);
afterEach(() => {
  app?.unmount();
  app = undefined;
  window.sessionStorage.clear();
});

const content = () => within(document.getElementById('content') ?? document.body);
const dialog = () => screen.queryByRole('dialog', { name: 'Still there?' });
const timer = () => within(dialog() as HTMLElement).getByRole('timer');

/** The fake server's own count: it answers GET auth/session with what is left on `clock`. */
function serverCount(api: FakeApi, clock: ManualClock) {
  let lastSeen = clock.now();
  const counted = new Set(['GET health', 'POST auth/login', 'POST auth/logout', 'GET auth/session']);
  const base = api.fetch;
  api.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname.replace('/rest/', '')}`;
    if (!counted.has(key)) lastSeen = clock.now();
    return base(input, init);
  }) as typeof fetch;
  api.on('GET', 'auth/session', () => ({
    body: success({
      idleSeconds: IDLE_SECONDS,
      idleRemainingMs: Math.max(0, lastSeen + IDLE_SECONDS * 1000 - clock.now()),
      absoluteRemainingMs: 8 * 60 * MINUTE,
    }),
  }));
  return { touch: () => (lastSeen = clock.now()) };
}

async function start(url = '/') {
  const clock = createManualClock();
  const api = createFakeApi({ idleSeconds: IDLE_SECONDS });
  installFakeTransfers(api);
  serverCount(api, clock);
  app = renderApp({ api, signedInAs: 'agent', url, idleClock: clock });
  await waitFor(() => expect(screen.getByTestId('user-name')).toBeVisible(), { timeout: 10_000 });
  await app.api.idle();
  return { a: app, clock };
}

const advance = (clock: ManualClock, ms: number) => act(() => clock.advance(ms));

describe('idle countdown', () => {
  it('offers to stay signed in two minutes before the end, with a live countdown', { timeout: TIMEOUT }, async () => {
    const { a, clock } = await start();
    await advance(clock, 13 * MINUTE - 1000);
    expect(dialog()).toBeNull();
    await advance(clock, 1000);
    await waitFor(() => expect(dialog()).not.toBeNull());
    expect(a.api.callsTo('auth/session', 'GET')).toHaveLength(1);
    expect(timer()).toHaveTextContent('2:00');
    expect(within(dialog() as HTMLElement).getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
    await advance(clock, 1000);
    expect(timer()).toHaveTextContent('1:59');
    await advance(clock, 44_000);
    expect(timer()).toHaveTextContent('1:15');

    await a.user.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(a.api.callsTo('auth/session/keep-alive', 'POST')).toHaveLength(1);
    // A whole idle period again before the next warning.
    await advance(clock, 13 * MINUTE - 1000);
    expect(dialog()).toBeNull();
    expect(a.api.callsTo('auth/session', 'GET')).toHaveLength(1);
  });

  it('signs out on “Sign out”', { timeout: TIMEOUT }, async () => {
    const { a, clock } = await start();
    await advance(clock, 13 * MINUTE);
    await waitFor(() => expect(dialog()).not.toBeNull());
    await a.user.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(a.location().pathname).toBe('/login'));
    expect(a.sessionKeys()).toEqual([]);
    expect(a.api.callsTo('auth/logout', 'POST')).toHaveLength(1);
    expect(dialog()).toBeNull();
  });

  it('does not warn while the server counts the session as active', { timeout: TIMEOUT }, async () => {
    const { a, clock } = await start();
    await advance(clock, 10 * MINUTE);
    // A page request (any that carries the session): the server's idle timer starts again.
    await act(() => a.services.api.call<typeof me>('GET /auth/me'));
    await advance(clock, 12 * MINUTE);
    expect(dialog()).toBeNull();
    expect(a.api.callsTo('auth/session', 'GET')).toHaveLength(0);
    await advance(clock, 1 * MINUTE);
    await waitFor(() => expect(dialog()).not.toBeNull());
  });

  it('at zero, ends the session as the server says, and the transfer form comes back after signing in', {
    timeout: TIMEOUT,
  }, async () => {
    const { a, clock } = await start('/cash-in');
    await content().findByRole('heading', { name: 'Transfer details' }, { timeout: 10_000 });
    await a.user.type(content().getByLabelText('Beneficiary phone or account number'), 'CUS-000001');
    await a.user.type(content().getByLabelText('Amount (XOF)'), '15000');
    await a.user.type(content().getByLabelText(/^Note/), 'Avance sur salaire');
    await advance(clock, 13 * MINUTE);
    await waitFor(() => expect(dialog()).not.toBeNull());
    a.api.expireNextCall(EXPIRED, 'auth/session');
    await advance(clock, 2 * MINUTE);

    await waitFor(() => expect(a.location().pathname).toBe('/login'));
    expect(dialog()).toBeNull();
    expect(await screen.findByText(EXPIRED)).toBeVisible();
    expect(a.sessionKeys()).toEqual([]);

    await a.user.type(screen.getByLabelText(en.login.username), 'agent');
    await a.user.type(screen.getByLabelText(en.login.password), DEMO_PASSWORD);
    await a.user.click(screen.getByRole('button', { name: en.login.submit }));
    await waitFor(() => expect(screen.getByTestId('user-name')).toBeVisible());
    await act(async () => {
      await a.router.navigate({ to: '/cash-in' });
    });
    await content().findByRole('heading', { name: 'Transfer details' }, { timeout: 10_000 });
    expect(await content().findByTestId('draft-notice')).toBeVisible();
    expect(content().getByLabelText('Beneficiary phone or account number')).toHaveValue('CUS-000001');
    expect(content().getByLabelText('Amount (XOF)')).toHaveValue('15000');
    expect(content().getByLabelText(/^Note/)).toHaveValue('Avance sur salaire');
  });
});
