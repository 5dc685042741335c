/**
 * The open approvals inbox follows the server without a reload, on a desk and on a phone, in
 * English and in French: a bank checker's list gains the request a teller just made, marked for
 * a moment, where the user had scrolled; a request decided in another session leaves the list
 * behind the open reject dialog, whose typed reason stays. Screenshots of the list with a fresh
 * row land in the test's output folder (test-results/) (inbox-live-<width>-<lang>.png) for a person to look at.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Language } from '../../src/i18n';
import { LANGUAGE_KEY } from '../../src/i18n';
import { en, fr } from '../messages';
import { callAs, loginViaApi } from './support/session';
import { scrollTo } from './support/scroll-to';

test.describe.configure({ mode: 'serial' });

const MESSAGES = { en, fr };
const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;
/** The stream looks again every 5 s; the list loads right after. */
const FOLLOWS_WITHIN_MS = 15_000;

/** A page of its own browser context signed in as `username`. */
async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await loginViaApi(page, username);
  return page;
}

let amount = 3_100;
async function cashIn(teller: Page, counterparty: string): Promise<string> {
  amount += 7;
  const made = await callAs<{ approvalId: number }>(teller, 'POST', 'transfers/bank-cash-in', { counterparty, amount });
  return String(made.approvalId);
}

const row = (page: Page, id: string) => page.locator(`main [data-kind="transfer"][data-id="${id}"]`);

for (const size of SIZES) {
  for (const lang of ['en', 'fr'] as const satisfies Language[]) {
    const I = MESSAGES[lang].approvals.inbox;
    test(`the open inbox follows the server at ${size.width}×${size.height} (${lang})`, async ({ page, browser }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(size);
      const teller = await signedIn(browser, 'bank');
      const elsewhere = await signedIn(browser, 'bank-checker');
      const first = await cashIn(teller, 'CUS-000013');

      await page.goto('/login');
      await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [LANGUAGE_KEY, lang] as const);
      await loginViaApi(page, 'bank-checker', { path: '/authorize-transactions' });
      await scrollTo(row(page, first));
      await expect(row(page, first)).toBeInViewport();
      const scrolled = await page.evaluate(() => window.scrollY);

      // A new request arrives: it appears marked, and the user stays where they were.
      const second = await cashIn(teller, 'CUS-000014');
      await expect(row(page, second)).toHaveAttribute('data-fresh', 'true', { timeout: FOLLOWS_WITHIN_MS });
      await expect(row(page, first)).not.toHaveAttribute('data-fresh');
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolled);
      await expect(row(page, first)).toBeInViewport();
      await scrollTo(row(page, second));
      await page.screenshot({ path: test.info().outputPath(`inbox-live-${size.width}-${lang}.png`) });
      // The mark is for a moment only.
      await expect(row(page, second)).not.toHaveAttribute('data-fresh', { timeout: 10_000 });

      // Decided in another session while this one's reject dialog is open: it leaves behind it.
      await scrollTo(row(page, first));
      await row(page, first).getByRole('button', { name: I.reject }).click();
      const dialog = page.getByRole('dialog', { name: I.rejectTitle });
      await dialog.getByLabel(I.reason).fill('Amount not confirmed');
      await callAs(elsewhere, 'POST', `inbox/transfer/${second}/decision`, {
        decision: 'reject',
        reason: 'Duplicate deposit',
      });
      await expect(row(page, second)).toHaveCount(0, { timeout: FOLLOWS_WITHIN_MS });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel(I.reason)).toHaveValue('Amount not confirmed');
      await dialog.getByRole('button', { name: I.confirmReject }).click();
      await expect(dialog).toBeHidden();
      await expect(row(page, first)).toHaveCount(0);

      await teller.context().close();
      await elsewhere.context().close();
    });
  }
}
