/**
 * The AFTU master's associated members: the generated paths of the real associated-members
 * machine (tests/paths/machines/core.ts) in real Chromium against the real server. The members
 * call is held by `page.route` until the path says how it ends: the real server's answer, or a
 * refusal or no answer the real server cannot be made to give on demand.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import { HEADER } from '../../contract/http';
import type { CurrentUser } from '../../src/api/types';
import { en } from '../../src/i18n/en';
import { createSessionStorage, STORAGE_KEYS } from '../../src/session/storage';
import {
  generateCoveringPaths,
  incompleteSteps,
  missingCoverage,
  type PathSteps,
  runPath,
} from '../paths/graph-adapter';
import { asTestSteps } from './support/path-steps';
import { membersGraph } from '../paths/machines/core';
import { DEMO_PASSWORD, demoUser, login, logout, openSharedPage, xsrfToken } from './support/session';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const MASTER = demoUser('aftu-master');
const MEMBERS_URL = '**/rest/members/merchant-partner/associated-members*';
const MEMBER_KEYS = [
  STORAGE_KEYS.associatedMemberDetails,
  STORAGE_KEYS.selectedMemberId,
  STORAGE_KEYS.selectedMemberDetails,
] as const;

const envelope = (code: string, longMessage: string) => ({
  status: false,
  errors: [{ code, shortMessage: code, longMessage }],
});
/** How the members call ends, by the graph's variant. */
const ANSWERS: Record<string, (route: Route) => Promise<void>> = {
  members: (route) => route.continue(),
  'user changed meanwhile': (route) => route.continue(),
  'server error': (route) =>
    route.fulfill({ status: 500, json: envelope('INTERNAL_ERROR', 'Something went wrong on our side.') }),
  forbidden: (route) =>
    route.fulfill({ status: 403, json: envelope('FORBIDDEN', 'You may only list your own associated members.') }),
  'no answer': (route) => route.abort('failed'),
};

/** One page for every path: each starts signed out, from a cleared storage. */
let page: Page;
let release: ((answer: (route: Route) => Promise<void>) => void) | undefined;
/** Members calls the page made since the path started. */
let membersCalls = 0;

test.beforeAll(async ({ browser }) => {
  page = await openSharedPage(browser);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/associated-members')) membersCalls += 1;
  });
});
test.afterAll(async () => {
  await page?.context().close();
});

const nav = () => page.getByRole('navigation', { name: en.shell.mainMenu });
const memberKeys = () => page.evaluate((keys) => keys.map((key) => window.localStorage.getItem(key)), [...MEMBER_KEYS]);

/** Another tab of the browser signs in as someone else: what it stores. */
async function storedBySignInElsewhere(username: string) {
  const response = await page.request.post('/rest/auth/login', {
    data: { username, password: DEMO_PASSWORD },
    headers: { [HEADER.xsrf]: await xsrfToken(page) },
  });
  const user = ((await response.json()) as { payload: CurrentUser }).payload;
  const entries: Record<string, string> = {};
  createSessionStorage({
    getItem: (key) => entries[key] ?? null,
    setItem: (key, value) => {
      entries[key] = value;
    },
    removeItem: (key) => void delete entries[key],
  }).writeUser(user);
  return entries;
}

/** Another tab of the browser signs in as someone else: the stored user changes. */
async function signInElsewhereAs(username: string) {
  const entries = await storedBySignInElsewhere(username);
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
  }, entries);
}

/** Another tab signs in as someone else just as this one does: its user overwrites this tab's own. */
async function signInElsewhereRightAfterThisTab(username: string) {
  const entries = await storedBySignInElsewhere(username);
  await page.evaluate(
    ({ key, items }) => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (this: Storage, k: string, v: string) {
        setItem.call(this, k, v);
        if (k !== key) return;
        Storage.prototype.setItem = setItem;
        for (const [itemKey, value] of Object.entries(items)) setItem.call(this, itemKey, value);
      };
    },
    { key: STORAGE_KEYS.currentUser, items: entries },
  );
}

async function answerHeldCall(answer: (route: Route) => Promise<void>) {
  const go = release;
  release = undefined;
  go?.(answer);
  await expect(nav().getByText(en.shell.loadingMembers)).toHaveCount(0);
}

async function expectShellAlive() {
  await expect(page.getByTestId('user-name')).toHaveText(MASTER.name);
  await expect(page).toHaveURL(/\/$/);
}

test.describe('associated-members machine: generated paths in Chromium', () => {
  const generated = generateCoveringPaths(membersGraph);

  const steps: PathSteps = {
    async nothingSent() {
      expect(membersCalls).toBe(0);
    },
    async start() {
      await page.unroute(MEMBERS_URL);
      release = undefined;
      membersCalls = 0;
      await page.goto('/login');
      await page.evaluate(() => window.localStorage.clear());
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: en.login.title })).toBeVisible();
    },
    states: {
      async idle() {
        expect(await memberKeys()).toEqual([null, null, null]);
        await expect(page.getByText(en.shell.loadingMembers)).toHaveCount(0);
      },
      async loading() {
        await expect(nav().getByText(en.shell.loadingMembers)).toBeVisible();
        await expect(nav().getByRole('button')).toHaveCount(0);
        await expectShellAlive();
      },
      async loaded() {
        // One section per member, titled with the member's name, the last one selected.
        const stored = await memberKeys();
        expect(stored[0]).not.toBeNull();
        const members = JSON.parse(stored[0] ?? '[]') as { memberId: string; memberName: string }[];
        expect(members.length).toBeGreaterThan(0);
        await expect(nav().getByRole('button')).toHaveText(members.map((m) => m.memberName));
        expect(stored[1]).toBe(members.at(-1)?.memberId);
        await expectShellAlive();
      },
      async failed() {
        // Only the loading ends: no member sections, nothing stored, no error page, no logout.
        await expect(nav().getByRole('button')).toHaveCount(0);
        expect(await memberKeys()).toEqual([null, null, null]);
        await expectShellAlive();
      },
    },
    events: {
      async 'members.load'({ step }) {
        if (step.label === 'another tab signed in') {
          // The shell asks for a user no longer signed in: refused before any call.
          // Signed in from this very page: a navigation would drop what the other tab does.
          await signInElsewhereRightAfterThisTab('agent');
          await login(page, MASTER.username, { goto: false });
          await expectShellAlive();
          return;
        }
        // Signing in opens the shell, whose side menu asks for the members: held here.
        const reached = new Promise<void>((resolve) => {
          void page.route(MEMBERS_URL, async (route) => {
            resolve();
            const answer = await new Promise<(r: Route) => Promise<void>>((go) => {
              release = go;
            });
            await answer(route);
          });
        });
        await login(page, MASTER.username);
        await reached;
      },
      async 'fetchMembers.done'({ step }) {
        if (step.label === 'user changed meanwhile') await signInElsewhereAs('agent');
        const answer = ANSWERS[String(step.label)];
        if (!answer) throw new Error(`No answer for ${step.label}`);
        await answerHeldCall(answer);
      },
      async 'fetchMembers.error'({ step }) {
        const answer = ANSWERS[String(step.label)];
        if (!answer) throw new Error(`No answer for ${step.label}`);
        await answerHeldCall(answer);
      },
      async 'members.reset'() {
        await logout(page);
        // A call still out when the session ended answers now: it must write nothing.
        if (release) {
          const go = release;
          release = undefined;
          go((route) => route.abort('failed'));
        }
      },
    },
  };

  test('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, steps)).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    test(path.text, () => runPath(path, steps, asTestSteps));
  }
});
