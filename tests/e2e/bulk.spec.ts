/**
 * In Chromium against the real API: a 10,000-row bulk payment with 20 bad rows is
 * previewed, fixed and submitted by the admin, approved by a second user (the network
 * supervisor), paid exactly once (the payer's balance moves by the batch total and every row
 * has its own transaction), and its result file downloaded; then the admin changes banks,
 * sets a negotiated fee and removes it, each from a file, the fee files waiting for the network
 * supervisor's approval (what customers pay changes with two administrators only).
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { HEADER } from '../../contract/http';
import type { KycListPage } from '../../contract/api/kyc';
import type { TransferOptions } from '../../contract/api/transfers';
import { BULK_MESSAGES } from '../../src/features/bulk/messages';
import { formatXof } from '../../src/i18n/format';
import { loginViaApi } from './support/session';

test.describe.configure({ mode: 'serial' });

const B = BULK_MESSAGES.en;
const ROWS = 10_000;
const AMOUNT = 1_000;
/** The employer account these batches pay from; the path tests pay from the other two. */
const PAYER = 'PRT-PAYROLL';

async function token(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(window.localStorage.getItem('currentUser') ?? '{}') as { sessionId: string }).sessionId,
  );
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/rest/${path}`, { headers: { [HEADER.sessionToken]: await token(page) } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { payload: T }).payload;
}

async function payrollBalance(page: Page): Promise<number> {
  const options = await apiGet<TransferOptions>(page, 'transfers/payroll-cash-in/options');
  const partner = options.partners.find((p) => p.number === PAYER);
  if (partner?.balance === undefined) throw new Error(`The admin sees no balance for ${PAYER}`);
  return partner.balance;
}

async function upload(page: Page, name: string, content: string) {
  await page.getByLabel(B.file.choose).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
}

const batchIdOf = (page: Page) => new URL(page.url()).searchParams.get('batch') ?? '';

async function downloadResults(page: Page): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: B.batch.results }).click();
  const path = await (await download).path();
  return readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
}

test('a 10,000-row bulk payment with 20 bad rows is fixed, approved by a second user and paid exactly once', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await loginViaApi(page, 'admin', { path: '/bulk-payment' });
  const customers = await apiGet<KycListPage>(page, 'kyc/customers?kycStatus=approved&pageSize=200');
  const phones = customers.rows.filter((r) => r.status === 'active' && r.phone).map((r) => r.phone as string);
  expect(phones.length).toBeGreaterThan(20);
  const before = await payrollBalance(page);

  // 10,000 rows: 10 with a malformed phone, 5 with a bad amount, 5 exact copies of the row above.
  const lines = ['phone;amount;reference;name'];
  for (let i = 0; i < ROWS; i++) {
    const line = i + 2;
    if (i % 2000 === 1300) {
      lines.push(lines[lines.length - 1] as string);
      continue;
    }
    const phone = i % 1000 === 500 ? '77 12' : (phones[i % phones.length] as string);
    const amount = i % 2000 === 700 ? '12.5' : String(AMOUNT);
    lines.push(`${phone};${amount};SAL-${line};Employé ${line}`);
  }
  const csv = `${lines.join('\r\n')}\r\n`;
  await page.getByLabel(B.source.label).selectOption(PAYER);
  await upload(page, 'salaires-novembre.csv', csv);
  const errorCount = page.getByTestId('bulk-error-count');
  await expect(errorCount).toContainText(B.preview.withErrors_other.replace('{{count}}', '20'), { timeout: 60_000 });
  await expect(page.getByTestId('bulk-totals')).toContainText('10,000');

  // Fix the first malformed phone in place; drop the other bad rows.
  const badPhone = page.locator('tr[data-row="502"]');
  await expect(badPhone).toContainText('not a Senegalese mobile number');
  const phoneInput = badPhone.getByLabel('Phone, Line 502');
  await phoneInput.fill(phones[0] as string);
  await phoneInput.press('Enter');
  await expect(errorCount).toContainText(B.preview.withErrors_other.replace('{{count}}', '19'));
  await page.getByRole('button', { name: B.preview.dropInvalid }).click();
  await page.getByRole('button', { name: B.preview.check }).click();
  await expect(page.getByText(B.preview.noErrors)).toBeVisible({ timeout: 60_000 });
  const kept = ROWS - 19;
  const total = kept * AMOUNT;
  await expect(page.getByTestId('bulk-totals')).toContainText(new Intl.NumberFormat('en-US').format(total));
  await page.getByRole('button', { name: B.preview.confirm_other.replace('{{count}}', String(kept)) }).click();
  await expect(page.getByText(B.batch.waiting)).toBeVisible({ timeout: 60_000 });
  const batchId = batchIdOf(page);
  expect(batchId).toMatch(/^[0-9a-f-]{36}$/);
  // The maker cannot approve its own batch, and nothing is paid yet.
  await expect(page.getByRole('button', { name: B.batch.approve })).toHaveCount(0);
  expect(await payrollBalance(page)).toBe(before);

  await loginViaApi(page, 'network-supervisor', { path: '/bulk-payment' });
  const row = page.locator(`tr[data-batch="${batchId}"]`);
  await expect(row).toContainText(B.list.toDecide);
  await row.getByRole('button', { name: B.list.openBatch.replace('{{name}}', 'salaires-novembre.csv') }).click();
  await page.getByRole('button', { name: B.batch.approve }).click();
  await expect(page.getByTestId('bulk-progress')).toContainText(`${kept.toLocaleString('en-US')} of`, {
    timeout: 180_000,
  });
  await expect(page.getByTestId('bulk-batch')).toContainText(B.batch.status.done, { timeout: 30_000 });

  // A reload comes back to the same finished batch; its result file has one line per row.
  await page.reload();
  await expect(page.getByTestId('bulk-batch')).toContainText(B.batch.status.done);
  const results = await downloadResults(page);
  expect(results[0]).toBe('row,phone,amount,reference,name,status,transaction,error');
  const body = results.slice(1).map((l) => l.split(','));
  expect(body).toHaveLength(kept);
  expect(body.every((cells) => cells[5] === 'done')).toBe(true);
  const references = new Set(body.map((cells) => cells[6]));
  expect(references.size).toBe(kept);
  expect(body.find((cells) => cells[0] === '502')?.[5]).toBe('done');

  // Paid exactly once: the employer's balance moved by the batch total (payroll has no fee).
  await loginViaApi(page, 'admin', { path: `/bulk-payment?batch=${batchId}` });
  await expect(page.getByTestId('bulk-batch')).toContainText(B.batch.status.done);
  expect(await payrollBalance(page)).toBe(before - total);
});

test('the preview counts every row; a fixed cell is checked again on the first click; a name warning reaches the approver', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginViaApi(page, 'admin', { path: '/bulk-payment' });
  const customers = await apiGet<KycListPage>(page, 'kyc/customers?kycStatus=approved&pageSize=50');
  const [a, b, c] = customers.rows.filter((r) => r.status === 'active' && r.phone).slice(-3);
  if (!a?.phone || !b?.phone || !c?.phone) throw new Error('The demo has too few customers');
  const csv = [
    'phone;amount;reference;name',
    `${a.phone};500;NOM-1;${a.name}`,
    // The holder's name written surname first, in capitals: the same name.
    `${b.phone};400;NOM-2;${b.name.split(' ').reverse().join(' ').toUpperCase()}`,
    `${c.phone};600;NOM-3;Quelqu’un Dautre`,
    '+221 70 000 00 01;700;NOM-4;Inconnu',
    `${a.phone};12.5;NOM-5;${a.name}`,
  ].join('\r\n');
  // With several employer accounts none is preselected: the admin chooses who pays.
  await page.getByLabel(B.source.label).selectOption(PAYER);
  await upload(page, 'noms.csv', csv);
  const xof = (n: number) => formatXof(n, 'en');
  const summary = page.getByTestId('bulk-summary');
  await expect(summary).toHaveText(
    `5 rows · 3 will be paid: ${xof(1_500)} · 2 excluded: 1 unknown wallet, 1 invalid amount`,
    { timeout: 30_000 },
  );
  // The errors tab lists the two rows with errors and no other.
  await expect(page.getByRole('button', { name: 'Rows with errors (2)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-testid="bulk-rows"] tr[data-row]')).toHaveCount(2);

  // Fix the amount in place and, without leaving the field first, click "Check again" once.
  const check = page.getByRole('button', { name: B.preview.check });
  const box = await check.boundingBox();
  await page.getByLabel('Amount (XOF), Line 6').fill('300');
  const checked = page.waitForResponse((r) => r.url().endsWith('/rest/bulk/payment/check'));
  await check.click();
  await checked;
  await expect(summary).toHaveText(`5 rows · 4 will be paid: ${xof(1_800)} · 1 excluded: 1 unknown wallet`);
  // The button did not move when the field lost focus.
  expect(await check.boundingBox()).toEqual(box);
  await expect(page.getByRole('button', { name: 'Rows with errors (1)' })).toBeVisible();
  await expect(page.locator('[data-testid="bulk-rows"] tr[data-row]')).toHaveCount(1);

  await page.getByRole('button', { name: 'Drop line 5' }).click();
  await check.click();
  await expect(page.getByText(B.preview.noErrors)).toBeVisible({ timeout: 30_000 });
  // The maker sees the name that is not the holder's, with the holder's name, and may still submit.
  await expect(page.getByTestId('bulk-warning-count')).toBeVisible();
  await page.getByRole('button', { name: 'Name warnings (1)' }).click();
  await expect(page.locator('tr[data-row="4"]')).toContainText(
    `Name “Quelqu’un Dautre” is not the wallet holder’s (${c.name})`,
  );
  await page.getByRole('button', { name: B.preview.confirm_other.replace('{{count}}', '4') }).click();
  await expect(page.getByText(B.batch.waiting)).toBeVisible({ timeout: 30_000 });
  const batchId = batchIdOf(page);
  const line = `Line 4: “Quelqu’un Dautre” in the file, wallet held by ${c.name}`;
  await expect(page.getByTestId('bulk-batch-warnings')).toContainText(line);

  // The approver sees it too, before deciding.
  await loginViaApi(page, 'network-supervisor', { path: `/bulk-payment?batch=${batchId}` });
  await expect(page.getByRole('button', { name: B.batch.approve })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('bulk-batch-warnings')).toContainText(line);
});

async function runSettingsFile(
  page: Page,
  path: string,
  name: string,
  csv: string,
  fix?: (page: Page) => Promise<void>,
  /** A fee file waits: what the second administrator checks before approving it. */
  approval?: (page: Page) => Promise<void>,
) {
  await loginViaApi(page, 'admin', { path });
  await upload(page, name, csv);
  if (fix) await fix(page);
  await expect(page.getByText(B.preview.noErrors)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /^Submit \d+ rows?$/ }).click();
  if (approval) {
    await expect(page.getByTestId('bulk-batch-waiting')).toHaveText(B.batch.waitingSettings, { timeout: 30_000 });
    await loginViaApi(page, 'network-supervisor', { path: `${path}?batch=${batchIdOf(page)}` });
    await approval(page);
    await page.getByRole('button', { name: B.batch.approveSettings }).click();
  }
  await expect(page.getByTestId('bulk-batch')).toContainText(B.batch.status.done, { timeout: 60_000 });
  return downloadResults(page);
}

test('the admin changes banks, sets a negotiated fee and removes it, each from a file', async ({ page }) => {
  test.setTimeout(120_000);
  await loginViaApi(page, 'admin', { path: '/bulk-change-bank' });
  const merchants = await apiGet<KycListPage>(page, 'kyc/merchants?pageSize=5');
  const [first, second] = merchants.rows.map((r) => r.number);
  expect(first && second).toBeTruthy();

  const banks = await runSettingsFile(
    page,
    '/bulk-change-bank',
    'banques.csv',
    `account,bank\r\n${first},BIS\r\n${second},BIS\r\n`,
    async (p) => {
      // An account already with BIS moves to BBG instead: fix the cell the server flagged.
      await expect(p.getByText(B.preview.noErrors).or(p.getByTestId('bulk-error-count'))).toBeVisible({
        timeout: 30_000,
      });
      for (const line of [2, 3]) {
        const row = p.locator(`tr[data-row="${line}"]`);
        if ((await row.textContent())?.includes('already with this bank')) {
          const input = row.getByLabel(`New bank code, Line ${line}`);
          await input.fill('BBG');
          await input.press('Enter');
        }
      }
      if (await p.getByRole('button', { name: B.preview.check }).isEnabled()) {
        await p.getByRole('button', { name: B.preview.check }).click();
      }
    },
  );
  expect(banks.slice(1).map((l) => l.split(',')[3])).toEqual(['done', 'done']);

  const fees = await runSettingsFile(
    page,
    '/bulk-fee-override',
    'frais.csv',
    `account;flow;fixed fee;percent fee\r\n${first};agent-cash-in;75;\r\n${first};cash-out;;0,5\r\n`,
    undefined,
    // A free cash-in charged 75 XOF, and 0.5 % where the schedule charges 1 % between 100 and 5,000 XOF.
    async (p) => {
      const warnings = p.getByTestId('bulk-batch-warnings');
      await expect(warnings).toContainText(`${B.warnings.feeTitle} (2)`, { timeout: 30_000 });
      await expect(warnings).toContainText(
        `Line 3, ${first}: Cash Out: ${formatXof(10_000, 'en')} on ${formatXof(2_000_000, 'en')}; the schedule’s band is ${formatXof(100, 'en')}–${formatXof(5_000, 'en')}`,
      );
    },
  );
  expect(fees.slice(1).map((l) => l.split(',').at(-3))).toEqual(['done', 'done']);

  const removed = await runSettingsFile(
    page,
    '/bulk-fee-removal',
    'suppression.csv',
    `account,flow\r\n${first},agent-cash-in\r\n`,
    undefined,
    async (p) => expect(p.getByRole('button', { name: B.batch.approveSettings })).toBeVisible({ timeout: 30_000 }),
  );
  expect(removed.slice(1).map((l) => l.split(',').at(-3))).toEqual(['done']);

  // Removing it again is refused in the preview: there is nothing left to remove.
  await loginViaApi(page, 'admin', { path: '/bulk-fee-removal' });
  await upload(page, 'suppression-2.csv', `account,flow\r\n${first},agent-cash-in\r\n`);
  await expect(page.locator('tr[data-row="2"]')).toContainText('no negotiated fee on this flow', { timeout: 30_000 });
});
