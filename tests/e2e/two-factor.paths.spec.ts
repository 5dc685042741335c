/**
 * The caller's own two-step verification (/two-factor): the generated paths of the real
 * two-factor machine (tests/paths/machines/session-extras.ts) in real Chromium against the real
 * server, with the step table the jsdom run uses (tests/paths/steps/two-factor.ts). Signing in
 * and the app around the page are the server's; the page's own requests are held by
 * `page.route` and answered by the step table, so no demo user's two-factor setting changes and
 * the file runs beside the others. The clipboard is held the same way.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { generateCoveringPaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { asTestSteps } from './support/path-steps';
import { twoFactorGraph } from '../paths/machines/session-extras';
import { type TwoFactorEnv, twoFactorSteps } from '../paths/steps/two-factor';
import { createPlaywrightDriver } from './support/playwright-driver';

test.describe.configure({ mode: 'parallel', timeout: 60_000 });

type HeldClipboard = { calls: string[]; resolve?: () => void; reject?: () => void };

/** The clipboard answers only when a step says so. */
function holdClipboard() {
  const w = window as unknown as { heldClipboard: HeldClipboard };
  w.heldClipboard = { calls: [] };
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: (text: string) =>
        new Promise<void>((resolve, reject) => {
          w.heldClipboard.calls.push(text);
          Object.assign(w.heldClipboard, { resolve, reject: () => reject(new Error('denied')) });
        }),
    },
  });
}

function clipboardOf(page: Page): TwoFactorEnv {
  return {
    copied: () =>
      page.evaluate(() => (window as unknown as { heldClipboard: HeldClipboard }).heldClipboard.calls.at(-1)),
    settleCopy: (ok) =>
      page.evaluate(
        (how) => {
          const h = (window as unknown as { heldClipboard: HeldClipboard }).heldClipboard;
          h[how]?.();
        },
        ok ? ('resolve' as const) : ('reject' as const),
      ),
    async download(click) {
      const [download] = await Promise.all([page.waitForEvent('download'), click()]);
      return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
    },
  };
}

test.describe('two-factor machine: generated paths in Chromium', () => {
  const generated = generateCoveringPaths(twoFactorGraph);

  test('drives every transition and state of the machine', async ({ page }) => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    const steps = twoFactorSteps(await createPlaywrightDriver(page), clipboardOf(page));
    expect(incompleteSteps(generated, steps)).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    test(path.text, async ({ page }) => {
      await page.addInitScript(holdClipboard);
      const driver = await createPlaywrightDriver(page);
      try {
        await runPath(path, twoFactorSteps(driver, clipboardOf(page)), asTestSteps);
      } finally {
        await driver.close();
      }
    });
  }
});
