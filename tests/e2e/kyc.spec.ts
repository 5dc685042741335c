/**
 * In Chromium against the real API: a reviewer rejects a pending customer and the next
 * reviewer sees why; a document is uploaded (a fake image is refused in the browser) and shown
 * in place; a PDF is only downloaded; the zone sales manager registers a customer (created KYC-pending) and onboards a
 * student who appears in its list.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { en, said } from '../messages';
import { loginViaApi } from './support/session';
import { REASON_MIN } from '../../contract/reasons';

test.describe.configure({ mode: 'serial' });

const K = en.kyc;
const R = en.registration;
const S = en.students;

/** A tiny valid PNG (1×1, transparent). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const unique = () => `${Date.now()}`.slice(-7);

async function openFirstRow(page: Page) {
  const open = page.getByRole('link', { name: /^Open / }).first();
  await expect(open).toBeVisible({ timeout: 15_000 });
  const label = (await open.getAttribute('aria-label')) ?? (await open.textContent()) ?? '';
  await open.click();
  const [, name, number] = /^Open (.+) \(([A-Z]{3}-\d+)\)$/.exec(label) ?? [];
  if (!name || !number) throw new Error(`No holder and account number in "${label}"`);
  return { name, number };
}

test('a rejection and its reason reach the next reviewer', async ({ page }) => {
  await loginViaApi(page, 'kyc-admin', { path: '/customers?kycStatus=pending' });
  await expect(page.getByText(/not available yet/)).toHaveCount(0);
  const { name, number } = await openFirstRow(page);
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: K.decision.confirm.reject }).click();
  await expect(dialog.getByText(said(K.decision.reasonProblem.short, { min: REASON_MIN }))).toBeVisible();
  const reason = `Selfie does not match the ID card photo (${unique()})`;
  await dialog.getByLabel(new RegExp(`^${K.decision.reason}`)).fill(reason);
  await dialog.getByRole('button', { name: K.decision.confirm.reject }).click();
  await expect(page.getByText(said(K.decision.done.reject, { name, number, reason })).first()).toBeVisible();

  await loginViaApi(page, 'admin', { path: `/customers?kycStatus=all&q=${number}` });
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText(reason);
  await page.goto(`/customers?account=${number}`);
  await expect(page.getByRole('region', { name: K.detail.history })).toContainText(reason, { timeout: 15_000 });
});

test('a document is checked in the browser, uploaded, and shown in place', async ({ page }) => {
  await loginViaApi(page, 'admin', { path: '/upload-document' });
  await page.getByLabel(new RegExp(`^${K.upload.find}`)).fill('CUS-000002');
  await page.getByRole('button', { name: K.upload.findButton }).click();
  const type = page.getByLabel(new RegExp(`^${K.upload.type}`));
  await expect(type).toBeVisible({ timeout: 15_000 });
  await type.selectOption('selfie');

  const file = page.getByLabel(new RegExp(`^${K.upload.file}`));
  await file.setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: Buffer.from('MZ not an image') });
  await page.getByRole('button', { name: K.upload.send }).click();
  await expect(page.getByText(K.upload.fileProblem.type)).toBeVisible();

  await file.setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: K.upload.previewOf.replace('{{name}}', 'selfie.png') })).toBeVisible();
  await page.getByRole('button', { name: K.upload.send }).click();
  await expect(
    page.getByText(K.upload.done.replace('{{document}}', 'Selfie').replace('{{number}}', 'CUS-000002')).first(),
  ).toBeVisible({ timeout: 15_000 });

  await page.goto('/customers?account=CUS-000002');
  await expect(page.getByRole('img', { name: 'Selfie' }).first()).toHaveAttribute('src', /^blob:/, {
    timeout: 15_000,
  });
});

test('a KYC PDF is only ever saved as a file, never shown by the browser', async ({ page }) => {
  await loginViaApi(page, 'admin', { path: '/customers?account=CUS-000012' });
  const title = 'Proof of address';
  const download = page.getByRole('button', { name: K.documents.downloadPdf.replace('{{title}}', title) }).first();
  await expect(download).toBeVisible({ timeout: 15_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await file.path()) as string);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.locator('iframe, object, embed')).toHaveCount(0);
  expect(page.context().pages()).toHaveLength(1);
});

/** Identity, contact and address steps, with a phone and national ID unique to this run. */
async function fillPerson(page: Page, id: string, first: string, last: string) {
  const field = (label: string) => page.getByLabel(new RegExp(`^${label}`)).first();
  const next = () => page.getByRole('button', { name: R.next }).click();
  await field('First name').fill(first);
  await field('Last name').fill(last);
  await field('Date of birth').fill('21-03-1988');
  await field('Sex').selectOption('female');
  await field('National ID card number').fill(`2${id}${id}`.slice(0, 13));
  await next();
  await field('Mobile number').fill(`+221 77 ${id.slice(0, 3)} ${id.slice(3, 5)} ${id.slice(5, 7)}`);
  await next();
  await field('Street and number').fill('12, Rue 5 Médina');
  await field('City').fill('Dakar');
  await field('Region').selectOption('Dakar');
  await next();
}

