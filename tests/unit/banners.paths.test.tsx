/**
 * The banners page (/banner): the generated paths of the real banners machine (tests/paths/
 * machines/settings.ts), each run against the whole app in jsdom with the step table
 * (tests/paths/steps/banners.ts). The fake API (support/fake-banners.ts) is the server.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import type { Target } from '../paths/driver';
import { BANNERS, bannersGraph } from '../paths/machines/settings';
import { bannersSteps } from '../paths/steps/banners';
import { installFakeBanners } from './support/fake-banners';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  await import('../../src/features/banners/BannersPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

function stepsForOnePath() {
  const api = createFakeApi();
  const banners = installFakeBanners(api, BANNERS);
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return bannersSteps(own, {
    admin: 'admin',
    async pickFile(target: Target, bytes) {
      if (!('label' in target)) throw new Error('A file is picked in a labelled field');
      const input = await waitFor(() => screen.getByLabelText(target.label));
      await own.app.user.upload(input, new File([new Uint8Array(bytes)], 'banner.png', { type: 'image/png' }));
    },
    writes: banners.writes,
  });
}

describePaths('banners machine: generated paths in jsdom', bannersGraph, stepsForOnePath);
