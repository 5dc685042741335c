import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/chromium';
import { DEMO_PASSWORD } from './api-client';

/**
 * The same Chromium set-up as the browser tests (playwright.config.ts). Playwright's own
 * signal handlers are off: they would exit the process before bench/lib/cleanup.ts stops the
 * server; the caller registers browser.close() there instead.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
}

/**
 * Signs a demo user in through the login form, as a person would, and waits for the signed-in
 * home page ('/' with its "Your pages" heading). Expects the interface in English.
 */
export async function signInThroughForm(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: 'Your pages' }).waitFor();
}
