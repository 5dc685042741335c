import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/chromium';

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
