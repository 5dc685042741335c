/**
 * /chargeback-voucher's list of chargebacks: the generated paths of the real list machine
 * (chargebackListGraph, tests/paths/machines/queues.ts), each run against the whole app in jsdom
 * with its step table (tests/paths/steps/chargeback-list.ts) over a small stateful fake server
 * (tests/unit/support/fake-chargebacks.ts). The plain tests of the machine beside the page
 * (src/features/chargebacks/chargebacks.test.ts) keep the query sent and the reversal shown.
 */
import { afterEach, beforeAll } from 'vitest';
import { chargebackListGraph } from '../paths/machines/queues';
import { chargebackListSteps } from '../paths/steps/chargeback-list';
import { installFakeChargebacks } from './support/fake-chargebacks';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver, withSelectOption } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  await import('../../src/features/chargebacks/ChargebackPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

/** A new fake server and app for each path, behind one driver the step table reaches through. */
function stepsForOnePath() {
  const api = createFakeApi();
  const chargebacks = installFakeChargebacks(api);
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return chargebackListSteps(withSelectOption(own), {
    checker: 'admin',
    reversible: chargebacks.reversible,
    listed: (query) =>
      chargebacks.listed(query).map((c) => ({
        id: c.id,
        reference: c.original.reference,
        reversal: `CB261129${String(c.id).padStart(8, '0')}`,
      })),
    pages: ({ everyStatus }) => chargebacks.pages(everyStatus),
    decisionsSent: () => api.calls.filter((c) => /^chargebacks\/\d+\/decision$/.test(c.path)).length,
  });
}

describePaths('chargebackList machine: generated paths in jsdom', chargebackListGraph, stepsForOnePath);
