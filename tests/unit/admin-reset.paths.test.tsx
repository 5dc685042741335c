/**
 * An admin's reset of another user's two-factor (the card under /two-factor): the generated
 * paths of the real machine (tests/paths/machines/users.ts), each run against the whole app in
 * jsdom with the step table (tests/paths/steps/admin-reset.ts). The lookup and the reset are
 * held until the path says how they end.
 */
import { afterEach, beforeAll } from 'vitest';
import { adminResetGraph } from '../paths/machines/users';
import { adminResetSteps } from '../paths/steps/admin-reset';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi, success } from './support/render-app';

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

describePaths('admin reset machine: generated paths in jsdom', adminResetGraph, stepsForOnePath);
