/**
 * /onboard-student: the generated paths of the real onboarding machine (onboardGraph,
 * tests/paths/machines/queues.ts), each run against the whole app in jsdom with its step table
 * (tests/paths/steps/onboard.ts) over the fake registration server. The plain tests beside them
 * (students.test.tsx) keep each field's rule, the body sent and the French page.
 */
import { afterEach, beforeAll } from 'vitest';
import { onboardGraph } from '../paths/machines/queues';
import { onboardSteps } from '../paths/steps/onboard';
import { installFakeKyc } from './support/fake-kyc';
import { installFakeRegistration } from './support/fake-registration';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver, withSelectOption } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  await import('../../src/features/students/OnboardStudentPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

function stepsForOnePath() {
  const api = createFakeApi();
  installFakeRegistration(api, installFakeKyc(api));
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return onboardSteps(withSelectOption(own), {
    manager: 'zone-sales-manager',
    sent: () => api.callsTo('students', 'POST').length,
  });
}

describePaths('onboard machine: generated paths in jsdom', onboardGraph, stepsForOnePath);
