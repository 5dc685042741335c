/**
 * Money movement end to end in Chromium against the real API: every demo user whose
 * menu has a transfer route completes its flow, a maker and a checker on two different
 * accounts settle what needs approval, and the reports show the new balances and references.
 * Serial: the flows share accounts (AGT-00001, the chain, the bank floats), and each test reads
 * balances before and after.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_WITHDRAWAL_CODES } from '../../server/db/demo-withdrawal-codes';
import { en, said } from '../messages';
import { loginViaApi } from './support/session';
import { REASON_MIN } from '../../contract/reasons';

test.describe.configure({ mode: 'serial' });

const T = en.transfers;
const A = en.approvals;

function codeOf(account: string) {
  const entry = DEMO_WITHDRAWAL_CODES.find((c) => c.account === account && c.usable);
  if (!entry) throw new Error(`No usable demo withdrawal code for ${account}`);
  return entry;
}

/** The value next to a label in a <dl> of the review or the receipt. */
function fact(scope: Locator, label: string): Locator {
  return scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** Francs in a formatted amount ("12 500 F CFA", "XOF 12,500"). */
const francs = (text: string) => Number(text.replace(/[^\d-]/g, ''));

async function ownBalance(page: Page): Promise<number> {
  const balance = page.getByTestId('own-balance');
  await expect(balance).toBeVisible();
  return francs((await balance.textContent()) ?? '');
}

interface Filled {
  beneficiary?: string;
  child?: string;
  bank?: string;
  partner?: string;
  amount: number;
  code?: string;
}

/** Fills the form and asks for the review. */
async function fillAndReview(page: Page, fill: Filled) {
  const amount = page.getByLabel(new RegExp(`^${T.amount.replace(/[()]/g, '\\$&')}`));
  // The form shows once its options have loaded.
  await expect(amount).toBeVisible({ timeout: 15_000 });
  if (fill.bank) {
    const label = (await page.getByLabel(T.source.bankFloat).count()) ? T.source.bankFloat : T.source.bankReceiving;
    await page.getByLabel(label).selectOption(fill.bank);
  }
  if (fill.partner) await page.getByLabel(T.source.partner).selectOption(fill.partner);
  if (fill.child) await page.getByLabel(T.counterparty.child).selectOption(fill.child);
  if (fill.beneficiary) {
    const field = page.getByLabel(new RegExp(`^(${T.counterparty.beneficiary}|${T.counterparty.customer})`));
    await field.fill(fill.beneficiary);
  }
  await amount.fill(String(fill.amount));
  if (fill.code) await page.getByLabel(new RegExp(`^${T.withdrawalCode}`)).fill(fill.code);
  await page.getByRole('button', { name: T.review }).click();
}

/** Fills the form, reviews it and returns the review's figures. */
async function review(page: Page, fill: Filled) {
  await fillAndReview(page, fill);
  const reviewed = page.getByRole('heading', { name: T.reviewTitle });
  await expect(reviewed).toBeVisible();
  const main = page.locator('main');
  // The review's facts; an agent's till has its own lines under them (balance-sum).
  const facts = main.locator('dl').first();
  const after = fact(main, T.balanceAfter);
  return {
    to: (await fact(facts, T.to).textContent()) ?? '',
    fee: francs((await fact(facts, T.fee).textContent()) ?? ''),
    total: francs((await fact(facts, T.total).textContent()) ?? ''),
    balanceAfter: (await after.count()) ? francs((await after.textContent()) ?? '') : null,
  };
}

/** The till's lines on the review or receipt: balance now, each line in or out, balance after. */
async function expectSumAddsUp(scope: Locator) {
  const sum = scope.getByTestId('balance-sum');
  await expect(sum).toBeVisible();
  const labels = await sum.locator('dt').allTextContents();
  const values = (await sum.locator('dd').allTextContents()).map((v) => (v.includes('−') ? -1 : 1) * francs(v));
  const before = values[0] ?? 0;
  const after = values.at(-1) ?? 0;
  expect(before + values.slice(1, -1).reduce((a, b) => a + b, 0)).toBe(after);
  return Object.fromEntries(labels.map((label, i) => [label, values[i] ?? 0]));
}

/** Confirms (twice, as a hurried double click) and returns the receipt's reference and status. */
async function confirm(page: Page) {
  await page.getByRole('button', { name: T.confirm }).dblclick();
  const receipt = page.getByRole('article', { name: T.receiptTitle });
  await expect(receipt).toBeVisible({ timeout: 15_000 });
  const reference = ((await fact(receipt, T.reference).textContent()) ?? '').trim();
  expect(reference).toMatch(/^TR\d{14}$/);
  return { reference, status: ((await fact(receipt, T.status).textContent()) ?? '').trim() };
}

/** The transaction as a report returns it, through the page's own session. */
async function reportRow(page: Page, report: string, reference: string) {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { sessionId?: string }).sessionId,
  );
  const response = await page.request.get(`/rest/reports/${report}?q=${reference}`, {
    headers: { 'X-Session-Token': token ?? '' },
  });
  expect(response.status()).toBe(200);
  const payload = ((await response.json()) as { payload: { rows: Record<string, unknown>[] } }).payload;
  return payload.rows.filter((r) => r.reference === reference);
}

