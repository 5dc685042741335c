/**
 * The fee preview on /fees: the generated paths of the real preview machine (feePreviewGraph in
 * tests/paths/machines/fees.ts), each run against the whole app in jsdom with the step table
 * tests/paths/steps/fee-preview.ts over the fake fees API (support/fake-fees.ts). The pause in
 * typing is the machine's own (300 ms, real time): the paths that ask wait for it.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { formatXof } from '../../src/i18n/format';
import type { Target } from '../paths/driver';
import { feePreviewGraph } from '../paths/machines/fees';
import type { SelectingDriver } from '../paths/steps/approvals';
import { feePreviewSteps } from '../paths/steps/fee-preview';
import { fakeFeeOf, installFakeFees } from './support/fake-fees';
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
  installFakeFees(api);
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  // The driver's own methods, and a choice in a drop-down list with user-event.
  const selecting: SelectingDriver = Object.assign(Object.create(own) as JsdomDriver, {
    async selectOption(target: Target, option: string) {
      if (!('label' in target)) throw new Error('A drop-down list is found by its label');
      await own.app.user.selectOptions(screen.getByLabelText(target.label), option);
    },
  });
  return feePreviewSteps(selecting, {
    admin: 'admin',
    totalShown: (amount) => new RegExp(`^${formatXof(fakeFeeOf(amount).total, 'en').replace(/\s/g, '\\s')}$`),
    asked: async () => api.callsTo('fees/preview', 'POST').map((c) => c.body as { flowId: string; amount: number }),
  });
}

describePaths('fee preview machine: generated paths in jsdom', feePreviewGraph, stepsForOnePath);
