/**
 * The banks page (/banks): the generated paths of the real banks machine (tests/paths/machines/
 * settings.ts), each run against the whole app in jsdom with the step table
 * (tests/paths/steps/banks.ts). The fake API (support/fake-banks.ts) is the server.
 */
import { afterEach, beforeAll } from 'vitest';
import { BANKS, banksGraph } from '../paths/machines/settings';
import { banksSteps } from '../paths/steps/banks';
import { installFakeBanks } from './support/fake-banks';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

const SPARE = {
  id: 77,
  number: 'BNK-SPARE',
  label: 'Spare float',
  balance: 0,
  status: 'active',
  heldBy: null,
};

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  await import('../../src/features/banks/BanksPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

function stepsForOnePath() {
  const api = createFakeApi();
  const banks = installFakeBanks(api, BANKS, SPARE);
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return banksSteps(own, { admin: 'admin', spareFloat: SPARE.number, writes: banks.writes });
}

describePaths('banks machine: generated paths in jsdom', banksGraph, stepsForOnePath);
