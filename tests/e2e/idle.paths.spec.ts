/**
 * The idle countdown: the generated paths of the real idle machine
 * (tests/paths/machines/session-extras.ts) in real Chromium against the real server. The page's
 * clock is faked (it runs on real time until a step jumps it ahead); the server's is not, so
 * what the server says of the time left, and of "Stay signed in", is held by `page.route` and
 * answered as the path asks. Signing in, the app's own requests, a session ended elsewhere and
 * "Sign out" are the real server's.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import { en } from '../../src/i18n/en';
import { idleMessages } from '../../src/session/idle-messages';
import {
  generateCoveringPaths,
  incompleteSteps,
  missingCoverage,
  type PathSteps,
  runPath,
} from '../paths/graph-adapter';
import { asTestSteps } from './support/path-steps';
import { IDLE_LEFT, IDLE_MS, idleGraph } from '../paths/machines/session-extras';
import { demoUser, headerUserName, holdInboxStream, login, revokeSessionOnServer } from './support/session';

test.describe.configure({ mode: 'parallel', timeout: 60_000 });

const I = idleMessages.en;
const USER = demoUser('agent');
const CHECK = '**/rest/auth/session';
const KEEP_ALIVE = '**/rest/auth/session/keep-alive';
const ENDED = 'Your session ended on the server.';
const ENDED_HERE = en.idle.expired.replace('{{minutes}}', String(IDLE_MS / 60_000));
/** Two pages the agent may open, each loading its form's options: a request the server counts. */
const PAGES = ['/cash-in', '/cash-out'];

interface Run {
  page: Page;
  /** Requests to the idle endpoints, held until a step answers them. */
  held: Route[];
  reached: (() => void)[];
  visits: number;
  keepAliveFailed: boolean;
  signedOut: 'never signed in' | 'signed out' | 'server ended it' | 'ended elsewhere' | 'ended here' | null;
}
let run: Run | undefined;
const current = () => {
  if (!run) throw new Error('The app is not open');
  return run;
};

const dialog = () => current().page.getByRole('dialog', { name: I.title });

/** Waits for the next held request to an idle endpoint, made by `cause`. */
async function holding(cause: () => Promise<unknown>) {
  const r = current();
  const reached = new Promise<void>((resolve) => r.reached.push(resolve));
  await cause();
  await reached;
}

/** Answers the oldest held request as the step's variant says. */
async function answer(label: string | undefined) {
  const route = current().held.shift();
  if (!route) throw new Error('No request held');
  if (label === 'no answer') return route.abort('failed');
  if (label === 'session ended') {
    return route.fulfill({
      status: 401,
      json: {
        status: false,
        sessionExpired: true,
        errors: [{ code: 'SESSION_EXPIRED', shortMessage: 'SESSION EXPIRED', longMessage: ENDED }],
      },
    });
  }
  const left = IDLE_LEFT[label as keyof typeof IDLE_LEFT] ?? IDLE_MS;
  return route.fulfill({
    json: {
      status: true,
      payload: { idleSeconds: IDLE_MS / 1000, idleRemainingMs: left, absoluteRemainingMs: 8 * 3_600_000 },
    },
  });
}

const outcome =
  (then?: (label: string | undefined) => void) =>
  async ({ step }: { step: { label?: string } }) => {
    await answer(step.label);
    if (step.label === 'session ended') current().signedOut = 'server ended it';
    then?.(step.label);
  };

/** A request the server counts: the app opens another page, which loads its form's options. */
async function appRequest() {
  const r = current();
  r.visits += 1;
  const to = PAGES[r.visits % PAGES.length] as string;
  const request = r.page.waitForRequest((req) => req.url().includes('/rest/') && !req.url().includes('/auth/'));
  await r.page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await request;
  return to;
}

