/**
 * The caller's own two-step verification (/two-factor): the generated paths of the real
 * two-factor machine (tests/paths/machines/session-extras.ts), each run against the whole app in
 * jsdom with the shared step table (tests/paths/steps/two-factor.ts). Each request is held by
 * the fake API until the path says how it ends; the clipboard is held the same way.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generatePaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { twoFactorGraph } from '../paths/machines/session-extras';
import { type TwoFactorEnv, twoFactorSteps } from '../paths/steps/two-factor';
import { heldClipboard } from './support/held-clipboard';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

const PATH_TIMEOUT_MS = 30_000;
let driver: JsdomDriver | undefined;

beforeAll(async () => {
  await import('../../src/features/two-factor/TwoFactorPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
  vi.restoreAllMocks();
});

/** A driver over a new fake API, and the clipboard held until a step settles it. */
function open(): { d: JsdomDriver; env: TwoFactorEnv } {
  const clipboard = heldClipboard();
  const d = createJsdomDriver(createFakeApi(), { onOpen: clipboard.install });
  driver = d;
  const env: TwoFactorEnv = {
    copied: clipboard.copied,
    settleCopy: clipboard.settleCopy,
    async download(click) {
      URL.createObjectURL = vi.fn(() => 'blob:http://localhost/codes');
      URL.revokeObjectURL = vi.fn();
      const anchorClick = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      await click();
      expect(anchorClick).toHaveBeenCalledTimes(1);
      const file = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0];
      if (!(file instanceof Blob)) throw new Error('No file was made');
      return { name: (anchorClick.mock.contexts[0] as HTMLAnchorElement).download, text: await file.text() };
    },
  };
  return { d, env };
}

describe('two-factor machine: generated paths in jsdom', () => {
  const generated = generatePaths(twoFactorGraph);

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    const { d, env } = open();
    expect(incompleteSteps(generated, twoFactorSteps(d, env))).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => {
      const { d, env } = open();
      return runPath(path, twoFactorSteps(d, env));
    });
  }
});
