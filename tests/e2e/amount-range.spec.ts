/**
 * An amount field states the one range its flow takes, from the server's rules, in the user's
 * language and its one money form; a server refusal leaves as soon as the form changes, so two
 * messages never contradict each other. An agent's cash-in at 1280×800, 1366×768 and 360×740,
 * in English and French. Screenshots land in the test's output folder (test-results/) (amount-range-<width>-<lang>.png, amount-<width>-<lang>.png) for a person to look at.
 */
import { expect, type Page, test } from '@playwright/test';
import { formatXof } from '../../contract/money';
import type { Language } from '../../src/i18n';
import { LANGUAGE_KEY } from '../../src/i18n';
import { en, fr, said } from '../messages';
import { loginViaApi } from './support/session';

const MESSAGES = { en, fr };
/** The agent cash-in's fee schedule in the demo data: 100 to 2,000,000 XOF. */
const RANGE = { min: 100, max: 2_000_000 };
/** A well-formed mobile number no demo wallet has. */
const NOBODY = '76 000 00 01';
/** Every money figure in one language's form: "XOF 1,000" or "1 000 XOF". */
const MONEY = { en: /^XOF\s\d{1,3}(,\d{3})*$/, fr: /^\d{1,3}(\s\d{3})*\sXOF$/ };

async function inLanguage(page: Page, lang: Language) {
  await page.goto('/login');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [LANGUAGE_KEY, lang] as const);
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 360, height: 740 },
]) {
  test.describe(`an agent's cash-in at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    for (const lang of ['en', 'fr'] as const) {
      const T = MESSAGES[lang].transfers;
      const xof = (n: number) => formatXof(n, lang);

      test(`states the flow's one range and drops a refusal once the form changes (${lang})`, async ({ page }) => {
        await inLanguage(page, lang);
        await loginViaApi(page, 'agent', { path: '/cash-in' });
        const amount = page.locator('#transfer-amount');
        await expect(amount).toBeVisible({ timeout: 15_000 });
        const main = page.locator('main');

        // The hint is the server's range for this flow, not a range of the dashboard's own.
        await expect(amount).toHaveAccessibleDescription(
          said(T.amountHint, { min: xof(RANGE.min), max: xof(RANGE.max) }),
        );
        await expect(page.getByTestId('own-balance')).toHaveText(MONEY[lang]);

        // Outside it, the field says the same range once, and nothing asks the server.
        await page.locator('#transfer-counterparty').fill(NOBODY);
        await amount.fill('50');
        await page.getByRole('button', { name: T.review }).click();
        const rangeText = said(T.errors.amountRange, { min: xof(RANGE.min), max: xof(RANGE.max) });
        await expect(amount).toHaveAccessibleDescription(rangeText);
        await expect(main.getByText(xof(RANGE.max))).toHaveCount(1);
        await expect(main.getByRole('alert')).toHaveCount(0);
        await page.screenshot({
          path: test.info().outputPath(`amount-range-${size.width}-${lang}.png`),
          fullPage: true,
        });

        // Inside it, the server refuses the unknown wallet; changing the form takes that away.
        await amount.fill('2 500');
        await expect(amount).toHaveAccessibleDescription(said(T.amountReads, { amount: xof(2_500) }));
        await page.getByRole('button', { name: T.review }).click();
        const refusal = main.getByRole('alert');
        await expect(refusal).toBeVisible();
        await page.screenshot({ path: test.info().outputPath(`amount-${size.width}-${lang}.png`), fullPage: true });
        await amount.fill('3 000');
        await expect(refusal).toHaveCount(0);
        await expect(amount).toHaveAccessibleDescription(said(T.amountReads, { amount: xof(3_000) }));
      });
    }
  });
}
