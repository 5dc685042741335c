/**
 * The AFTU master's associated members, driven through the real shell in jsdom by the paths
 * of their test model (tests/models/members.ts). The fake API holds the members call in
 * flight until the path says how it ends: success, or one of several failures.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MemberDetails } from '../../src/api/types';
import { STORAGE_KEYS } from '../../src/session/storage';
import { coveringPaths, stateName } from '../models/menu-graph';
import { MEMBERS_MODEL_EVENTS, type MembersFailure, type MembersModelEvent, membersModel } from '../models/members';
import { createFakeApi, type FakeAnswer, failure, type RenderedApp, renderApp, success } from './support/render-app';

const MEMBERS_PATH = 'members/merchant-partner/associated-members';
const PATH_TIMEOUT_MS = 20_000;

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

const FAILURES: Record<MembersFailure, () => FakeAnswer> = {
  'server-error': () => ({ status: 500, body: failure('INTERNAL_ERROR', 'Something went wrong on our side.') }),
  forbidden: () => ({ status: 403, body: failure('FORBIDDEN', 'You may only list your own associated members.') }),
  network: () => {
    throw new TypeError('Failed to fetch');
  },
};

interface Run {
  app?: RenderedApp;
  api: ReturnType<typeof createFakeApi>;
  /** Releases the members call currently held in flight. */
  release?: () => void;
  /** The member keys in storage when the current call was made. */
  storedAtCall?: Record<string, string | null>;
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

const memberKeys = (app: RenderedApp) =>
  Object.fromEntries(MEMBER_KEYS.map((key) => [key, app.store.getItem(key)])) as Record<string, string | null>;

/** Holds the next members call, starts (or reloads) the app, and waits until the call is in flight. */
async function startWithCallInFlight(r: Run, start: () => RenderedApp) {
  const hold = r.api.hold(MEMBERS_PATH);
  r.release = hold.release;
  const before = r.app ? memberKeys(r.app) : undefined;
  r.app = start();
  await hold.reached;
  r.storedAtCall = before ?? memberKeys(r.app);
}

const nav = () => within(screen.getByRole('navigation', { name: 'Main menu' }));
const sectionHeaders = () => nav().queryAllByRole('button');

async function expectShellAlive(app: RenderedApp) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Hello, AFTU Master' })).toBeVisible();
  expect(screen.getByTestId('user-name')).toHaveTextContent('AFTU Master');
  expect(app.location().pathname).toBe('/');
}

describe('associated-members test model (SPEC.md §4, §7, §8)', () => {
  const { paths, coverage } = coveringPaths(membersModel, MEMBERS_MODEL_EVENTS);

  it('the generated paths cover every transition of the members model, with every kind of failure', () => {
    expect(coverage.missingTransitions).toEqual([]);
    expect(coverage.missingEdges).toEqual([]);
    expect(coverage.transitionCount).toBe(5);
    for (const failureKind of ['server-error', 'forbidden', 'network']) {
      expect(
        paths.some((p) => p.steps.some((s) => s.event.type === 'call.fails' && s.event.failure === failureKind)),
      ).toBe(true);
    }
  });

  const states = {
    notLoaded: () => {
      expect(run?.app).toBeUndefined();
    },
    loading: async () => {
      const { app, api } = current();
      // The call is in flight, for the signed-in profile.
      const call = api.callsTo(MEMBERS_PATH, 'GET').at(-1);
      expect(call?.query.get('brokerId')).toBe(String(api.userNamed('aftu-master').id));
      expect(await nav().findByText('Loading members…')).toBeVisible();
      expect(sectionHeaders()).toEqual([]);
      await expectShellAlive(app);
    },
    loaded: async () => {
      const { app } = current();
      await waitFor(() => expect(nav().queryByText('Loading members…')).toBeNull());
      // One section per member, titled with the member's name, in the API's order.
      expect(sectionHeaders().map((h) => h.textContent)).toEqual(MEMBERS.map((m) => m.memberName));
      // The list is stored and the last member selected.
      expect(app.stored(STORAGE_KEYS.associatedMemberDetails)).toEqual(MEMBERS);
      expect(app.store.getItem(STORAGE_KEYS.selectedMemberId)).toBe(LAST.memberId);
      expect(app.stored(STORAGE_KEYS.selectedMemberDetails)).toEqual(LAST);
      await expectShellAlive(app);
    },
    failed: async () => {
      const { app, storedAtCall } = current();
      await waitFor(() => expect(nav().queryByText('Loading members…')).toBeNull());
      // Only the loading ends: no member sections, nothing stored, no error page, no logout.
      expect(sectionHeaders()).toEqual([]);
      expect(memberKeys(app)).toEqual(storedAtCall);
      expect(app.services.session.getSnapshot().hasTag('signedIn')).toBe(true);
      await expectShellAlive(app);
    },
  };

  const events = {
    'shell.open': async () => {
      const r = freshRun();
      await startWithCallInFlight(r, () => renderApp({ api: r.api, signedInAs: 'aftu-master', url: '/' }));
    },
    'call.succeeds': async () => {
      const r = current();
      r.answer = () => ({ body: success({ MemberDetailsList: MEMBERS }) });
      await act(async () => r.release?.());
    },
    'call.fails': async (step: { event: { type: string } }) => {
      const event = step.event as MembersModelEvent;
      if (event.type !== 'call.fails') throw new Error(`Unexpected ${event.type}`);
      const r = current();
      r.answer = FAILURES[event.failure];
      await act(async () => r.release?.());
    },
    'app.reload': async () => {
      const r = current();
      const previous = r.app;
      await startWithCallInFlight(r, () => previous.reload('/'));
    },
  };

  /** A fresh run: the fake API answers the members call with whatever the path decides. */
  function freshRun(): Run {
    if (!run) {
      const api = createFakeApi({ members: { 'aftu-master': MEMBERS } });
      const r: Run = { api, answer: () => ({ body: success({ MemberDetailsList: MEMBERS }) }) };
      api.on('GET', MEMBERS_PATH, () => r.answer());
      run = r;
    }
    return run;
  }

  for (const path of paths) {
    it(path.description, { timeout: PATH_TIMEOUT_MS }, async () => {
      await path.test({ states, events });
      expect(Object.keys(states)).toContain(stateName(path.state));
    });
  }
});

describe('the members call for a menu that is not built from members', () => {
  it('shows no loading line, so the links do not move when it ends', { timeout: PATH_TIMEOUT_MS }, async () => {
    const api = createFakeApi();
    const hold = api.hold(MEMBERS_PATH);
    const app = renderApp({ api, signedInAs: 'bank-bridge', url: '/' });
    run = { api, app, release: hold.release, answer: () => ({ body: success({ MemberDetailsList: [] }) }) };
    await hold.reached;
    await screen.findByRole('heading', { level: 1, name: 'Hello, Bridge Bank Teller' });
    // The call is in flight (SPEC.md §7: made when the side menu loads), yet nothing shows it.
    expect(app.services.members.getSnapshot().hasTag('loading')).toBe(true);
    expect(nav().queryByText('Loading members…')).toBeNull();
    const headers = sectionHeaders().map((h) => h.textContent);
    expect(headers.length).toBeGreaterThan(0);
    await act(async () => hold.release());
    await waitFor(() => expect(app.services.members.getSnapshot().hasTag('loading')).toBe(false));
    expect(nav().queryByText('Loading members…')).toBeNull();
    expect(sectionHeaders().map((h) => h.textContent)).toEqual(headers);
  });
});