test('an agent cashes in: one posting for a double click, its balance and report follow', async ({ page }) => {
  await loginViaApi(page, 'agent', { path: '/cash-in' });
  const before = await ownBalance(page);
  const reviewed = await review(page, { beneficiary: 'CUS-000003', amount: 7_350 });
  expect(reviewed.to).toContain('CUS-000003');
  // The till is named as a till, with the person operating it.
  const main = page.locator('main');
  await expect(fact(main.locator('dl').first(), T.from)).toContainText('Agent Khady Ndiaye till');
  await expect(fact(main.locator('dl').first(), T.from)).toContainText('Operated by: Moussa Diop');
  // Fee and commission are on screen, and the balance after is what they add up to.
  const lines = await expectSumAddsUp(main);
  expect(lines[T.balanceNow]).toBe(before);
  expect(lines[T.amountOut]).toBe(-7_350);
  expect(lines[T.fee]).toBe(-reviewed.fee);
  expect(lines[T.commission]).toBeGreaterThan(0);
  expect(lines[T.balanceAfter]).toBe(reviewed.balanceAfter);
  const { reference, status } = await confirm(page);
  // The till's float is the agent's, on the agent's copy only.
  await page.getByRole('tab', { name: en.receipt.agentCopy }).click();
  await expectSumAddsUp(page.getByRole('article', { name: T.receiptTitle }));
  expect(status).toBe(en.reports.values.status.success);

  const rows = await reportRow(page, 'individual-transaction-report', reference);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.amount).toBe(7_350);

  await page.getByRole('button', { name: T.newTransfer }).click();
  const after = await ownBalance(page);
  expect(after).toBe(reviewed.balanceAfter ?? before - 7_350);
  expect(after).toBeLessThan(before);
});

test('the all-digit agent login cashes in over channel wap1', async ({ page }) => {
  await loginViaApi(page, '221771234567', { path: '/cash-in' });
  await review(page, { beneficiary: codeOf('CUS-000006').phone, amount: 2_000 });
  const { reference } = await confirm(page);
  const receipt = page.getByRole('article', { name: T.receiptTitle });
  await expect(fact(receipt, T.channel)).not.toHaveText('');
  const rows = await reportRow(page, 'individual-transaction-report', reference);
  expect(rows[0]?.channel).toBe('wap1');
});

test('an agent cashes out with the customer’s one-time code, which cannot be used twice', async ({ page }) => {
  const customer = codeOf('CUS-000006');
  await loginViaApi(page, 'agent', { path: '/cash-out' });
  const before = await ownBalance(page);
  const reviewed = await review(page, { beneficiary: customer.phone, amount: 10_000, code: customer.code });
  expect(reviewed.fee).toBeGreaterThan(0);
  expect(reviewed.total).toBe(10_000 + reviewed.fee);
  const { reference, status } = await confirm(page);
  expect(status).toBe(en.reports.values.status.success);
  expect(await reportRow(page, 'individual-transaction-report', reference)).toHaveLength(1);

  await page.getByRole('button', { name: T.newTransfer }).click();
  // The agent paid out 10,000 and earned its share of the fee.
  expect(await ownBalance(page)).toBeGreaterThan(before);

  // Spent: the same code is stopped before the review, on its own field, and the form is kept.
  await fillAndReview(page, { beneficiary: customer.phone, amount: 5_000, code: customer.code });
  const codeField = page.getByLabel(new RegExp(`^${T.withdrawalCode}`));
  await expect(page.getByText(T.errors.codeWrong)).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toHaveValue(customer.code);
  await expect(page.getByRole('heading', { name: T.reviewTitle })).toHaveCount(0);
});

test('an agent’s wrong withdrawal code is stopped before the review; the right one goes on', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const customer = codeOf('CUS-000013');
  const wrong = customer.code === '000000' ? '111111' : '000000';
  await loginViaApi(page, 'agent', { path: '/cash-out' });
  await fillAndReview(page, { beneficiary: customer.phone, amount: 3_000, code: wrong });
  const codeField = page.getByLabel(new RegExp(`^${T.withdrawalCode}`));
  await expect(page.getByText(T.errors.codeWrong)).toBeVisible();
  await expect(codeField).toBeFocused();
  await expect(page.getByRole('heading', { name: T.reviewTitle })).toHaveCount(0);

  await codeField.fill(customer.code);
  await page.getByRole('button', { name: T.review }).click();
  await expect(page.getByRole('heading', { name: T.reviewTitle })).toBeVisible();
  // The agent's till is the one credited: named as a till, and its commission adds up on screen.
  const main = page.locator('main');
  await expect(fact(main.locator('dl').first(), T.to)).toContainText('Operated by: Moussa Diop');
  const lines = await expectSumAddsUp(main);
  expect(lines[T.amount]).toBe(3_000);
  expect(lines[T.commission]).toBeGreaterThan(0);
});

