/**
 * The duplicate check while a national ID is typed on the customer registration form: the
 * generated paths of the real availability machine (tests/paths/machines/intake.ts), each run
 * against the whole app in jsdom with its step table (tests/paths/steps/availability.ts). The
 * fake API (support/fake-registration.ts) knows which numbers demo accounts hold.
 */
import { afterEach, beforeAll } from 'vitest';
import { normaliseNationalId } from '../../contract/senegal-formats';
import { availabilityGraph } from '../paths/machines/intake';
import { availabilitySteps } from '../paths/steps/availability';
import { installFakeKyc } from './support/fake-kyc';
import { installFakeRegistration } from './support/fake-registration';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  // The page is a lazy chunk: load it once so no path pays for its first import.
  await import('../../src/features/registration/RegistrationPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
  // The form's draft belongs to the tab: each path opens a new one.
  window.sessionStorage.clear();
});

function stepsForOnePath() {
  const api = createFakeApi();
  const registration = installFakeRegistration(api, installFakeKyc(api));
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return availabilitySteps(own, {
    asked: async () => registration.checkCalls().map((c) => c.body.nationalId ?? ''),
    stored: normaliseNationalId,
  });
}

describePaths('duplicate check while typing: generated paths in jsdom', availabilityGraph, stepsForOnePath);
