/**
 * In Chromium against the real API, on a laptop screen (1280×800): the KYC administrator
 * opens the customers' review queue (pending, the longest waiting first), opens one that has
 * its documents, approves it, reads what happened, and sees the waiting count go down; the zone
 * sales manager types a phone number already registered and is stopped with the reason.
 */
import { expect, type Page, test } from '@playwright/test';
import { HEADER } from '../../contract/http';
import type { KycListPage } from '../../contract/api/kyc';
import { en, said } from '../messages';
import { loginViaApi } from './support/session';

test.use({ viewport: { width: 1280, height: 800 } });
test.describe.configure({ mode: 'serial' });

const K = en.kyc;
const R = en.registration;

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(
    () => (JSON.parse(window.localStorage.getItem('currentUser') ?? '{}') as { sessionId: string }).sessionId,
  );
  const response = await page.request.get(`/rest/${path}`, { headers: { [HEADER.sessionToken]: token } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { payload: T }).payload;
}

/** The home card of the KYC reviews waiting, as the user reads it. */
async function waitingOnHome(page: Page): Promise<number> {
  await page.goto('/');
  const card = page.getByText(en.home.cards.pendingKyc, { exact: true }).locator('..');
  await expect(card.locator('p').nth(1)).toHaveText(/\d/, { timeout: 15_000 });
  return Number(((await card.locator('p').nth(1).textContent()) ?? '').replace(/\D/g, ''));
}

test('the KYC administrator finishes the oldest review waiting, and the count goes down', async ({ page }) => {
  await loginViaApi(page, 'kyc-admin');
  const before = await waitingOnHome(page);
  expect(before).toBeGreaterThan(0);

  await page.goto('/customers');
  await expect(page.getByLabel(K.filters.status)).toHaveValue('pending');
  const queue = await apiGet<KycListPage>(page, 'kyc/customers?kycStatus=pending&sort=createdAt&dir=asc&pageSize=25');
  const rows = page.locator('tr[data-account]');
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  // The page shows the queue the API orders oldest first, and the oldest has its documents.
  expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-account')))).toEqual(
    queue.rows.map((r) => r.number),
  );
  const oldest = queue.rows[0];
  if (!oldest) throw new Error('Nothing waits for review');
  expect(oldest.documents).toBeGreaterThanOrEqual(4);

  await rows.first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 2, name: oldest.name })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: K.detail.documents })).toBeVisible();
  const approve = page.getByRole('button', { name: 'Approve', exact: true });
  await expect(approve).toBeInViewport();
  await approve.click();
  await page.getByRole('dialog').getByRole('button', { name: K.decision.confirm.approve }).click();
  await expect(
    page.getByText(said(K.decision.done.approve, { name: oldest.name, number: oldest.number })).first(),
  ).toBeVisible();
  await expect(page.getByText('KYC: Approved')).toBeVisible();
  // Decided: no word about who may approve it any more.
  await expect(page.getByTestId('approve-blocked')).toHaveCount(0);

  await page.getByRole('link', { name: K.detail.back }).click();
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator(`tr[data-account="${oldest.number}"]`)).toHaveCount(0);
  expect(await waitingOnHome(page)).toBe(before - 1);
});

test('the zone sales manager is stopped on a phone number already registered, with the reason', async ({ page }) => {
  await loginViaApi(page, 'zone-sales-manager');
  const [taken] = (await apiGet<KycListPage>(page, 'kyc/customers?kycStatus=approved&pageSize=1')).rows;
  if (!taken?.phone) throw new Error('No registered customer phone in the demo');
  await page.goto('/registration/customer');
  const field = (label: string) => page.getByLabel(new RegExp(`^${label}`)).first();
  const id = `${Date.now()}`.slice(-6);
  await field('First name').fill('Awa');
  await field('Last name').fill('Ndiaye');
  await field('Date of birth').fill('14-05-1990');
  await field('Sex').selectOption('female');
  await field('National ID card number').fill(`2199005${id}`);
  await page.getByRole('button', { name: R.next }).click();

  const phone = field('Mobile number');
  await phone.pressSequentially(taken.phone.replace('+221 ', ''));
  const reason = said(R.duplicates.phoneOf, { account: taken.number });
  // Flagged while typing, once typing pauses.
  await expect(page.getByText(reason)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(reason)).toBeInViewport();
  const next = page.getByRole('button', { name: R.next });
  await next.click();
  await next.click();
  // Next stops here: still the contact step, with the reason beside the number.
  await expect(page.getByRole('heading', { name: 'Contact' })).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await expect(phone).toBeFocused();
});
