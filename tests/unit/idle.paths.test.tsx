/**
 * The idle countdown: the generated paths of the real idle machine
 * (tests/paths/machines/session-extras.ts), each run against the whole app in jsdom on a clock
 * the runner moves. The server's answers to "how long is left" and to "stay signed in" are held
 * by the fake API until the path says how they end. Plain tests beside them
 * (idle-countdown.test.tsx) keep what the machine has no transition for (the draft kept through
 * the session's end).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo-users';
import { en } from '../../src/i18n/en';
import { formatCountdown, IDLE_WARNING_MS } from '../../src/session/idle-machine';
import { idleMessages } from '../../src/session/idle-messages';
import {
  generatePaths,
  incompleteSteps,
  missingCoverage,
  type PathStep,
  type PathSteps,
  runPath,
  type StepContext,
} from '../paths/graph-adapter';
import { IDLE_LEFT, IDLE_MS, idleGraph } from '../paths/machines/session-extras';
import { createManualClock, type ManualClock } from './support/manual-clock';
import {
  createFakeApi,
  type FakeAnswer,
  type FakeApi,
  type RenderedApp,
  renderApp,
  success,
} from './support/render-app';
import type { me } from '../../contract/api/auth';

const M = idleMessages.en;
const PATH_TIMEOUT_MS = 30_000;
const CHECK = 'auth/session';
const KEEP_ALIVE = 'auth/session/keep-alive';
const ENDED = 'Your session has expired after 15 minutes without activity (fake API).';
const SIGNED_OUT_HERE = en.idle.expired.replace('{{minutes}}', String(IDLE_MS / 60_000));

interface Run {
  app: RenderedApp;
  api: FakeApi;
  clock: ManualClock;
  releases: Map<string, () => void>;
  /** When the server would end the session, as the runner's own steps left it. */
  deadline: number;
  keepAliveFailed: boolean;
  /** The countdown as "Stay signed in" froze it: no ticks while the answer is awaited. */
  frozenAt: string;
  /** Why the login page shows, if it does. */
  signedOut: 'never signed in' | 'signed out' | 'server ended it' | 'ended here' | null;
}

let run: Run | undefined;
beforeAll(async () => {
  await import('../../src/session/IdleDialog');
}, 60_000);
afterEach(() => {
  for (const release of run?.releases.values() ?? []) release();
  run?.app.unmount();
  run = undefined;
  window.sessionStorage.clear();
});

function current(): Run {
  if (!run) throw new Error('The app is not open');
  return run;
}
const dialog = () => screen.queryByRole('dialog', { name: M.title });
const inDialog = () => within(screen.getByRole('dialog', { name: M.title }));
const advance = async (ms: number) => {
  await act(async () => current().clock.advance(ms));
};

/** What the server answers to `path` for the outcome the next step names. */
function answerFor(next: PathStep | undefined): () => FakeAnswer {
  const left = IDLE_LEFT[String(next?.label) as keyof typeof IDLE_LEFT];
  if (next?.name.endsWith('.error') && next.label === 'no answer')
    return () => {
      throw new TypeError('Failed to fetch');
    };
  return () => ({
    body: success({
      idleSeconds: IDLE_MS / 1000,
      idleRemainingMs: left ?? IDLE_MS,
      absoluteRemainingMs: 8 * 3_600_000,
    }),
  });
}

/** Holds the request to `path` that `cause` makes; the next step's outcome decides its answer. */
async function request(path: string, next: PathStep | undefined, cause: () => Promise<unknown>) {
  const r = current();
  const hold = r.api.hold(path);
  r.releases.set(path, hold.release);
  if (next?.label === 'session ended') r.api.expireNextCall(ENDED, path);
  else r.api.answerNext(path, answerFor(next));
  await cause();
  await hold.reached;
}

async function release(path: string) {
  const r = current();
  const go = r.releases.get(path);
  r.releases.delete(path);
  await act(async () => go?.());
  await r.api.idle();
}

/** The server's answer to "how long is left" (or to "stay"): what the runner expects after it. */
function outcome(path: string) {
  return async ({ step }: StepContext) => {
    const r = current();
    const at = r.clock.now();
    await release(path);
    const left = IDLE_LEFT[String(step.label) as keyof typeof IDLE_LEFT];
    if (step.label === 'session ended') r.signedOut = 'server ended it';
    else if (step.label === 'no answer' && path === KEEP_ALIVE) r.keepAliveFailed = true;
    else if (left !== undefined) {
      r.deadline = at + left;
      if (left === 0) r.signedOut = 'ended here';
    } else if (step.name.startsWith('checkSession@on.confirmingExpiry')) r.signedOut = 'ended here';
    if (path === KEEP_ALIVE && step.name.endsWith('.done')) r.keepAliveFailed = false;
    if (path === KEEP_ALIVE) r.frozenAt = '';
  };
}

function expectSignedIn() {
  expect(screen.getByTestId('user-name')).toBeVisible();
  expect(current().app.location().pathname).not.toBe('/login');
}

const countdown = () => {
  const r = current();
  return formatCountdown(Math.min(IDLE_WARNING_MS, Math.max(0, r.deadline - r.clock.now())));
};

function expectCountdown(busy: boolean) {
  const r = current();
  expect(inDialog().getByRole('timer')).toHaveTextContent(busy ? r.frozenAt : countdown());
  const stay = inDialog().getByRole('button', { name: busy ? M.staying : M.stay });
  expect(stay).toHaveAttribute('aria-disabled', String(busy));
  expect(inDialog().getByRole('button', { name: M.signOut })).toHaveProperty('disabled', busy);
  if (r.keepAliveFailed) expect(inDialog().getByText(M.failed)).toBeVisible();
  else expect(inDialog().queryByText(M.failed)).toBeNull();
}

