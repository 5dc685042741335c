/**
 * In Chromium against the real API, as the admin: a bank is added and offered in the
 * admin cash-in's bank picker, then deactivated and gone from it; a demo merchant's QR code is
 * generated and downloaded as a PNG, then unlinked with a reason (it no longer resolves), and
 * the unlink is found in the audit trail.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { AUDIT_ACTION_LABELS } from '../../contract/audit-actions';
import { HEADER } from '../../contract/http';
import { bankMessages } from '../../src/features/banks/messages';
import { en, said } from '../messages';
import { REASON_MIN } from '../../contract/reasons';
import { qrMessages } from '../../src/features/qr/messages';
import { loginViaApi, storedUser } from './support/session';

test.describe.configure({ mode: 'serial' });

const B = bankMessages.en;
const Q = qrMessages.en;
const T = en.transfers;

const stamp = `${Date.now()}`.slice(-6);
const bankName = `Banque E2E ${stamp}`;
const bankCode = `E2E${stamp}`;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** The admin cash-in's bank picker, once the form's options have loaded. */
async function cashInBankPicker(page: Page) {
  await page.goto('/admin-cash-in');
  const picker = page.getByLabel(T.source.bankFloat);
  await expect(picker).toBeVisible({ timeout: 15_000 });
  await expect(picker.locator('option[value="CBAO"]')).toHaveCount(1);
  return picker;
}

test('a bank added on /banks is offered in a bank picker, and leaves it once deactivated', async ({ page }) => {
  await loginViaApi(page, 'admin', { path: '/banks' });
  await expect(page.locator('tr[data-bank="CBAO"]')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: B.add }).click();
  const dialog = page.getByRole('dialog');
  // Nothing typed: the form says what is missing, in place.
  await dialog.getByRole('button', { name: B.form.create }).click();
  await expect(dialog.getByText(B.errors.name)).toBeVisible();
  await dialog.getByLabel(B.form.name, { exact: true }).fill(bankName);
  await dialog.getByLabel(B.form.code, { exact: true }).fill(bankCode.toLowerCase());
  await dialog.getByLabel(new RegExp(`^${B.form.bic}`)).fill('ATCISNDA');
  await expect(dialog.getByLabel(B.form.float)).toHaveValue('new');
  await dialog.getByRole('button', { name: B.form.create }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator(`tr[data-bank="${bankCode}"]`);
  await expect(row).toContainText(bankName);
  await expect(row).toContainText(`BNK-${bankCode}`);
  await expect(row).toContainText(B.state.active);

  let picker = await cashInBankPicker(page);
  await expect(picker.locator(`option[value="${bankCode}"]`)).toHaveText(bankName);

  await page.goto('/banks');
  await page.getByRole('button', { name: fill(B.deactivateLabel, { name: bankName }) }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(fill(B.confirm.deactivateTitle, { name: bankName }));
  await confirm.getByRole('button', { name: B.confirm.deactivate }).click();
  await expect(confirm).toBeHidden();
  await expect(page.locator(`tr[data-bank="${bankCode}"]`)).toContainText(B.state.inactive);

  picker = await cashInBankPicker(page);
  await expect(picker.locator(`option[value="${bankCode}"]`)).toHaveCount(0);
});

test('a merchant QR code is generated, downloaded, unlinked, and the unlink is in the audit trail', async ({
  page,
}) => {
  await loginViaApi(page, 'admin', { path: '/generate-qr' });
  await page.getByLabel(Q.generate.merchant).fill('MRC-00005');
  await page.getByRole('button', { name: Q.generate.find }).click();
  await expect(page.getByTestId('chosen-merchant')).toBeVisible({ timeout: 15_000 });
  await page.getByLabel(new RegExp(`^${Q.generate.amount.replace(/[()]/g, '\\$&')}`)).fill('2 500');
  await page.getByRole('button', { name: Q.generate.submit }).click();

  const codeCell = page.getByTestId('qr-code');
  await expect(codeCell).toHaveText(/^QR[0-9A-Z]{10}$/, { timeout: 15_000 });
  const code = (await codeCell.textContent()) as string;
  await expect(page.locator('[data-print-qr] img[src^="blob:"]')).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: Q.actions.png }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${code}.png`);
  const png = readFileSync((await download.path()) as string);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  await page.goto('/unlink-qr');
  await page.getByLabel(Q.unlink.search).fill(code.toLowerCase());
  await page.getByRole('button', { name: Q.unlink.find }).click();
  const row = page.locator(`tr[data-qr="${code}"]`);
  await expect(row).toContainText(Q.unlink.status_linked, { timeout: 15_000 });
  await row.getByRole('button', { name: fill(Q.unlink.actionLabel, { code }) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: Q.unlink.confirm }).click();
  await expect(dialog.getByText(said(Q.unlink.reasonError, { min: REASON_MIN }))).toBeVisible();
  const reason = `Sticker stolen from the counter (${stamp})`;
  await dialog.getByLabel(Q.unlink.reason).fill(reason);
  await dialog.getByRole('button', { name: Q.unlink.confirm }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(Q.unlink.status_unlinked);
  await expect(row).toContainText(reason);

  // An unlinked code no longer resolves.
  const user = await storedUser(page);
  const resolved = await page.request.get(`/rest/qr-codes/${code}`, {
    headers: { [HEADER.sessionToken]: user?.sessionId ?? '' },
  });
  expect(resolved.status()).toBe(410);

  await page.goto('/audit-trail?action=qr.unlink');
  // The newest unlink is this one; what the width gives no column is in the row's details.
  const event = page.locator('tr[data-action="qr.unlink"]').first();
  await expect(event).toBeVisible({ timeout: 15_000 });
  await expect(event).toContainText(AUDIT_ACTION_LABELS['qr.unlink'].en);
  await expect(event).toContainText('Awa Ndiaye');
  const expand = event.getByRole('button', { name: /other columns of this row/ });
  if (await expand.count()) await expand.click();
  const list = page.locator('main table').first();
  await expect(list).toContainText(code);
  await expect(list).toContainText(reason);
});