test.describe('idle machine: generated paths in Chromium', () => {
  const generated = generateCoveringPaths(idleGraph);

  const steps: PathSteps = {
    async start() {
      const { page } = current();
      await page.clock.install();
      for (const pattern of [CHECK, KEEP_ALIVE]) {
        await page.route(pattern, (route) => {
          const r = current();
          r.held.push(route);
          r.reached.shift()?.();
        });
      }
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: en.login.title })).toBeVisible();
    },
    states: {
      async off() {
        const r = current();
        await expect(r.page).toHaveURL(r.signedOut === 'ended elsewhere' ? /\/login\?redirect=%2F/ : /\/login$/);
        await expect(dialog()).toHaveCount(0);
        if (r.signedOut === 'server ended it') await expect(r.page.getByText(ENDED).first()).toBeVisible();
        if (r.signedOut === 'ended here') await expect(r.page.getByText(ENDED_HERE).first()).toBeVisible();
      },
      async 'on.watching'() {
        await expect(dialog()).toHaveCount(0);
        await expect(headerUserName(current().page)).toHaveText(USER.name);
      },
      async 'on.verifying'() {
        // The server is asked how long is left before any dialog shows.
        expect(current().held).toHaveLength(1);
        await expect(dialog()).toHaveCount(0);
        await expect(headerUserName(current().page)).toHaveText(USER.name);
      },
      async 'on.warning'() {
        const r = current();
        if (r.signedOut === 'signed out') {
          // "Sign out" ends the session, which stops the countdown: the dialog goes with it.
          await expect(r.page).toHaveURL(/\/login$/);
          await expect(dialog()).toHaveCount(0);
          return;
        }
        await expect(dialog()).toBeVisible();
        await expect(dialog().getByRole('timer')).toHaveText(/^[0-2]:[0-5]\d$/);
        await expect(dialog().getByRole('button', { name: I.stay })).not.toHaveAttribute('aria-disabled', 'true');
        if (r.keepAliveFailed) await expect(dialog().getByText(I.failed)).toBeVisible();
        else await expect(dialog().getByText(I.failed)).toHaveCount(0);
      },
      async 'on.keepingAlive'() {
        await expect(dialog().getByRole('button', { name: I.staying })).toHaveAttribute('aria-disabled', 'true');
        await expect(dialog().getByRole('button', { name: I.signOut })).toBeDisabled();
      },
      async 'on.confirmingExpiry'() {
        await expect(dialog().getByRole('timer')).toHaveText('0:00');
        expect(current().held).toHaveLength(1);
      },
    },
    events: {
      async 'idle.start'() {
        const r = current();
        await login(r.page, USER.username, { goto: false });
        r.signedOut = null;
      },
      async 'idle.stop'() {
        // The session ends elsewhere: the next request's answer says so.
        const r = current();
        await revokeSessionOnServer(r.page);
        const page = await appRequest();
        r.signedOut = 'ended elsewhere';
        // An ending the user did not choose keeps their page for after the next sign-in.
        await expect(r.page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === page);
      },
      async 'idle.activity'() {
        await appRequest();
      },
      async 'after(untilWarning)@on.watching'() {
        await holding(() => current().page.clock.fastForward('13:01'));
      },
      'checkSession@on.verifying.done': outcome(),
      'checkSession@on.verifying.error': outcome(),
      'checkSession@on.confirmingExpiry.done': outcome((label) => {
        if (label === 'none left') current().signedOut = 'ended here';
      }),
      'checkSession@on.confirmingExpiry.error': outcome((label) => {
        if (label === 'no answer') current().signedOut = 'ended here';
      }),
      async 'idle.tick'({ step }) {
        const { page } = current();
        if (step.label === 'zero') await holding(() => page.clock.fastForward('02:01'));
        else await page.clock.fastForward(1000);
      },
      async 'idle.stay'() {
        await holding(() => dialog().getByRole('button', { name: I.stay }).click());
      },
      'keepAlive.done': outcome(() => {
        current().keepAliveFailed = false;
      }),
      'keepAlive.error': outcome((label) => {
        if (label === 'no answer') current().keepAliveFailed = true;
      }),
      async 'idle.signOut'() {
        await dialog().getByRole('button', { name: I.signOut }).click();
        current().signedOut = 'signed out';
      },
    },
  };

  test('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, steps)).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    test(path.text, async ({ page }) => {
      run = { page, held: [], reached: [], visits: 0, keepAliveFailed: false, signedOut: 'never signed in' };
      // Ending the session elsewhere is met by the next page's request, not first by the stream.
      await holdInboxStream(page);
      try {
        await runPath(path, steps, asTestSteps);
      } finally {
        for (const route of run.held.splice(0)) await route.abort().catch(() => undefined);
        run = undefined;
      }
    });
  }
});
