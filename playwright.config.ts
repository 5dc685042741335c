import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/chromium';

const port = Number(process.env.E2E_PORT ?? 8181);
// One fresh database per run; workers inherit the same server.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'wallet-e2e-'));

/**
 * Files that change what other files rely on (two-factor on for a demo user), or that leave
 * requests waiting in a shared inbox while others expect it empty (the live inbox's teller
 * cash-ins for the bank checker, the presence test's admin cash-in and the KYC case it holds):
 * see `projects`.
 */
const EXCLUSIVE = /(two-factor|session\.paths|inbox-live|presence)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_500 },
  // The list is what a terminal and CI read; `npm run test:e2e:report` adds the HTML report
  // (playwright-report/, opened with `npx playwright show-report`).
  reporter: [
    ['list'],
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as const] : []),
    ...(process.env.E2E_HTML_REPORT ? [['html', { open: 'never' }] as const] : []),
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
    serviceWorkers: 'block',
    // A failed test keeps its trace (test-results/…/trace.zip, `npx playwright show-trace`): each
    // action with the page's DOM before and after it. The trace's film strip is left out: taking
    // a screenshot of every frame of every test made the browser stage about a tenth slower, and
    // the failure's own screenshot is kept below.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'main', testIgnore: EXCLUSIVE },
    // These turn two-factor on for a demo user that other files sign in as with the password
    // alone: they run alone, after those. (`--no-deps` runs one of them by itself.)
    { name: 'exclusive', testMatch: EXCLUSIVE, dependencies: ['main'], workers: 1 },
  ],
  webServer: {
    command: `${process.execPath} --import tsx server/index.ts`,
    url: `http://127.0.0.1:${port}/rest/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
      DEMO_SIZE: 'small',
    },
  },
});
