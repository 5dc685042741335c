/**
 * The approvals inbox end to end (docs/decisions/018-one-approvals-inbox.md): a maker sees its
 * own requests waiting and who decides them; an admin checker decides one of each kind while a
 * second page of the same user sees the menu's count follow without a reload; a bank checker
 * decides its bank's request and is told what does not reach it. Serial: the tests share the
 * requests they make.
 */
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { en } from '../messages';
import { callAs, loginViaApi } from './support/session';
import { scrollTo } from './support/scroll-to';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 800 } });

const I = en.approvals.inbox;

/** A page of its own browser context signed in as `username`: another user than the test's page. */
async function otherUser(browser: Browser, username: string, path = '/'): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await loginViaApi(page, username, { path });
  return page;
}

/**
 * A customer wallet nothing stops from changing phone (KYC done, nothing waiting). Customers up
 * to CUS-000020 are paid by other files by their phone number, and the staff-support file takes
 * the first free one from CUS-000021 upwards, so this one is looked for from the top down.
 */
async function migratable(page: Page): Promise<string> {
  for (let n = 59; n > 20; n -= 1) {
    const number = `CUS-${String(n).padStart(6, '0')}`;
    const wallet = await callAs<{ blockers: unknown[] }>(page, 'GET', `wallet-migrations/wallet?q=${number}`);
    if (wallet.blockers.length === 0) return number;
  }
  throw new Error('No demo customer can change phone');
}

const row = (page: Page, kind: string, id: string) => page.locator(`main [data-kind="${kind}"][data-id="${id}"]`);

async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('inbox-badge');
  if ((await badge.count()) === 0) return 0;
  return Number.parseInt((await badge.textContent()) ?? '0', 10);
}

/**
 * The second page's menu count is what the server counts for the user now, without a reload.
 * Other files make and decide requests meanwhile, so the count is compared with the server's
 * rather than with a number this file works out.
 */
async function expectBadgeFollows(second: Page) {
  const counted = async () => (await callAs<{ count: number }>(second, 'GET', 'inbox/count')).count;
  await expect.poll(async () => (await badgeCount(second)) === (await counted()), { timeout: 20_000 }).toBe(true);
}

async function decide(page: Page, target: Locator, decision: 'approve' | 'reject', reason?: string) {
  const button = target.getByRole('button', { name: decision === 'approve' ? I.approve : I.reject });
  // Other files leave requests waiting, so the row may be further down the list; scrolled to,
  // the button must be in view (not cut off at the side).
  await scrollTo(button);
  await expect(button).toBeInViewport();
  await button.click();
  const dialog = page.getByRole('dialog');
  if (reason) await dialog.getByLabel(I.reason).fill(reason);
  await dialog.getByRole('button', { name: decision === 'approve' ? I.confirmApprove : I.confirmReject }).click();
  await expect(dialog).toBeHidden();
  await expect(target).toHaveCount(0);
}

const made: { transfer?: { reference: string; approvalId: number }; batch?: string } = {};

test('a maker sees its own requests waiting, and who must decide them', async ({ page }) => {
  await loginViaApi(page, 'admin', { path: '/' });
  const transfer = await callAs<{ reference: string; approvalId: number }>(page, 'POST', 'transfers/admin-cash-in', {
    counterparty: 'CUS-000013',
    amount: 15_000,
    source: 'BBG',
  });
  made.transfer = transfer;
  const payers = await callAs<{ partners: { number: string }[] }>(page, 'GET', 'bulk/payment/payers');
  const phones: string[] = [];
  for (const number of ['CUS-000013', 'CUS-000014']) {
    phones.push((await callAs<{ phone: string }>(page, 'GET', `wallet-migrations/wallet?q=${number}`)).phone);
  }
  const submitted = await callAs<{ batch: { id: string } }>(page, 'POST', 'bulk/payment/batches', {
    fileName: 'inbox-e2e.csv',
    source: payers.partners[0]?.number,
    rows: phones.map((phone, i) => ({
      rowNo: i + 2,
      values: { phone, amount: '1000', reference: `E2E-${i}`, name: '' },
    })),
  });
  made.batch = submitted.batch.id;

  await page.goto('/authorize-transactions');
  for (const own of [row(page, 'transfer', String(transfer.approvalId)), row(page, 'bulk', submitted.batch.id)]) {
    await expect(own).toContainText(I.waitsFor.admin);
    await expect(own.getByRole('button', { name: I.approve })).toHaveCount(0);
  }
});

test('an admin checker decides each kind; a second page’s menu count follows', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const transfer = made.transfer as { reference: string; approvalId: number };
  const batch = made.batch as string;
  const support = await otherUser(browser, 'support-plus');
  const wallet = await callAs<{ migration: { id: number } }>(support, 'POST', 'wallet-migrations', {
    kind: 'phone',
    number: await migratable(support),
    newPhone: '+221 70 999 12 34',
    reason: 'Lost the SIM card',
  });

  await loginViaApi(page, 'network-supervisor', { path: '/authorize-transactions' });
  const second = await page.context().newPage();
  await second.goto('/admin-cash-in');
  await expect.poll(() => badgeCount(second), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);

  await decide(page, row(page, 'transfer', String(transfer.approvalId)), 'approve');
  await expectBadgeFollows(second);

  // The transfer done, support-plus asks for its chargeback: the second page counts it.
  const chargeback = await callAs<{ id: number }>(support, 'POST', 'chargebacks', {
    reference: transfer.reference,
    reason: 'Paid to the wrong customer',
  });
  await expectBadgeFollows(second);

  await page.getByLabel(I.kind).selectOption('chargeback');
  await decide(page, row(page, 'chargeback', String(chargeback.id)), 'approve', 'Confirmed with the customer');
  await page.getByLabel(I.kind).selectOption('');
  await decide(page, row(page, 'bulk', batch), 'reject', 'Wrong month');
  await decide(page, row(page, 'wallet', String(wallet.migration.id)), 'approve');
  await expectBadgeFollows(second);
  await support.context().close();
});

test('a bank checker decides its bank’s requests, at 1280 and 360 px, and is told what does not reach it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const teller = await otherUser(browser, 'bank');
  const first = await callAs<{ approvalId: number }>(teller, 'POST', 'transfers/bank-cash-in', {
    counterparty: 'CUS-000013',
    amount: 20_000,
  });
  const second = await callAs<{ approvalId: number }>(teller, 'POST', 'transfers/bank-cash-in', {
    counterparty: 'CUS-000014',
    amount: 21_000,
  });

  await loginViaApi(page, 'bank-checker', { path: '/authorize-transactions' });
  await decide(page, row(page, 'transfer', String(first.approvalId)), 'approve');

  await page.setViewportSize({ width: 360, height: 740 });
  await decide(page, row(page, 'transfer', String(second.approvalId)), 'reject', 'Amount not confirmed');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByText(I.emptyBank.replaceAll('{{bank}}', 'Banque Islamique du Sénégal'))).toBeVisible();
  await teller.context().close();
});
