/**
 * The AFTU master's associated members: the generated paths of the real associated-members
 * machine (tests/paths/machines/core.ts), each run against the whole app in jsdom. The fake
 * API holds the members call in flight until the path says how it ends.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { createSessionStorage, STORAGE_KEYS } from '../../src/session/storage';
import { generatePaths, incompleteSteps, missingCoverage, type PathSteps, runPath } from '../paths/graph-adapter';
import { membersGraph } from '../paths/machines/core';
import { DEMO_PASSWORD } from '../../server/db/demo-users';
import type { MemberDetails } from '../../contract/api/members';
import {
  createFakeApi,
  type FakeAnswer,
  type FakeApi,
  failure,
  type RenderedApp,
  renderApp,
  success,
} from './support/render-app';

const MEMBERS_PATH = 'members/merchant-partner/associated-members';
const PATH_TIMEOUT_MS = 30_000;
const MASTER = { username: 'aftu-master', name: 'AFTU Master' };

const MEMBERS: MemberDetails[] = [
  { memberId: 'AFTU-001', memberName: 'GIE Keur Massar Transport' },
  { memberId: 'AFTU-002', memberName: 'GIE Rufisque Express' },
  { memberId: 'AFTU-003', memberName: 'GIE Pikine Mobilité' },
];
const LAST = MEMBERS.at(-1) as MemberDetails;

const MEMBER_KEYS = [
  STORAGE_KEYS.associatedMemberDetails,
  STORAGE_KEYS.selectedMemberId,
  STORAGE_KEYS.selectedMemberDetails,
] as const;

/** How the server refuses, by the graph's variant of `fetchMembers.error`. */
const FAILURES: Record<string, () => FakeAnswer> = {
  'server error': () => ({ status: 500, body: failure('INTERNAL_ERROR', 'Something went wrong on our side.') }),
  forbidden: () => ({ status: 403, body: failure('FORBIDDEN', 'You may only list your own associated members.') }),
  'no answer': () => {
    throw new TypeError('Failed to fetch');
  },
};

configure({ asyncUtilTimeout: 5_000 });

const memberKeys = (app: RenderedApp) =>
  Object.fromEntries(MEMBER_KEYS.map((key) => [key, app.store.getItem(key)])) as Record<string, string | null>;
const NOTHING_STORED = Object.fromEntries(MEMBER_KEYS.map((key) => [key, null]));

const nav = () => within(screen.getByRole('navigation', { name: en.shell.mainMenu }));
const sectionHeaders = () => nav().queryAllByRole('button');

async function expectShellAlive(app: RenderedApp) {
  expect(await screen.findByRole('heading', { level: 1, name: `Hello, ${MASTER.name}` })).toBeVisible();
  expect(screen.getByTestId('user-name')).toHaveTextContent(MASTER.name);
  expect(app.location().pathname).toBe('/');
  expect(app.sessionKeys()).toContain(STORAGE_KEYS.currentUser);
}

interface Run {
  app?: RenderedApp;
  api: FakeApi;
  /** Releases the members call held in flight. */
  release?: () => void;
  /** The answer the held call will get. */
  answer: () => FakeAnswer;
}

let run: Run | undefined;
afterEach(() => {
  run?.release?.();
  run?.app?.unmount();
  run = undefined;
});

function current(): Run & { app: RenderedApp } {
  if (!run?.app) throw new Error('The app is not open');
  return run as Run & { app: RenderedApp };
}

async function answerHeldCall(answer: () => FakeAnswer) {
  const r = current();
  r.answer = answer;
  const release = r.release;
  r.release = undefined;
  await act(async () => release?.());
  await r.api.idle();
}

