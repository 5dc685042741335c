/**
 * Who has a case open (src/machines/presence.ts): the generated paths of the real presence
 * machine (tests/paths/machines/presence.ts), each run against the whole app in jsdom with the
 * step table (tests/paths/steps/presence.ts). The fake KYC server (support/fake-kyc.ts) serves
 * the case; the runner counts the announcements and withdrawals the server hears.
 */
import { afterEach, beforeAll } from 'vitest';
import { PRESENCE_CASE, presenceGraph } from '../paths/machines/presence';
import { presenceSteps } from '../paths/steps/presence';
import { installFakeKyc } from './support/fake-kyc';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi, success } from './support/render-app';

const CASE_PATH = `presence/kyc/${PRESENCE_CASE.number}`;

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  await import('../../src/features/kyc/ReviewListPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

function stepsForOnePath() {
  const api = createFakeApi();
  installFakeKyc(api);
  for (const method of ['PUT', 'DELETE']) api.on(method, CASE_PATH, () => ({ body: success({}) }));
  driver = createJsdomDriver(api, { userEventOptions: { delay: null } });
  return presenceSteps(driver, {
    announced: () => api.callsTo(CASE_PATH, 'PUT').length,
    withdrawn: () => api.callsTo(CASE_PATH, 'DELETE').length,
  });
}

describePaths('presence machine: generated paths in jsdom', presenceGraph, stepsForOnePath);
