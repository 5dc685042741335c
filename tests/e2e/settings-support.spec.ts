/**
 * In Chromium against the real API: support-plus asks to move a customer's wallet to a new
 * phone, the support supervisor approves it on the page, and the new phone shows on the page,
 * in the history and in the admin's report; the
 * admin adds two banners after previewing them and reorders them, and the wallet app's public
 * endpoint follows; support-plus asks a chargeback, the admin approves it, and the balances and
 * the transaction report show the reversal.
 */
import { expect, type Page, test } from '@playwright/test';
import type { BannerView } from '../../contract/api/banners';
import type { ChargebackLookup } from '../../contract/api/chargebacks';
import { HEADER } from '../../contract/http';
import type { MigrationWallet } from '../../contract/api/wallet-migrations';
import { BANNER_MESSAGES } from '../../src/features/banners/messages';
import { CHARGEBACK_MESSAGES } from '../../src/features/chargebacks/messages';
import { MIGRATION_MESSAGES } from '../../src/features/migration/messages';
import { DEMO_PASSWORD, loginViaApi, xsrfToken } from './support/session';
import { REASON_MIN } from '../../contract/reasons';
import { said } from '../messages';

test.describe.configure({ mode: 'serial' });

const M = MIGRATION_MESSAGES.en;
const B = BANNER_MESSAGES.en;
const C = CHARGEBACK_MESSAGES.en;

/** A tiny valid PNG (1×1, transparent). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const unique = () => `${Date.now()}`.slice(-6);
const today = () => new Date().toISOString().slice(0, 10);
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** A session of another user, for reading the API beside the page (the page keeps its own). */
async function apiAs(page: Page, username: string) {
  const response = await page.request.post('/rest/auth/login', {
    data: { username, password: DEMO_PASSWORD },
    headers: { [HEADER.xsrf]: await xsrfToken(page) },
  });
  expect(response.status()).toBe(200);
  const token = ((await response.json()) as { payload: { sessionId: string } }).payload.sessionId;
  const read = async <T>(path: string): Promise<{ status: number; payload: T }> => {
    const res = await page.request.get(`/rest/${path}`, { headers: { [HEADER.sessionToken]: token } });
    const body = (await res.json()) as { payload: T };
    return { status: res.status(), payload: body.payload };
  };
  return read;
}

type Row = Record<string, string | number | null>;

/** Customers the other browser tests use (withdrawal codes, KYC): left alone here. */
const USED_ELSEWHERE = /^CUS-0000([01]\d|20)$/;

