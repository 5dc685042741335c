/**
 * In Chromium against the real API: what a person reads is in their format and in view. In an
 * American browser a report's date fields still show and take dd-mm-yyyy (the URL keeps
 * YYYY-MM-DD) and the filtered list has rows; a confirmation never covers the header's controls,
 * on a laptop or a phone.
 */
import { expect, type Page, test } from '@playwright/test';
import { bankMessages } from '../../src/features/banks/messages';
import { loginViaApi } from './support/session';

const B = bankMessages.en;
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const dmy = (iso: string) => iso.split('-').reverse().join('-');

test.describe('an en-US browser', () => {
  test.use({ locale: 'en-US', viewport: { width: 1280, height: 800 } });

  test('a report’s date filter shows and takes dd-mm-yyyy, and filters', async ({ page }) => {
    const from = isoDay(-89);
    const to = isoDay(0);
    await loginViaApi(page, 'admin', { path: `/reports/transaction-report?from=${from}&to=${to}` });
    const fromField = page.getByLabel('From', { exact: true });
    const toField = page.getByLabel('To', { exact: true });
    await expect(fromField).toHaveValue(dmy(from));
    await expect(toField).toHaveValue(dmy(to));
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');

    // The last week, typed the way the tables write days, with slashes for the start.
    const weekAgo = isoDay(-7);
    await fromField.fill(dmy(weekAgo).replaceAll('-', '/'));
    await expect(page).toHaveURL(new RegExp(`from=${weekAgo}&`));
    await fromField.blur();
    await expect(fromField).toHaveValue(dmy(weekAgo));
    const table = page.locator('main table').first();
    await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    // The newest first: the first row's day is in the week asked for (a short date on screen,
    // its whole value in the cell's datetime).
    const firstDay = ((await rows.first().locator('time').first().getAttribute('datetime')) ?? '').slice(0, 10);
    expect(firstDay >= weekAgo, firstDay).toBe(true);

    // 30 February is refused in words, and the list stays on the last real day.
    await toField.fill('30-02-2026');
    await expect(toField).toHaveAccessibleDescription('30-02-2026 is not a day of the calendar.');
    await expect(page).toHaveURL(new RegExp(`to=${to}`));
  });
});

/** Does box `a` overlap box `b`? */
const intersects = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function addBank(page: Page, stamp: string) {
  await page.getByRole('button', { name: B.add }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(B.form.name, { exact: true }).fill(`Banque Toast ${stamp}`);
  await dialog.getByLabel(B.form.code, { exact: true }).fill(`T${stamp}`);
  await dialog.getByLabel(new RegExp(`^${B.form.bic}`)).fill('ATCISNDA');
  await dialog.getByRole('button', { name: B.form.create }).click();
  await expect(dialog).toBeHidden();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a confirmation does not cover the header’s controls', async ({ page }) => {
      await loginViaApi(page, 'admin', { path: '/banks' });
      await expect(page.locator('tr[data-bank="CBAO"], [data-bank="CBAO"]').first()).toBeAttached({
        timeout: 15_000,
      });
      await addBank(page, `${viewport.width}${Date.now()}`.slice(-7));
      const toast = page.locator('.notification-success').first();
      await expect(toast).toBeVisible();
      const toastBox = await toast.boundingBox();
      const header = page.getByRole('banner');
      const headerBox = await header.boundingBox();
      expect(toastBox && headerBox).toBeTruthy();
      if (!toastBox || !headerBox) return;
      expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
      const controls = header.locator('button, input, select, a, [data-testid="user-name"]');
      expect(await controls.count()).toBeGreaterThanOrEqual(4);
      for (const control of await controls.all()) {
        if (!(await control.isVisible())) continue;
        const box = await control.boundingBox();
        if (box) expect(intersects(toastBox, box), await control.evaluate((e) => e.outerHTML.slice(0, 80))).toBe(false);
      }
    });
  });
}