describe('idle machine: generated paths in jsdom', () => {
  const generated = generatePaths(idleGraph);

  const steps: PathSteps = {
    async start() {
      const clock = createManualClock();
      const api = createFakeApi({ idleSeconds: IDLE_MS / 1000 });
      const app = renderApp({ api, url: '/', idleClock: clock, userEventOptions: { delay: null } });
      run = {
        app,
        api,
        clock,
        releases: new Map(),
        deadline: 0,
        keepAliveFailed: false,
        frozenAt: '',
        signedOut: 'never signed in',
      };
      await screen.findByRole('heading', { name: en.login.title });
    },
    states: {
      async off() {
        const r = current();
        await waitFor(() => expect(r.app.location().pathname).toBe('/login'));
        expect(dialog()).toBeNull();
        if (r.signedOut === 'server ended it') expect(await screen.findByText(ENDED)).toBeVisible();
        if (r.signedOut === 'ended here') expect(await screen.findByText(SIGNED_OUT_HERE)).toBeVisible();
        if (r.signedOut === 'signed out') expect(r.api.callsTo('auth/logout', 'POST').length).toBeGreaterThan(0);
        // Time goes on, and nothing is asked of the server for a session that is over.
        const checks = r.api.callsTo(CHECK, 'GET').length;
        await advance(IDLE_MS);
        expect(r.api.callsTo(CHECK, 'GET')).toHaveLength(checks);
        expect(dialog()).toBeNull();
      },
      async 'on.watching'() {
        const r = current();
        await waitFor(() => expect(dialog()).toBeNull());
        expectSignedIn();
        // One second before the warning is due, nothing shows and nothing is asked.
        const checks = r.api.callsTo(CHECK, 'GET').length;
        await advance(r.deadline - IDLE_WARNING_MS - r.clock.now() - 1000);
        expect(dialog()).toBeNull();
        expect(r.api.callsTo(CHECK, 'GET')).toHaveLength(checks);
      },
      async 'on.verifying'() {
        // The server is asked how long is left, before any dialog shows.
        expect(current().api.inFlight).toBe(1);
        expect(dialog()).toBeNull();
        expectSignedIn();
      },
      async 'on.warning'() {
        if (current().signedOut === 'signed out') {
          // "Sign out" ends the session, which stops the countdown: the dialog goes with it.
          await waitFor(() => expect(current().app.location().pathname).toBe('/login'));
          expect(dialog()).toBeNull();
          return;
        }
        await waitFor(() => expect(dialog()).not.toBeNull());
        expectCountdown(false);
      },
      async 'on.keepingAlive'() {
        expect(dialog()).not.toBeNull();
        expectCountdown(true);
        expect(current().api.callsTo(KEEP_ALIVE, 'POST').length).toBeGreaterThan(0);
      },
      async 'on.confirmingExpiry'() {
        expect(dialog()).not.toBeNull();
        expect(inDialog().getByRole('timer')).toHaveTextContent('0:00');
        expect(current().api.inFlight).toBe(1);
      },
    },
    events: {
      async 'idle.start'() {
        const r = current();
        await r.app.user.type(screen.getByLabelText(en.login.username), 'agent');
        await r.app.user.type(screen.getByLabelText(en.login.password), DEMO_PASSWORD);
        await r.app.user.click(screen.getByRole('button', { name: en.login.submit }));
        await waitFor(() => expect(screen.getByTestId('user-name')).toBeVisible());
        await r.api.idle();
        r.deadline = r.clock.now() + IDLE_MS;
        r.signedOut = null;
      },
      async 'idle.stop'() {
        // The session ends elsewhere: the next request's answer says so.
        const r = current();
        r.api.expireNextCall(ENDED, 'auth/me');
        await act(async () => {
          await r.app.services.api.call<typeof me>('GET /auth/me').catch(() => undefined);
        });
        r.signedOut = 'server ended it';
      },
      async 'idle.activity'() {
        // Any request the server counts: its idle timer starts again.
        const r = current();
        await act(() => r.app.services.api.call<typeof me>('GET /auth/me'));
        // Asked while "Stay signed in" awaits its answer, it changes nothing the dialog shows.
        if (!r.frozenAt) r.deadline = r.clock.now() + IDLE_MS;
      },
      async 'after(untilWarning)@on.watching'({ next }) {
        const r = current();
        await request(CHECK, next, () => advance(r.deadline - IDLE_WARNING_MS - r.clock.now()));
      },
      'checkSession@on.verifying.done': outcome(CHECK),
      'checkSession@on.verifying.error': outcome(CHECK),
      'checkSession@on.confirmingExpiry.done': outcome(CHECK),
      'checkSession@on.confirmingExpiry.error': outcome(CHECK),
      async 'idle.tick'({ step, next }) {
        const r = current();
        if (step.label === 'zero') await request(CHECK, next, () => advance(r.deadline - r.clock.now()));
        else await advance(1000);
      },
      async 'idle.stay'({ next }) {
        const r = current();
        r.frozenAt = countdown();
        await request(KEEP_ALIVE, next, () => r.app.user.click(inDialog().getByRole('button', { name: M.stay })));
      },
      'keepAlive.done': outcome(KEEP_ALIVE),
      'keepAlive.error': outcome(KEEP_ALIVE),
      async 'idle.signOut'() {
        const r = current();
        await r.app.user.click(inDialog().getByRole('button', { name: M.signOut }));
        r.signedOut = 'signed out';
      },
    },
  };

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, steps)).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, steps));
  }
});
