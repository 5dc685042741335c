/**
 * One flow's bands on /fees: the generated paths of the real fees machine (feesGraph in
 * tests/paths/machines/fees.ts), each run against the whole app in jsdom with the step table
 * tests/paths/steps/fees.ts over the fake fees API (support/fake-fees.ts). The plain tests of
 * the page (src/features/fees/FeesPage.test.tsx) keep what the machine does not decide: the
 * bands' contents, the preview's figures, an inbox row's link.
 */
import type { FeeBandBody } from '../../contract/fees';
import { afterEach, beforeAll } from 'vitest';
import { feesGraph } from '../paths/machines/fees';
import { feesSteps } from '../paths/steps/fees';
import { installFakeFees } from './support/fake-fees';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  await import('../../src/features/fees/FeesPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

/** A new fake server and app for each path, behind one driver the step table reaches through. */
function stepsForOnePath() {
  const api = createFakeApi();
  const fees = installFakeFees(api);
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return feesSteps(own, {
    admin: 'admin',
    sent: fees.sent,
    changesAsked: () => fees.changesAsked('fees/cash-out') as Promise<{ bands: FeeBandBody[] }[]>,
  });
}

describePaths('fees machine: generated paths in jsdom', feesGraph, stepsForOnePath);