test('an admin cash-in waits; the admin cannot approve it; the network supervisor does', async ({ page }) => {
  await loginViaApi(page, 'admin', { path: '/admin-cash-in' });
  await review(page, { bank: 'BBG', beneficiary: 'CUS-000013', amount: 15_000 });
  await expect(page.getByTestId('approval-notice')).toBeVisible();
  const { reference, status } = await confirm(page);
  expect(status).toBe(T.statusPending);
  expect((await reportRow(page, 'transaction-report', reference))[0]?.status).toBe('pending');

  await page.goto('/authorize-transactions?view=transfers');
  const own = page.getByRole('row').filter({ hasText: reference });
  await expect(own).toBeVisible();
  await expect(own.getByRole('button', { name: A.approve })).toHaveCount(0);

  await loginViaApi(page, 'network-supervisor', { path: '/authorize-transactions?view=transfers' });
  const row = page.getByRole('row').filter({ hasText: reference });
  await row.getByRole('button', { name: `${A.approveRow.replace('{{reference}}', reference)}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: A.dialog.confirmApprove }).click();
  await expect(page.getByTestId('decision-outcome')).toContainText(A.results.approved);
  expect((await reportRow(page, 'transaction-report', reference))[0]?.status).toBe('success');
});

test('an admin cashes out at a bank counter; payroll and a second cash-in wait and are approved in bulk', async ({
  page,
}) => {
  await loginViaApi(page, 'admin', { path: '/cash-out' });
  const customer = codeOf('CUS-000014');
  await review(page, { bank: 'BIS', beneficiary: customer.phone, amount: 1_000, code: customer.code });
  expect((await confirm(page)).status).toBe(en.reports.values.status.success);

  await page.goto('/admin-partner-cash-in');
  const partner = page.getByLabel(T.source.partner);
  await expect(partner).toBeVisible({ timeout: 15_000 });
  const partnerValue = await partner.locator('option').nth(1).getAttribute('value');
  await review(page, { partner: partnerValue ?? '', beneficiary: 'CUS-000014', amount: 120_000 });
  const payroll = await confirm(page);
  expect(payroll.status).toBe(T.statusPending);

  await page.goto('/admin-cash-in');
  // Above the approval threshold as well as an admin cash-in: it waits either way.
  await review(page, { bank: 'BIS', beneficiary: 'CUS-000018', amount: 1_200_000 });
  await expect(page.getByTestId('approval-notice')).toBeVisible();
  const cashIn = await confirm(page);
  expect(cashIn.status).toBe(T.statusPending);

  await loginViaApi(page, 'network-supervisor', { path: '/authorize-transactions?view=transfers' });
  for (const reference of [payroll.reference, cashIn.reference]) {
    await page.getByRole('checkbox', { name: A.selectRow.replace('{{reference}}', reference) }).check();
  }
  await page.getByRole('button', { name: A.approveSelected }).click();
  await page.getByRole('dialog').getByRole('button', { name: A.dialog.confirmApprove }).click();
  const outcome = page.getByTestId('decision-outcome');
  await expect(outcome).toContainText(A.results.summary.replace('{{ok}}', '2').replace('{{failed}}', '0'));
  for (const reference of [payroll.reference, cashIn.reference]) {
    expect((await reportRow(page, 'transaction-report', reference))[0]?.status).toBe('success');
  }
});

test('a bank teller issues e-money; only a checker of the same bank approves it', async ({ page }) => {
  await loginViaApi(page, 'bank', { path: '/bank-cash-in' });
  const floatBefore = await ownBalance(page);
  await review(page, { beneficiary: 'CUS-000018', amount: 50_000 });
  const { reference, status } = await confirm(page);
  expect(status).toBe(T.statusPending);

  await loginViaApi(page, 'bank-bridge-checker', { path: '/authorize-transactions?view=transfers' });
  await expect(page.getByRole('row').filter({ hasText: reference })).toHaveCount(0);

  await loginViaApi(page, 'bank-checker', { path: '/authorize-transactions?view=transfers' });
  const row = page.getByRole('row').filter({ hasText: reference });
  await row.getByRole('button', { name: A.approveRow.replace('{{reference}}', reference) }).click();
  await page.getByRole('dialog').getByRole('button', { name: A.dialog.confirmApprove }).click();
  await expect(page.getByTestId('decision-outcome')).toContainText(A.results.approved);

  await loginViaApi(page, 'bank', { path: '/bank-cash-in' });
  expect(await ownBalance(page)).toBe(floatBefore - 50_000);
  expect((await reportRow(page, 'emoney-issued-report', reference))[0]?.status).toBe('success');
});

test('a Bridge teller’s e-money destroy is rejected by its checker with a reason', async ({ page }) => {
  await loginViaApi(page, 'bank-bridge', { path: '/bank-cash-out' });
  await review(page, { beneficiary: 'CUS-000003', amount: 1_000 });
  const { reference } = await confirm(page);

  await loginViaApi(page, 'bank-bridge-checker', { path: '/authorize-transactions?view=transfers' });
  const row = page.getByRole('row').filter({ hasText: reference });
  await row.getByRole('button', { name: A.rejectRow.replace('{{reference}}', reference) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: A.dialog.confirmReject }).click();
  await expect(dialog.getByText(said(A.dialog.reasonRequired, { min: REASON_MIN }))).toBeVisible();
  await dialog.getByLabel(A.dialog.reason).fill('Customer withdrew the request at the counter');
  await dialog.getByRole('button', { name: A.dialog.confirmReject }).click();
  await expect(page.getByTestId('decision-outcome')).toContainText(A.results.rejected);
  expect((await reportRow(page, 'emoney-destroyed-report', reference))[0]?.status).toBe('failed');
});

test('a merchant chain moves credit down (170) and sales up (UV remote 102)', async ({ page }) => {
  await loginViaApi(page, 'merchant-head', { path: '/transfers/merchand-credit' });
  const headBefore = await ownBalance(page);
  await review(page, { child: 'CHN-M1', amount: 40_000 });
  const headCredit = await confirm(page);
  expect(headCredit.status).toBe(en.reports.values.status.success);
  await page.getByRole('button', { name: T.newTransfer }).click();
  expect(await ownBalance(page)).toBe(headBefore - 40_000);
  expect(await reportRow(page, 'merchant-head-credit', headCredit.reference)).toHaveLength(1);

  await loginViaApi(page, 'merchant-master', { path: '/transfers/master-credit' });
  await review(page, { child: 'CHN-L1', amount: 15_000 });
  expect((await confirm(page)).status).toBe(en.reports.values.status.success);

  await page.goto('/send-sales/remonte-uv');
  await expect(page.getByTestId('transfer-parent')).toContainText('CHN-HEAD');
  await review(page, { amount: 5_000 });
  const uv = await confirm(page);
  expect(await reportRow(page, 'merchant-master-credit', uv.reference)).toHaveLength(1);

  await loginViaApi(page, 'merchant-location', { path: '/transfers/location-credit' });
  await review(page, { beneficiary: 'CUS-000014', amount: 3_000 });
  expect((await confirm(page)).status).toBe(en.reports.values.status.success);
  await page.goto('/send-sales/remonte-uv');
  await expect(page.getByTestId('transfer-parent')).toContainText('CHN-M1');
  await review(page, { amount: 2_500 });
  expect((await confirm(page)).status).toBe(en.reports.values.status.success);
});

test('checkers are makers too: a network supervisor’s cash-in is approved by the admin; a bank checker cannot approve its own', async ({
  page,
}) => {
  await loginViaApi(page, 'network-supervisor', { path: '/admin-cash-in' });
  await review(page, { bank: 'BBG', beneficiary: 'CUS-000003', amount: 4_000 });
  const cashIn = await confirm(page);
  expect(cashIn.status).toBe(T.statusPending);

  await loginViaApi(page, 'admin', { path: '/authorize-transactions?view=transfers' });
  const row = page.getByRole('row').filter({ hasText: cashIn.reference });
  await row.getByRole('button', { name: A.approveRow.replace('{{reference}}', cashIn.reference) }).click();
  await page.getByRole('dialog').getByRole('button', { name: A.dialog.confirmApprove }).click();
  await expect(page.getByTestId('decision-outcome')).toContainText(A.results.approved);
  expect((await reportRow(page, 'transaction-report', cashIn.reference))[0]?.status).toBe('success');

  await loginViaApi(page, 'bank-checker', { path: '/bank-cash-in' });
  await review(page, { beneficiary: 'CUS-000006', amount: 3_000 });
  const own = await confirm(page);
  expect(own.status).toBe(T.statusPending);
  await page.goto('/authorize-transactions?view=transfers');
  const ownRow = page.getByRole('row').filter({ hasText: own.reference });
  await expect(ownRow).toBeVisible();
  await expect(ownRow.getByRole('button', { name: A.approveRow.replace('{{reference}}', own.reference) })).toHaveCount(
    0,
  );
});