async function registered(page: Page, prefix: string) {
  await expect(page.getByRole('heading', { name: R.review.title })).toBeVisible();
  await page.getByRole('button', { name: R.submit }).click();
  await expect(page.getByRole('heading', { name: R.done.title })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(R.done.kycPending).first()).toBeVisible();
  const number = new RegExp(`${prefix}-\\d+`).exec((await page.locator('main').textContent()) ?? '')?.[0];
  if (!number) throw new Error(`No ${prefix} account number on the done screen`);
  return number;
}

test('the zone sales manager registers a customer with documents; a reviewer approves it', async ({ page }) => {
  const id = unique();
  await loginViaApi(page, 'zone-sales-manager', { path: '/registration/customer' });
  await fillPerson(page, id, 'Aïssatou', 'Diagne');
  // Account settings: the enrolling agent is optional.
  await page.getByRole('button', { name: R.next }).click();
  for (const title of ['ID card (front)', 'ID card (back)', 'Selfie']) {
    await page
      .getByLabel(new RegExp(`^${title.replace(/[()]/g, '\\$&')}`))
      .setInputFiles({ name: `${title}.png`, mimeType: 'image/png', buffer: PNG });
  }
  await page.getByRole('button', { name: R.next }).click();
  const number = await registered(page, 'CUS');
  await expect(page.getByText(R.done.upload.done)).toHaveCount(3, { timeout: 15_000 });

  await loginViaApi(page, 'kyc-admin', { path: `/customers?account=${number}` });
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: K.decision.confirm.approve }).click();
  await expect(
    page.getByText(said(K.decision.done.approve, { name: 'Aïssatou Diagne', number, reason: '' })).first(),
  ).toBeVisible();
  await expect(page.getByTestId('can-transact')).toHaveText(K.detail.yes);
});

test('an admin registers an agent, a hybrid merchant and a partner, each KYC-pending', async ({ page }) => {
  const field = (label: string) => page.getByLabel(new RegExp(`^${label}`)).first();
  const next = () => page.getByRole('button', { name: R.next }).click();
  await loginViaApi(page, 'admin', { path: '/registration/agent' });

  let id = unique();
  await fillPerson(page, id, 'Cheikh', 'Ndour');
  await field('Commission plan').selectOption({ index: 1 });
  await next();
  await next();
  const agent = await registered(page, 'AGT');

  await page.goto('/registration/hybrid-merchant');
  id = `${(Number(id) + 1) % 10_000_000}`.padStart(7, '1');
  await fillPerson(page, id, 'Khady', 'Seck');
  await field('Business name').fill('Boutique Khady');
  await field('Business category').selectOption({ index: 1 });
  await next();
  await next();
  const merchant = await registered(page, 'MRC');

  await page.goto('/registration/partner');
  id = `${(Number(id) + 1) % 10_000_000}`.padStart(7, '1');
  await fillPerson(page, id, 'Babacar', 'Fall');
  await field('Company name').fill('Teranga Logistique SA');
  await field('NINEA').fill('0012345 2G3');
  await field('Contact person').fill('Babacar Fall');
  await field('Settlement bank').selectOption({ index: 1 });
  await next();
  await next();
  const partner = await registered(page, 'PRT');

  for (const [list, number] of [
    ['agents', agent],
    ['merchants', merchant],
  ] as const) {
    await page.goto(`/${list}?q=${number}`);
    await expect(page.getByRole('row').filter({ hasText: number })).toContainText('Pending');
  }
  expect(partner).toMatch(/^PRT-/);
});

test('the zone sales manager onboards a student, who appears in its list', async ({ page }) => {
  const id = unique();
  await loginViaApi(page, 'zone-sales-manager', { path: '/onboard-student' });
  const field = (label: string) => page.getByLabel(new RegExp(`^${label}`)).first();
  await field(S.fields.firstName).fill('Moussa');
  await field(S.fields.lastName).fill(`Sarr`);
  await field(S.fields.birthDate).fill('02-09-2008');
  await field(S.fields.school).fill(`Lycée Blaise Diagne ${id}`);
  const level = field(S.fields.level);
  await level.selectOption({ index: 1 });
  await field(S.fields.guardianPhone).fill(`+221 78 ${id.slice(0, 3)} ${id.slice(3, 5)} ${id.slice(5, 7)}`);
  await page.getByRole('button', { name: S.onboard.submit }).click();
  await expect(page.getByRole('heading', { name: S.onboard.done })).toBeVisible({ timeout: 15_000 });

  await page.locator('main').getByRole('link', { name: S.onboard.seeList, exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: `Lycée Blaise Diagne ${id}` })).toContainText('Moussa');
});
