/**
 * The banners page (/banner): the generated paths of the real banners machine (tests/paths/
 * machines/settings.ts), each run against the whole app in jsdom with the step table
 * (tests/paths/steps/banners.ts). The fake API (support/fake-banners.ts) is the server.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Target } from '../paths/driver';
import { generatePaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { BANNERS, bannersGraph } from '../paths/machines/settings';
import { bannersSteps } from '../paths/steps/banners';
import { installFakeBanners } from './support/fake-banners';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

const PATH_TIMEOUT_MS = 30_000;

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

describe('banners machine: generated paths in jsdom', () => {
  const generated = generatePaths(bannersGraph);

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, stepsForOnePath())).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, stepsForOnePath()));
  }
});
