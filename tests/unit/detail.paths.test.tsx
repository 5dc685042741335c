/**
 * The detail machine on its two pages (a transaction, an account): the generated paths of the
 * real machine (tests/paths/machines/reports.ts), each run against the whole app in jsdom with
 * the step table (tests/paths/steps/detail.ts). The fake API answers one transaction and one
 * account (support/fake-details.ts); the plain tests beside them (src/features/details/
 * details.test.tsx) keep what the machine does not decide: the receipt, links, the figures.
 */
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { detailGraph } from '../paths/machines/reports';
import { detailSteps } from '../paths/steps/detail';
import { account, installFakeDetails } from './support/fake-details';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

let driver: JsdomDriver | undefined;
let printed = 0;

beforeAll(async () => {
  await import('../../src/features/details/TransactionPage');
  await import('../../src/features/details/AccountPage');
}, 60_000);
beforeEach(() => {
  printed = 0;
  vi.spyOn(window, 'print').mockImplementation(() => {
    printed++;
  });
});
afterEach(() => {
  driver?.close();
  driver = undefined;
  vi.restoreAllMocks();
});

/** A new fake server and app for each path, behind one driver the step table reaches through. */
function stepsForOnePath() {
  const api = createFakeApi();
  installFakeDetails(api);
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return detailSteps(own, {
    reader: 'admin',
    accountPages: [1, 2].map((page) => account(page).transactions.rows.map((r) => r.reference)),
    loadsAsked: async (path) =>
      api.callsTo(path, 'GET').map((c) => (path.startsWith('accounts/') ? Number(c.query.get('page')) : 1)),
    printed: async () => printed,
  });
}

describePaths('detail machine: generated paths in jsdom', detailGraph, stepsForOnePath);
