/**
 * A small export downloads on the click that asked for it, with no Download step, in English and
 * in French, on a laptop and a phone; the French CSV splits on `;` into the screen's columns, under
 * a first line saying what the file is.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { findReport, type TransactionReport } from '../../contract/reports';
import { REPORT_MESSAGES } from '../../src/features/reports/messages';
import type { Language } from '../../src/i18n/languages';
import { callAs, loginViaApi } from './support/session';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;
const LANGUAGES: readonly Language[] = ['en', 'fr'];
const REPORT = findReport('transaction-report') as TransactionReport;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type ReportPage = { total: number; rows: { reference: string }[] };

/** A filter of the demo history with a handful of rows (a failed or pending day's), and its rows. */
async function smallScreen(page: Page): Promise<{ query: string; rows: ReportPage }> {
  for (let offset = 0; offset < 30; offset++) {
    for (const status of ['failed', 'pending']) {
      const query = `from=${day(-offset)}&to=${day(-offset)}&status=${status}`;
      const rows = await callAs<ReportPage>(page, 'GET', `reports/transaction-report?${query}&pageSize=50`);
      if (rows.total >= 2 && rows.total <= 10) return { query, rows };
    }
  }
  throw new Error('No day of the demo history with a handful of failed or pending transactions');
}

for (const size of SIZES) {
  for (const language of LANGUAGES) {
    test(`a small CSV export downloads on one click (${language}, ${size.width}×${size.height})`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(size);
      await page.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
      await loginViaApi(page, 'admin');
      const { query, rows } = await smallScreen(page);
      await page.goto(`/reports/transaction-report?${query}`);
      // The page in its table or, on a phone, its list: its totals line says the rows are in.
      await expect(page.getByTestId('report-totals').filter({ visible: true })).toBeVisible({ timeout: 20_000 });
      // The screen's columns, as its column chooser lists those shown.
      await page.getByRole('button', { name: REPORT_MESSAGES[language].columns, exact: true }).click();
      const shown = await page.getByRole('menuitemcheckbox', { checked: true }).allTextContents();
      await page.keyboard.press('Escape');
      expect(shown.length).toBeGreaterThan(3);

      const button = page.getByRole('button', { name: REPORT_MESSAGES[language].exportCsv });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport();
      const downloading = page.waitForEvent('download');
      await button.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^transaction-report-.*\.csv$/);
      await page.screenshot({ path: test.info().outputPath(`export-at-once-${language}-${size.width}.png`) });

      const separator = language === 'fr' ? ';' : ',';
      const lines = (await readFile(await download.path(), 'utf8'))
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .map((line) => line.split(separator));
      // A first line saying what the file is, then the screen's columns, each in a column of its own.
      expect(lines[0]?.[0]).toBe(REPORT.title[language]);
      expect(lines[1]).toEqual(shown.map((name) => name.trim()));
      // The screen's rows in its order (reference is the second column), dates as the language reads them.
      expect(lines.slice(2).map((cells) => cells[1])).toEqual(rows.rows.map((r) => r.reference));
      const date =
        language === 'fr' ? /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/ : /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
      expect(lines[2]?.[0]).toMatch(date);
    });
  }
}
