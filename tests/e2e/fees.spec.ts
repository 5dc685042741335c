/**
 * Fees end to end in Chromium against the real API: an administrator changes the agent cash-in's
 * bands at /fees, a second administrator approves the change in the inbox, and from then on a new
 * cash-in's review charges the new fee while the receipt of an earlier one keeps the fee it was
 * charged. The preview's totals and the dialog's submit button stay in view on a laptop and a
 * phone. Serial: the tests share the change they make.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { HEADER } from '../../contract/http';
import { en, fr } from '../messages';
import { loginViaApi, xsrfToken } from './support/session';

test.describe.configure({ mode: 'serial' });

const F = en.fees;
const I = en.approvals.inbox;
const T = en.transfers;
const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];
const CUSTOMER = 'CUS-000003';

/** The value next to a label in a <dl>. */
const fact = (scope: Locator, label: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** Francs in a formatted amount ("XOF 12,500", "12 500 F CFA"). */
const francs = (text: string | null) => Number((text ?? '').replace(/[^\d-]/g, ''));

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { sessionId?: string }).sessionId,
  );
  const response = await page.request.post(`/rest/${path}`, {
    data,
    headers: {
      [HEADER.sessionToken]: token ?? '',
      [HEADER.xsrf]: await xsrfToken(page),
      [HEADER.idempotencyKey]: crypto.randomUUID(),
    },
  });
  expect(response.ok(), `POST ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

const earlier: { reference?: string } = {};

test('an administrator asks for new agent cash-in bands; they wait for a second administrator', async ({ page }) => {
  await loginViaApi(page, 'agent', { path: '/' });
  const before = await post<{ reference: string; fee: number }>(page, 'transfers/agent-cash-in', {
    counterparty: CUSTOMER,
    amount: 20_000,
  });
  expect(before.fee).toBe(0);
  earlier.reference = before.reference;

  await page.setViewportSize(SIZES[0] as (typeof SIZES)[number]);
  await loginViaApi(page, 'admin', { path: '/fees' });
  const preview = page.getByTestId('fee-preview');
  await preview.getByLabel(F.preview.flow).selectOption('agent-cash-in');
  await preview.getByLabel(F.preview.amount).fill('20000');
  await expect(preview.getByTestId('preview-total')).toHaveText(/^XOF\s20,000$/);
  await expect(preview.getByTestId('preview-fee')).toHaveText(/^XOF\s0$/);

  await page.getByRole('button', { name: 'Change the bands of Agent cash-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the bands of Agent cash-in' });
  const band = dialog.getByRole('group', { name: 'Band 1' });
  await band.getByLabel(F.form.percentFee, { exact: true }).fill('1');
  await band.getByLabel(F.form.minFee, { exact: true }).fill('100');
  const submit = dialog.getByRole('button', { name: F.form.submit });
  await expect(submit).toBeInViewport();
  await submit.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('pending-agent-cash-in')).toContainText('waits for a second administrator');
  // Nothing changes before the approval.
  await preview.getByLabel(F.preview.amount).fill('20001');
  await expect(preview.getByTestId('preview-fee')).toHaveText(/^XOF\s0$/);
});

test('a second administrator approves it in the inbox; a new quote charges it, an older receipt does not', async ({
  page,
}) => {
  await page.setViewportSize(SIZES[0] as (typeof SIZES)[number]);
  await loginViaApi(page, 'network-supervisor', { path: '/authorize-transactions' });
  const row = page.locator('main [data-kind="change"]').filter({ hasText: 'Fee schedule' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: I.approve }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: I.confirmApprove }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);

  await loginViaApi(page, 'agent', { path: '/cash-in' });
  const amount = page.getByLabel(new RegExp(`^${T.amount.replace(/[()]/g, '\\$&')}`));
  await expect(amount).toBeVisible({ timeout: 15_000 });
  await page.getByLabel(new RegExp(`^(${T.counterparty.beneficiary}|${T.counterparty.customer})`)).fill(CUSTOMER);
  await amount.fill('20000');
  await page.getByRole('button', { name: T.review }).click();
  await expect(page.getByRole('heading', { name: T.reviewTitle })).toBeVisible();
  const review = page.locator('main dl').first();
  expect(francs(await fact(review, T.fee).textContent())).toBe(200);
  expect(francs(await fact(review, T.total).textContent())).toBe(20_200);

  await loginViaApi(page, 'admin', { path: `/transactions/${earlier.reference}` });
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(fact(receipt, 'Fee')).toHaveText(/^XOF\s0$/);

  await page.goto('/fees');
  const history = page.getByRole('table', { name: F.history.caption });
  await expect(history.locator('tr[data-flow="agent-cash-in"]')).toHaveCount(2);
  await expect(history.locator('tr[data-flow="agent-cash-in"]').first()).toContainText('Awa Ndiaye');
});

test('the preview’s totals and the submit button stay in view on a laptop and a phone, in French', async ({ page }) => {
  for (const [size, language] of [
    [SIZES[0], 'en'],
    [SIZES[1], 'fr'],
  ] as const) {
    await page.setViewportSize(size as (typeof SIZES)[number]);
    // The language the dashboard starts in is the one stored (English first, so the script can stay).
    if (language === 'fr') await page.addInitScript(() => window.localStorage.setItem('language', 'fr'));
    await loginViaApi(page, 'admin', { path: '/fees' });
    const M = language === 'fr' ? fr.fees : F;
    const preview = page.getByTestId('fee-preview');
    await preview.getByLabel(M.preview.amount).fill('150000');
    for (const id of ['preview-fee', 'preview-commission', 'preview-total']) {
      await expect(preview.getByTestId(id), `${id} at ${size?.width}`).toBeInViewport();
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page
      .locator('[data-schedule-flow="cash-out"]')
      .getByRole('button', { name: /cash-out|Retrait/i })
      .click();
    const submit = page.getByRole('dialog').getByRole('button', { name: M.form.submit });
    await expect(submit, `submit at ${size?.width}`).toBeInViewport();
    await page.getByRole('dialog').getByRole('button', { name: M.form.cancel }).click();
  }
});
