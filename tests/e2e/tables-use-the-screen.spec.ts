/**
 * Tables use the screen: on the transaction report the columns that fit the width show as real
 * columns (no row details for what fits, no page-level sideways scroll), everything at 1920 px,
 * a table and not cards down to a 1000 px laptop, cards with the amount in view on a phone, and a
 * ticked column becomes a header. The approvals inbox and the KYC queue show who and status.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiSession } from './support/api-session';
import { callAs, loginViaApi } from './support/session';

const REPORT = '/reports/transaction-report';

async function expectInView(page: Page, cell: Locator, what: string) {
  const width = page.viewportSize()?.width ?? 0;
  const box = await cell.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box?.x ?? -1, what).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY), what).toBeLessThanOrEqual(width);
}

async function expectNoPageScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

const report = (page: Page) => page.locator('main section[data-layout]');
const headers = (page: Page) => report(page).locator('thead th[data-head]');

async function openReport(page: Page) {
  await loginViaApi(page, 'admin', { path: REPORT });
  await expect(page.getByTestId('report-totals')).toBeVisible({ timeout: 20_000 });
}

async function headersInView(page: Page, names: readonly string[]) {
  for (const name of names) {
    await expectInView(page, headers(page).filter({ hasText: new RegExp(`^${name}$`, 'i') }), name);
  }
}

test('at 1366x768 with the menu open the report shows who, the money and the status as columns', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openReport(page);
  await headersInView(page, ['Date', 'Reference', 'Type', 'From', 'To', 'Amount', 'Fee', 'Commission', 'Status']);
  await expectNoPageScroll(page);
  await page.screenshot({ path: test.info().outputPath(`report-1366.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(report(page)).toHaveAttribute('data-layout', 'table');
  await expectNoPageScroll(page);
  await page.screenshot({ path: test.info().outputPath(`report-1280.png`) });

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'fr' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rapport des transactions');
  await headersInView(page, ['Date', 'Référence', 'Type', 'De', 'À', 'Montant', 'Frais', 'Commission', 'Statut']);
  await expectNoPageScroll(page);
  await page.screenshot({ path: test.info().outputPath(`report-1366-fr.png`) });
});

test('at 1920x1080 every column of the report shows, and at 1000x800 it is still a table', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openReport(page);
  await expect(report(page).getByText(/these columns are in each row’s details/)).toHaveCount(0);
  await headersInView(page, [
    'Date',
    'Reference',
    'Type',
    'Service',
    'Status',
    'From',
    'To',
    'Amount',
    'Fee',
    'Commission',
  ]);
  await page.screenshot({ path: test.info().outputPath(`report-1920.png`) });

  await page.setViewportSize({ width: 1000, height: 800 });
  await expect(report(page)).toHaveAttribute('data-layout', 'table');
  await headersInView(page, ['Date', 'Reference', 'Amount']);
  await expectNoPageScroll(page);
  await page.screenshot({ path: test.info().outputPath(`report-1000.png`) });
});

test('on a 360x740 phone the rows are cards with the amount in view', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openReport(page);
  await expect(report(page)).toHaveAttribute('data-layout', 'cards');
  const amount = report(page).locator('li [data-column="amount"]').first();
  await amount.scrollIntoViewIfNeeded();
  await expectInView(page, amount, 'amount');
  await expectNoPageScroll(page);
  await page.screenshot({ path: test.info().outputPath(`report-360.png`) });
});

test('a ticked column becomes a header; the table scrolls in its own box with the reference and amount held', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openReport(page);
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  for (const name of ['From phone', 'To phone', 'Initiated by', 'Channel']) {
    await page.getByRole('menuitemcheckbox', { name }).click();
  }
  await page.keyboard.press('Escape');
  await expect(headers(page).filter({ hasText: /^Channel$/i })).toHaveCount(1);
  await expect(headers(page).filter({ hasText: /^From phone$/i })).toHaveCount(1);
  await expect(report(page)).toHaveAttribute('data-scrolls', '');
  await expectNoPageScroll(page);
  await report(page).evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  await expectInView(page, headers(page).filter({ hasText: /^Reference$/i }), 'reference');
  await expectInView(page, headers(page).filter({ hasText: /^Amount$/i }), 'amount');
  await page.screenshot({ path: test.info().outputPath(`report-1366-chosen.png`) });
});

test('at 1366x768 the approvals inbox and the KYC queue show who and status', async ({ page, playwright }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginViaApi(page, 'admin', { path: '/authorize-transactions' });
  await callAs(page, 'POST', 'transfers/admin-cash-in', { counterparty: 'CUS-000013', amount: 15_000, source: 'BBG' });
  // Someone else's request, which the admin decides: its row carries the Approve and Reject buttons.
  const maker = await apiSession(playwright, 'network-supervisor');
  const { reference } = await maker.post<{ reference: string }>('transfers/admin-cash-in', {
    counterparty: 'CUS-000013',
    amount: 15_001,
    source: 'BBG',
  });
  await maker.dispose();
  await page.goto('/authorize-transactions?view=transfers');
  const row = page.locator('[data-testid^="approval-"]').filter({ hasText: reference });
  await expect(row).toBeVisible({ timeout: 20_000 });
  for (const column of ['reference', 'source', 'beneficiary', 'status', 'amount', 'actions']) {
    await expectInView(page, row.locator(`[data-column="${column}"]`), `approval ${column}`);
  }
  await expectNoPageScroll(page);
  await page.screenshot({ path: test.info().outputPath(`transfers-1366.png`) });

  await page.goto('/authorize-transactions');
  const item = page.locator('main tbody tr[data-kind]').first();
  await expect(item).toBeVisible({ timeout: 20_000 });
  for (const column of ['request', 'maker', 'amount']) {
    await expectInView(page, item.locator(`[data-column="${column}"]`), `inbox ${column}`);
  }
  await expectNoPageScroll(page);
  await page.screenshot({ path: test.info().outputPath(`inbox-1366.png`) });

  await loginViaApi(page, 'kyc-admin', { path: '/customers' });
  const queue = page.locator('main table');
  await expect(queue.locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });
  for (const column of ['name', 'number', 'kycStatus']) {
    await expectInView(page, queue.locator(`tbody [data-column="${column}"]`).first(), `kyc ${column}`);
  }
  await expectNoPageScroll(page);
  await page.screenshot({ path: test.info().outputPath(`kyc-1366.png`) });
});
