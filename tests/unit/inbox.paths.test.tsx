/**
 * The approvals inbox (/authorize-transactions as an administrator): the generated paths of the
 * real inbox machine (tests/paths/machines/intake.ts), each run against the whole app in jsdom
 * with its step table (tests/paths/steps/inbox.ts). A small fake server (support/fake-inbox.ts)
 * lists the waiting requests, decides each once and writes to the event stream the menu's count
 * reads; the clipboard is held until a step settles it, and once a row arrives its highlight
 * lasts until the path lets time pass.
 */
import { act } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { FRESH_MS } from '../../src/features/transfers/inbox-machine';
import { INBOX_ITEMS, inboxGraph } from '../paths/machines/intake';
import { inboxSteps } from '../paths/steps/inbox';
import { FAKE_SECOND_HALF, installFakeInbox } from './support/fake-inbox-decisions';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, fieldInMain, type JsdomDriver } from './support/jsdom-driver';
import { createManualClock, type ManualClock } from './support/manual-clock';
import { createFakeApi } from './support/render-app';

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  // The page is a lazy chunk: load it once so no path pays for its first import.
  await import('../../src/features/transfers/AuthorizePage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
  restoreTime?.();
});

let clock: ManualClock | undefined;
let restoreTime: (() => void) | undefined;
/**
 * From now on, timeouts as long as a highlight wait for `clock.advance`; every other timeout
 * keeps real time (Testing Library and user-event wait on them). A fake clock for all of them
 * would stall those waits.
 */
function holdHighlightTime() {
  if (clock) return;
  const manual = createManualClock();
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  const held = new Map<object, unknown>();
  globalThis.setTimeout = ((run: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    if (ms !== FRESH_MS) return realSetTimeout(run, ms, ...args);
    const token = {};
    held.set(
      token,
      manual.setTimeout(() => run(...args), ms),
    );
    return token;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((id: unknown) => {
    if (typeof id === 'object' && id !== null && held.has(id)) manual.clearTimeout(held.get(id));
    else realClearTimeout(id as never);
  }) as typeof clearTimeout;
  clock = manual;
  restoreTime = () => {
    globalThis.setTimeout = realSetTimeout;
    globalThis.clearTimeout = realClearTimeout;
    clock = undefined;
    restoreTime = undefined;
  };
}

function stepsForOnePath() {
  const api = createFakeApi();
  const inbox = installFakeInbox(api, [INBOX_ITEMS.transfer, INBOX_ITEMS.password]);
  let pending: { resolve: () => void; reject: (e: Error) => void } | undefined;
  const writeText = vi.fn(
    (_text: string) =>
      new Promise<void>((resolve, reject) => {
        pending = { resolve, reject };
      }),
  );
  const own = createJsdomDriver(api, {
    userEventOptions: { delay: null },
    // After the render: user-event puts its own clipboard on the navigator.
    onOpen: () => Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true }),
  });
  driver = own;
  return inboxSteps(
    own,
    {
      arrive: (item) => inbox.arrive(item),
      changed: async () => {
        await act(async () => inbox.changed());
      },
      listsAsked: async () => inbox.listCalls().length,
      decisionsSent: async () => inbox.decisionCalls().length,
      secondHalf: FAKE_SECOND_HALF,
      copied: async () => writeText.mock.lastCall?.[0],
      settleCopy: (ok) => act(async () => (ok ? pending?.resolve() : pending?.reject(new Error('denied')))),
      holdTime: holdHighlightTime,
      pass: (ms) => act(async () => clock?.advance(ms)),
    },
    async (target, value) => {
      await own.app.user.selectOptions(await fieldInMain(target), value);
    },
  );
}

describePaths('approvals inbox: generated paths in jsdom', inboxGraph, stepsForOnePath);
