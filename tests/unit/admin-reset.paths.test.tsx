/**
 * An admin's reset of another user's two-factor (the card under /two-factor): the generated
 * paths of the real machine (tests/paths/machines/users.ts), each run against the whole app in
 * jsdom with the step table (tests/paths/steps/admin-reset.ts). The lookup and the reset are
 * held until the path says how they end.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generatePaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { adminResetGraph } from '../paths/machines/users';
import { adminResetSteps } from '../paths/steps/admin-reset';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi, success } from './support/render-app';

const PATH_TIMEOUT_MS = 30_000;
let driver: JsdomDriver | undefined;

beforeAll(async () => {
  await import('../../src/features/two-factor/TwoFactorPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

function stepsForOnePath() {
  const api = createFakeApi();
  // The admin's own two-factor, above the card: off.
  api.on('GET', 'two-factor', () => ({
    body: success({ enabled: false, enabledAt: null, pending: false, recoveryCodesLeft: 0 }),
  }));
  driver = createJsdomDriver(api, { userEventOptions: { delay: null } });
  return adminResetSteps(driver, {
    requestsSent: () => api.calls.filter((c) => c.path.startsWith('two-factor/users/')).length,
  });
}

describe('admin reset machine: generated paths in jsdom', () => {
  const generated = generatePaths(adminResetGraph);

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, stepsForOnePath())).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, stepsForOnePath()));
  }
});