test('support-plus asks for a new phone, the support supervisor approves it, and the new phone shows everywhere', async ({
  page,
}) => {
  await page.goto('/login');
  const admin = await apiAs(page, 'admin');
  const wallets = await admin<{ rows: Row[] }>(
    'reports/wallet-balance?kycStatus=approved&accountStatus=active&pageSize=200',
  );
  let customer: MigrationWallet | null = null;
  for (const row of wallets.payload.rows) {
    const number = String(row.number);
    if (!number.startsWith('CUS-') || USED_ELSEWHERE.test(number)) continue;
    const found = await admin<MigrationWallet>(`wallet-migrations/wallet?q=${number}`);
    if (found.status === 200 && found.payload.blockers.length === 0) {
      customer = found.payload;
      break;
    }
  }
  if (!customer) throw new Error('No demo customer can be migrated');
  const id = unique();
  const newPhone = `+221 70 ${id.slice(0, 3)} ${id.slice(3, 5)} ${id.slice(5)}0`;

  await loginViaApi(page, 'support-plus', { path: '/migration' });
  await expect(page.getByRole('heading', { name: M.find.title })).toBeVisible();
  await expect(page.getByText(/not available yet/)).toHaveCount(0);
  await page.getByLabel(M.find.label).fill('hello');
  await page.getByRole('button', { name: M.find.button, exact: true }).click();
  await expect(page.getByText(M.find.invalid)).toBeVisible();
  await page.getByLabel(M.find.label).fill(customer.number.toLowerCase());
  await page.getByRole('button', { name: M.find.button, exact: true }).click();
  await expect(page.getByTestId('migration-wallet-phone')).toHaveText(customer.phone ?? '');

  await page.getByRole('button', { name: M.form.review, exact: true }).click();
  await expect(page.getByText(M.errors.newPhone)).toBeVisible();
  await expect(page.getByText(said(M.errors.reason, { min: REASON_MIN }))).toBeVisible();
  // Typed the way people do: no prefix, dots.
  await page.getByLabel(M.form.newPhone).fill(newPhone.replace('+221 ', '').replace(/ /g, '.'));
  await page.getByLabel(M.form.reason).fill(`Customer lost the SIM card (${id})`);
  await page.getByRole('button', { name: M.form.review, exact: true }).click();
  await expect(page.getByRole('heading', { name: M.review.title })).toBeVisible();
  await expect(page.getByTestId('migration-review-to')).toHaveText(newPhone);
  await page.getByRole('button', { name: M.review.confirm, exact: true }).click();
  await expect(page.getByTestId('migration-done')).toHaveText(
    fill(M.done.phone, { number: customer.number, phone: newPhone }),
  );
  // Nothing changes before another permitted user approves (maker-checker).
  await expect(page.getByTestId('migration-wallet-phone')).toHaveText(customer.phone ?? '');
  await expect(page.getByTestId('migration-history')).toContainText(newPhone);
  await expect(page.getByTestId('migration-history')).toContainText(`Customer lost the SIM card (${id})`);
  await expect(page.getByTestId('migration-history')).toContainText(M.history.status.pending);
  // The maker's own request waits for someone else: no deciding buttons for them.
  const own = page.getByTestId('migration-decisions').getByRole('listitem').filter({ hasText: customer.number });
  await expect(own).toContainText(M.decisions.own);
  await expect(own.getByRole('button')).toHaveCount(0);

  // The support supervisor, a second permitted user, approves it on the same page.
  await loginViaApi(page, 'support', { path: '/migration' });
  const request = page.getByTestId('migration-decisions').getByRole('listitem').filter({ hasText: customer.number });
  await expect(request).toContainText(newPhone);
  await expect(request).toContainText('Khady Diallo');
  await request.getByRole('button', { name: fill(M.decisions.approveNamed, { number: customer.number }) }).click();
  const dialog = page.getByRole('dialog', { name: M.decisions.approveTitle });
  await dialog.getByRole('button', { name: M.decisions.confirmApprove, exact: true }).click();
  await expect(page.getByTestId('migration-decision-outcome')).toHaveText(
    fill(M.decisions.approved, { name: customer.name, number: customer.number, to: newPhone }),
  );
  await expect(request).toHaveCount(0);
  await expect(page.getByTestId('migration-history')).toContainText(
    fill(M.history.status.applied, { checker: 'Cheikh Fall' }),
  );
  await page.getByLabel(M.find.label).fill(customer.number);
  await page.getByRole('button', { name: M.find.button, exact: true }).click();
  await expect(page.getByTestId('migration-wallet-phone')).toHaveText(newPhone);

  // The admin's report of wallets shows the new phone.
  await loginViaApi(page, 'admin', { path: `/reports/wallet-balance?q=${customer.number}` });
  const row = page.locator('main tbody tr').filter({ hasText: customer.number });
  await expect(row).toContainText(newPhone, { timeout: 15_000 });
});

