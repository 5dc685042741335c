import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium';

const port = Number(process.env.CATALOGUE_PORT ?? 6007);
const root = new URL('../../', import.meta.url).pathname;

export default defineConfig({
  testDir: '.',
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  outputDir: `${root}test-results/catalogue`,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  updateSnapshots: 'none',
  expect: {
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css', threshold: 0.05 },
  },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
    ? [['list'], ['json'], ['html', { open: 'never', outputFolder: `${root}playwright-report/catalogue` }]]
    : [['list'], ['html', { open: 'never', outputFolder: `${root}playwright-report/catalogue` }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    timezoneId: 'Africa/Dakar',
    locale: 'en-GB',
    trace: 'off',
  },
  webServer: {
    command: `${process.execPath} scripts/catalogue-serve.mjs ${port}`,
    cwd: root,
    url: `http://127.0.0.1:${port}/index.json`,
    reuseExistingServer: false,
    stdout: 'ignore',
  },
});
