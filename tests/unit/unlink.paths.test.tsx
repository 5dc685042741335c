/**
 * The QR code unlink page (/unlink-qr): the generated paths of the real unlink machine
 * (tests/paths/machines/settings.ts), each run against the whole app in jsdom with the step
 * table (tests/paths/steps/unlink.ts). The fake API (support/fake-qr.ts) is the server.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import type { Target } from '../paths/driver';
import { LINKED_CODE, QR_MERCHANTS, unlinkGraph } from '../paths/machines/settings';
import type { SelectingDriver } from '../paths/steps/approvals';
import { unlinkSteps } from '../paths/steps/unlink';
import { installFakeQr } from './support/fake-qr';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  await import('../../src/features/qr/UnlinkQrPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

function stepsForOnePath() {
  const api = createFakeApi();
  const qr = installFakeQr(api, { merchants: QR_MERCHANTS, codes: [LINKED_CODE], nextCode: 'QR0000000002' });
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  const selecting: SelectingDriver = Object.assign(Object.create(own) as JsdomDriver, {
    async selectOption(target: Target, option: string) {
      if (!('label' in target)) throw new Error('An option is chosen in a labelled list');
      const select = await waitFor(() => within(screen.getByRole('main')).getByLabelText(target.label));
      await own.app.user.selectOptions(select, option);
    },
  });
  return unlinkSteps(selecting, { admin: 'admin', writes: qr.writes });
}

describePaths('unlink machine: generated paths in jsdom', unlinkGraph, stepsForOnePath);