test('the admin previews banners before saving them, and reorders them', async ({ page }) => {
  const id = unique();
  const titles = [`Woyofal week ${id}`, `Student wallets ${id}`];
  await loginViaApi(page, 'admin', { path: '/banner' });
  await expect(page.getByText(/not available yet/)).toHaveCount(0);
  for (const title of titles) {
    await page.getByRole('button', { name: B.add, exact: true }).click();
    await page.getByLabel(new RegExp(`^${B.editor.title}`)).fill(title);
    await page.getByLabel(new RegExp(`^${B.editor.link}`)).fill('http://example.sn');
    const image = page.getByLabel(new RegExp(`^${B.editor.image}`));
    await image.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from('MZ not an image') });
    await expect(page.getByText(B.errors.image.type)).toBeVisible();
    await page.getByRole('button', { name: B.editor.preview, exact: true }).click();
    await expect(page.getByText(B.errors.link)).toBeVisible();
    await page.getByLabel(new RegExp(`^${B.editor.link}`)).fill('https://www.example.sn/offer');
    await image.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: B.editor.preview, exact: true }).click();

    const phone = page.getByTestId('banner-phone-preview');
    await expect(phone).toBeVisible();
    await expect(page.getByTestId('banner-preview-title')).toHaveText(title);
    await expect(phone.getByRole('img', { name: title })).toHaveAttribute('src', /^blob:/);
    await expect(phone).toContainText(fill(B.preview.opens, { host: 'example.sn' }));
    await page.getByRole('button', { name: B.preview.save, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: fill(B.done.created, { title }) })).toBeVisible();
  }

  const rows = page.getByTestId('banner-row');
  const order = async () => Promise.all((await rows.all()).map((r) => r.locator('p').first().textContent()));
  const [first, second] = titles as [string, string];
  await expect.poll(async () => (await order()).slice(-2)).toEqual([first, second]);
  const img = rows.filter({ hasText: second }).getByRole('img');
  await expect(img).toHaveJSProperty('complete', true);
  expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('button', { name: fill(B.list.moveUpNamed, { title: second }), exact: true }).click();
  await expect.poll(async () => (await order()).slice(-2)).toEqual([second, first]);

  // The wallet app's endpoint needs no session and follows the new order.
  const active = await page.request.get('/rest/banners/active?lang=fr');
  expect(active.status()).toBe(200);
  const live = ((await active.json()) as { payload: { rows: Pick<BannerView, 'title'>[] } }).payload.rows;
  const ours = live.map((b) => b.title).filter((t) => titles.includes(t));
  expect(ours).toEqual([second, first]);

  // Reloaded, the order is the server's.
  await page.reload();
  await expect.poll(async () => (await order()).slice(-2)).toEqual([second, first]);
});

