/**
 * The receipt an agent hands over, in Chromium against the real API, at 1280×800 and 360×740 in
 * English and French: the customer's copy carries the company header, what was paid and
 * received, the agent's note and who served, and nothing of the agent's own (commission, float);
 * the agent's copy adds them. It prints alone on an A4 sheet or an 80 mm roll, and the
 * transaction's page prints the same layout.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { LANGUAGE_KEY } from '../../src/i18n';
import type { Language } from '../../src/i18n/languages';
import { en, fr } from '../messages';
import { loginViaApi } from './support/session';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];
const MM = 72 / 25.4;

function fact(scope: Locator, label: string): Locator {
  return scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** The width and height, in points, of the printed sheet. */
async function printedSheet(page: Page) {
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)/.exec(pdf);
  expect(box, 'the PDF names its sheet size').not.toBeNull();
  return { width: Number(box?.[1]), height: Number(box?.[2]) };
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of SIZES) {
  for (const lang of ['en', 'fr'] as const satisfies Language[]) {
    test(`an agent's cash-in receipt, customer and agent copies, at ${size.width} px in ${lang}`, async ({
      page,
    }, info) => {
      const M = lang === 'fr' ? fr : en;
      const T = M.transfers;
      const R = M.receipt;
      const note = lang === 'fr' ? 'Loyer de novembre' : 'November rent';
      await page.setViewportSize(size);
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        LANGUAGE_KEY,
        lang,
      ] as const);
      await loginViaApi(page, 'agent', { path: '/cash-in' });

      const amount = page.getByLabel(new RegExp(`^${T.amount.replace(/[()]/g, '\\$&')}`));
      await expect(amount).toBeVisible({ timeout: 15_000 });
      await page.getByLabel(new RegExp(`^${T.counterparty.beneficiary}`)).fill('CUS-000003');
      await amount.fill('1500');
      await page.getByLabel(new RegExp(`^${T.note}`)).fill(note);
      await page.getByRole('button', { name: T.review }).click();
      await page.getByRole('button', { name: T.confirm }).click();

      const receipt = page.getByRole('article', { name: T.receiptTitle });
      await expect(receipt).toBeVisible({ timeout: 15_000 });
      await expect(receipt.getByText(R.company)).toBeVisible();
      await expect(receipt.getByText(R.customerCopy)).toBeVisible();
      await expect(fact(receipt, R.note)).toHaveText(note);
      await expect(fact(receipt, R.servedBy)).toHaveText('Moussa Diop');
      await expect(fact(receipt, R.to)).toContainText('CUS-000003');
      await expect(fact(receipt, R.amount)).toContainText(/1[\s,.\u202f]?500/);
      await expect(receipt.getByText(R.commission)).toHaveCount(0);
      await expect(receipt.getByTestId('balance-sum')).toHaveCount(0);
      const customerLabels = await receipt.locator('dt').allTextContents();
      await noSidewaysScroll(page);
      await page.screenshot({ path: info.outputPath(`flow-customer-${size.width}-${lang}.png`), fullPage: true });

      // The customer's copy prints alone, on the sheet chosen.
      expect((await printedSheet(page)).width).toBeCloseTo(210 * MM, 0);
      await page.getByRole('radio', { name: R.roll }).check();
      expect((await printedSheet(page)).width).toBeCloseTo(80 * MM, 0);

      // On paper: the receipt with its company header, and nothing of the page around it.
      await page.emulateMedia({ media: 'print' });
      await expect(receipt.getByText(R.company)).toBeVisible();
      await expect(receipt.getByText(R.customerCopy, { exact: true }).last()).toBeVisible();
      await expect(page.getByRole('button', { name: T.print })).toBeHidden();
      await expect(page.getByRole('tab', { name: R.agentCopy })).toBeHidden();
      await page.emulateMedia({ media: 'screen' });

      await page.getByRole('tab', { name: R.agentCopy }).click();
      await expect(receipt.getByText(R.agentCopy, { exact: true }).last()).toBeVisible();
      await expect(fact(receipt, R.commission)).toContainText(/\d/);
      await expect(receipt.getByTestId('balance-sum')).toBeVisible();
      await expect(fact(receipt, R.note)).toHaveText(note);
      await page.screenshot({ path: info.outputPath(`flow-agent-${size.width}-${lang}.png`), fullPage: true });
      const reference = ((await fact(receipt, R.reference).textContent()) ?? '').trim();

      // The transaction's page prints the same layout, with the same note.
      await loginViaApi(page, 'admin', { path: `/transactions/${reference}` });
      const again = page.getByRole('article', { name: M.details.tx.receipt });
      await expect(again).toBeVisible({ timeout: 15_000 });
      await expect(again.getByText(R.customerCopy)).toBeVisible();
      expect(await again.locator('dt').allTextContents()).toEqual(customerLabels);
      await expect(fact(again, R.note)).toHaveText(note);
      await expect(again.getByText(R.commission)).toHaveCount(0);
      await noSidewaysScroll(page);
      await page.screenshot({ path: info.outputPath(`transaction-${size.width}-${lang}.png`), fullPage: true });
      await page.getByRole('tab', { name: R.agentCopy }).click();
      await expect(fact(again, R.commission)).toContainText(/\d/);
    });
  }
}
