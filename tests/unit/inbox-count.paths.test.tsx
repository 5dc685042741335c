/**
 * The approvals inbox's count: the generated paths of the real count machine
 * (tests/paths/machines/shell.ts), each run against the whole app in jsdom with the step table
 * of tests/paths/steps/inbox-count.ts. The fake inbox (support/fake-inbox.ts) keeps its event
 * stream open for the runner to speak through. The watcher's own fallbacks (polling, a stream
 * that fails) are in src/app/inbox-watch.test.ts.
 */
import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo-users';
import { generatePaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { inboxCountGraph, INBOX_ITEM } from '../paths/machines/shell';
import { inboxCountSteps } from '../paths/steps/inbox-count';
import { installFakeInbox, waitingReset } from './support/fake-inbox';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

const PATH_TIMEOUT_MS = 30_000;
const WAITING = waitingReset(INBOX_ITEM.id, 'bank-checker');

let driver: JsdomDriver | undefined;
let closeStreams: (() => void) | undefined;
beforeAll(async () => {
  await Promise.all([
    import('../../src/routes/shell/ShellLayout'),
    import('../../src/features/transfers/AuthorizePage'),
    import('../../src/routes/LoginPage'),
  ]);
}, 60_000);
afterEach(() => {
  closeStreams?.();
  driver?.close();
  driver = undefined;
});

function stepsForOnePath() {
  const api = createFakeApi();
  const inbox = installFakeInbox(api, [WAITING]);
  closeStreams = inbox.close;
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return inboxCountSteps(own, {
    user: 'network-supervisor',
    password: DEMO_PASSWORD,
    party: 'bank-checker',
    openSignedOut: (url) => own.openSignedOut(url),
    expectStreamsOpened: (count) => waitFor(() => expect(inbox.streamsOpened()).toBe(count)),
    pushCount: async (count, version) => inbox.pushCount(count, version),
    pushHeld: async (held) => inbox.pushHeld(held as never),
  });
}

describe('inbox count machine: generated paths in jsdom', () => {
  const generated = generatePaths(inboxCountGraph);

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, stepsForOnePath())).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, stepsForOnePath()));
  }
});