test('support-plus asks a chargeback, the admin approves it, and balances and reports show the reversal', async ({
  page,
}) => {
  await page.goto('/login');
  const admin = await apiAs(page, 'admin');
  const payments = await admin<{ rows: Row[] }>(
    `reports/transaction-report?type=merchant_payment&status=success&pageSize=100&from=${today()}&to=${today()}`,
  );
  const balanceOf = async (number: string) => {
    const res = await admin<{ rows: Row[] }>(`reports/wallet-balance?q=${number}&pageSize=10`);
    return Number(res.payload.rows.find((r) => r.number === number)?.balance);
  };
  let chosen: { reference: string; from: string; to: string; amount: number; fee: number } | null = null;
  const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
  const older = await admin<{ rows: Row[] }>(
    `reports/transaction-report?type=merchant_payment&status=success&pageSize=100&from=${from}&to=${today()}`,
  );
  for (const row of [...payments.payload.rows, ...older.payload.rows]) {
    const reference = String(row.reference);
    const lookup = await admin<ChargebackLookup>(`chargeback-transactions/${reference}`);
    const tx = lookup.payload.transaction;
    if (lookup.payload.refusal || !tx.from || !tx.to || USED_ELSEWHERE.test(tx.from.number)) continue;
    if ((await balanceOf(tx.to.number)) < tx.amount) continue;
    chosen = { reference, from: tx.from.number, to: tx.to.number, amount: tx.amount, fee: tx.fee };
    break;
  }
  if (!chosen) throw new Error('No demo payment can be charged back');
  const before = { from: await balanceOf(chosen.from), to: await balanceOf(chosen.to) };
  const reason = `Customer paid the wrong shop (${unique()})`;

  await loginViaApi(page, 'support-plus', { path: '/chargeback-voucher' });
  await expect(page.getByText(/not available yet/)).toHaveCount(0);
  await page.getByLabel(C.ask.reference).fill(chosen.reference.toLowerCase());
  await page.getByRole('button', { name: C.ask.find, exact: true }).click();
  const transaction = page.getByTestId('chargeback-transaction');
  await expect(transaction).toContainText(chosen.reference);
  await expect(transaction).toContainText(chosen.from);
  await expect(transaction).toContainText(chosen.to);
  await page.getByRole('button', { name: C.ask.submit, exact: true }).click();
  await expect(page.getByText(said(C.ask.reasonProblem, { min: REASON_MIN }))).toBeVisible();
  await page.getByLabel(C.ask.reason).fill(reason);
  await page.getByRole('button', { name: C.ask.submit, exact: true }).click();
  await expect(page.getByText(fill(C.ask.done, { reference: chosen.reference }))).toBeVisible();
  const mine = page.getByTestId('chargeback-list').locator(`tr[data-reference="${chosen.reference}"]`);
  await expect(mine).toContainText(C.list.ownRequest);
  for (const name of [C.list.approveNamed, C.list.rejectNamed]) {
    await expect(mine.getByRole('button', { name: fill(name, { reference: chosen.reference }) })).toHaveCount(0);
  }
  // Nothing moved yet.
  expect(await balanceOf(chosen.from)).toBe(before.from);

  await loginViaApi(page, 'admin', { path: '/chargeback-voucher' });
  const row = page.getByTestId('chargeback-list').locator(`tr[data-reference="${chosen.reference}"]`);
  await expect(row).toBeVisible();
  // The reason is a column, or in the row's details where the width gives it no column.
  const expand = row.getByRole('button', { name: /other columns of this row/ });
  if (await expand.count()) await expand.click();
  await expect(page.getByTestId('chargeback-list')).toContainText(reason);
  await row
    .getByRole('button', { name: fill(C.list.approveNamed, { reference: chosen.reference }), exact: true })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(chosen.reference);
  await dialog.getByRole('button', { name: C.dialog.confirmApprove, exact: true }).click();
  await expect(dialog.getByText(said(C.dialog.reasonProblem, { min: REASON_MIN }))).toBeVisible();
  await dialog.getByLabel(C.dialog.reason).fill('The merchant confirmed the mistake');
  await dialog.getByRole('button', { name: C.dialog.confirmApprove, exact: true }).click();
  const outcome = page.getByTestId('chargeback-outcome');
  await expect(outcome).toContainText(chosen.reference);
  const reversal = /TR\d{14}/.exec((await outcome.textContent()) ?? '')?.[0];
  if (!reversal) throw new Error('No reversal reference in the outcome');

  // The money went back: the payer has its amount and fee again, the shop gave the amount back.
  expect(await balanceOf(chosen.from)).toBe(before.from + chosen.amount + chosen.fee);
  expect(await balanceOf(chosen.to)).toBe(before.to - chosen.amount);

  // The admin's transaction report lists the reversal as a chargeback.
  await page.goto(`/reports/transaction-report?from=${today()}&to=${today()}&q=${reversal}`);
  const reportRow = page.locator('main tbody tr').filter({ hasText: reversal });
  await expect(reportRow).toContainText('Chargeback', { timeout: 15_000 });

  // The original is still there, untouched, and cannot be charged back twice.
  await page.goto('/chargeback-voucher');
  await page.getByLabel(C.ask.reference).fill(chosen.reference);
  await page.getByRole('button', { name: C.ask.find, exact: true }).click();
  await expect(page.getByText(C.refusals.CHARGEBACK_EXISTS)).toBeVisible();
});
