/**
 * /chargeback-voucher's panel where the maker asks for a chargeback: the generated paths of the
 * real ask machine (askGraph, tests/paths/machines/queues.ts), each run against the whole app in
 * jsdom with its step table (tests/paths/steps/ask.ts) over a small stateful fake server
 * (tests/unit/support/fake-chargebacks.ts). The machine's plain tests
 * (src/features/chargebacks/chargebacks.test.ts) keep how a reference is read and what is sent.
 */
import { afterEach, beforeAll } from 'vitest';
import { askGraph } from '../paths/machines/queues';
import { askSteps } from '../paths/steps/ask';
import { installFakeChargebacks } from './support/fake-chargebacks';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  await import('../../src/features/chargebacks/ChargebackPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

function stepsForOnePath() {
  const api = createFakeApi();
  const chargebacks = installFakeChargebacks(api, { pending: 1 });
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return askSteps(own, {
    maker: 'admin',
    references: chargebacks,
    notFound: 'No transaction has this reference.',
    sent: () => ({
      lookups: api.calls.filter((c) => c.path.startsWith('chargeback-transactions/')).length,
      requests: api.callsTo('chargebacks', 'POST').length,
    }),
  });
}

describePaths('ask machine: generated paths in jsdom', askGraph, stepsForOnePath);