describe('associated-members machine: generated paths in jsdom', () => {
  const generated = generatePaths(membersGraph);

  const steps: PathSteps = {
    async nothingSent() {
      const { api } = current();
      expect(api.callsTo(MEMBERS_PATH, 'GET')).toEqual([]);
    },
    async start() {
      const api = createFakeApi({ members: { [MASTER.username]: MEMBERS } });
      const r: Run = { api, answer: () => ({ body: success({ MemberDetailsList: MEMBERS }) }) };
      api.on('GET', MEMBERS_PATH, () => r.answer());
      r.app = renderApp({ api, url: '/', userEventOptions: { delay: null } });
      run = r;
      await screen.findByRole('heading', { name: en.login.title });
    },
    states: {
      async idle() {
        const { app } = current();
        // No load running, and no member list left behind by one.
        expect(screen.queryByText(en.shell.loadingMembers)).toBeNull();
        expect(memberKeys(app)).toEqual(NOTHING_STORED);
        if (screen.queryByTestId('user-name')) expect(sectionHeaders()).toEqual([]);
      },
      async loading() {
        const { app, api } = current();
        // The call is in flight, for the signed-in profile.
        const call = api.callsTo(MEMBERS_PATH, 'GET').at(-1);
        expect(call?.query.get('brokerId')).toBe(String(api.userNamed(MASTER.username).id));
        expect(api.inFlight).toBe(1);
        expect(await nav().findByText(en.shell.loadingMembers)).toBeVisible();
        expect(sectionHeaders()).toEqual([]);
        await expectShellAlive(app);
      },
      async loaded() {
        const { app } = current();
        await waitFor(() => expect(nav().queryByText(en.shell.loadingMembers)).toBeNull());
        // One section per member, titled with the member's name, in the API's order.
        expect(sectionHeaders().map((h) => h.textContent)).toEqual(MEMBERS.map((m) => m.memberName));
        // The list is stored and the last member selected.
        expect(app.stored(STORAGE_KEYS.associatedMemberDetails)).toEqual(MEMBERS);
        expect(app.store.getItem(STORAGE_KEYS.selectedMemberId)).toBe(LAST.memberId);
        expect(app.stored(STORAGE_KEYS.selectedMemberDetails)).toEqual(LAST);
        await expectShellAlive(app);
      },
      async failed() {
        const { app } = current();
        await waitFor(() => expect(nav().queryByText(en.shell.loadingMembers)).toBeNull());
        // Only the loading ends: no member sections, nothing stored, no error page, no logout.
        expect(sectionHeaders()).toEqual([]);
        expect(memberKeys(app)).toEqual(NOTHING_STORED);
        await expectShellAlive(app);
      },
    },
    events: {
      async 'members.load'({ step }) {
        // Signing in opens the shell, whose side menu asks for the members.
        const r = current();
        const { user, store } = r.app;
        const anotherTab = step.label === 'another tab signed in';
        if (anotherTab) {
          // The tab's own sign-in is overwritten at once by another tab's (the storage is shared).
          const setItem = store.setItem;
          store.setItem = (key, value) => {
            setItem(key, value);
            if (key !== STORAGE_KEYS.currentUser) return;
            store.setItem = setItem;
            createSessionStorage(store).writeUser(r.api.signIn('agent'));
          };
        }
        const hold = anotherTab ? undefined : r.api.hold(MEMBERS_PATH);
        r.release = hold?.release;
        await user.type(screen.getByLabelText(en.login.username), MASTER.username);
        await user.type(screen.getByLabelText(en.login.password), DEMO_PASSWORD);
        await user.click(screen.getByRole('button', { name: en.login.submit }));
        if (hold) await hold.reached;
        else await expectShellAlive(r.app);
      },
      async 'fetchMembers.done'({ step }) {
        if (step.label === 'user changed meanwhile') {
          // Another tab of the browser signs in as someone else while the call is out.
          const { app, api } = current();
          createSessionStorage(app.store).writeUser(api.signIn('agent'));
        }
        await answerHeldCall(() => ({ body: success({ MemberDetailsList: MEMBERS }) }));
      },
      async 'fetchMembers.error'({ step }) {
        const answer = FAILURES[String(step.label)];
        if (!answer) throw new Error(`No failure ${step.label}`);
        await answerHeldCall(answer);
      },
      async 'members.reset'() {
        const { app } = current();
        const header = document.querySelector('header') as HTMLElement;
        await app.user.click(within(header).getByRole('button', { name: new RegExp(en.shell.logout) }));
        await screen.findByRole('heading', { name: en.login.title });
        // A call still out when the session ended answers now: it must write nothing.
        await answerHeldCall(() => ({ body: success({ MemberDetailsList: MEMBERS }) }));
      },
    },
  };

  it('drives every transition and state of the machine, with every kind of failure', () => {
    expect(generated.transitions).toHaveLength(5);
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, steps)).toEqual({ states: [], events: [] });
    const failures = generated.paths.flatMap((p) =>
      p.steps.filter((s) => s.name === 'fetchMembers.error').map((s) => s.label),
    );
    expect(new Set(failures)).toEqual(new Set(Object.keys(FAILURES)));
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, steps));
  }
});

describe('the members call, beyond the machine', () => {
  it('is made again at each load of the app, whatever the last one gave', { timeout: PATH_TIMEOUT_MS }, async () => {
    const api = createFakeApi({ members: { [MASTER.username]: MEMBERS } });
    let app = renderApp({ api, signedInAs: MASTER.username, url: '/' });
    run = { api, app, answer: () => ({ body: success({ MemberDetailsList: MEMBERS }) }) };
    await waitFor(() => expect(sectionHeaders()).toHaveLength(MEMBERS.length));
    const calls = api.callsTo(MEMBERS_PATH, 'GET').length;

    const hold = api.hold(MEMBERS_PATH);
    run.release = hold.release;
    app = app.reload('/');
    run.app = app;
    await hold.reached;
    expect(api.callsTo(MEMBERS_PATH, 'GET')).toHaveLength(calls + 1);
    expect(await nav().findByText(en.shell.loadingMembers)).toBeVisible();
    await expectShellAlive(app);
  });

  it('shows no loading line for a menu not built from members, so its links do not move', {
    timeout: PATH_TIMEOUT_MS,
  }, async () => {
    const api = createFakeApi();
    const hold = api.hold(MEMBERS_PATH);
    const app = renderApp({ api, signedInAs: 'bank-bridge', url: '/' });
    run = { api, app, release: hold.release, answer: () => ({ body: success({ MemberDetailsList: [] }) }) };
    await hold.reached;
    await screen.findByRole('heading', { level: 1, name: 'Hello, Bridge Bank Teller' });
    // The call is in flight (made when the side menu loads), yet nothing shows it.
    expect(api.inFlight).toBe(1);
    expect(nav().queryByText(en.shell.loadingMembers)).toBeNull();
    const headers = sectionHeaders().map((h) => h.textContent);
    expect(headers.length).toBeGreaterThan(0);
    await act(async () => hold.release());
    await api.idle();
    expect(nav().queryByText(en.shell.loadingMembers)).toBeNull();
    expect(sectionHeaders().map((h) => h.textContent)).toEqual(headers);
  });
});
