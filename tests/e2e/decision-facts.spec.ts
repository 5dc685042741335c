/**
 * The approve dialog states the whole decision: who pays and who receives (name, account,
 * phone), the amount, the fee and who asked; a wallet's phone before → after; a bulk payment's
 * name warnings; each row links to its item's own page. In English and French at 1280×800 and
 * 360×740, where the confirm button stays reachable. Screenshots land in the test's output folder (test-results/)
 * (decision-<kind>-<width>-<lang>.png) for a person to look at. Nothing is decided: the requests
 * are rejected at the end so other files do not meet them.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Language } from '../../src/i18n';
import { LANGUAGE_KEY } from '../../src/i18n';
import { en, fr } from '../messages';
import { type ApiSession, apiSession } from './support/api-session';
import { loginViaApi } from './support/session';

const MESSAGES = { en, fr };
const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;
const PAYEE = 'CUS-000013';
const NEW_PHONE = '+221 70 998 76 54';
const MISNAMED = 'Quelqu’un Dautre';

const made = { transfer: '', reference: '', wallet: '', walletNumber: '', batch: '' };
let checker: ApiSession;

/** A customer wallet nothing stops from changing phone, looked for below the ones other files take. */
async function migratable(support: ApiSession): Promise<string> {
  for (let n = 45; n > 20; n -= 1) {
    const number = `CUS-${String(n).padStart(6, '0')}`;
    const wallet = await support.get<{ blockers: unknown[] }>('wallet-migrations/wallet', { q: number });
    if (wallet.blockers.length === 0) return number;
  }
  throw new Error('No demo customer can change phone');
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  checker = await apiSession(playwright, 'network-supervisor');
  const maker = await apiSession(playwright, 'admin');
  const transfer = await maker.post<{ reference: string; approvalId: number }>('transfers/admin-cash-in', {
    counterparty: PAYEE,
    amount: 16_500,
    source: 'BBG',
  });
  made.transfer = String(transfer.approvalId);
  made.reference = transfer.reference;
  const payers = await maker.get<{ partners: { number: string }[] }>('bulk/payment/payers');
  const phone = (await maker.get<{ phone: string }>('wallet-migrations/wallet', { q: 'CUS-000014' })).phone;
  const batch = await maker.post<{ batch: { id: string } }>('bulk/payment/batches', {
    fileName: 'facts-e2e.csv',
    source: payers.partners[0]?.number,
    rows: [{ rowNo: 2, values: { phone, amount: '1000', reference: 'FACTS-1', name: MISNAMED } }],
  });
  made.batch = batch.batch.id;
  await maker.dispose();

  const support = await apiSession(playwright, 'support-plus');
  made.walletNumber = await migratable(support);
  const wallet = await support.post<{ migration: { id: number } }>('wallet-migrations', {
    kind: 'phone',
    number: made.walletNumber,
    newPhone: NEW_PHONE,
    reason: 'Lost the SIM card',
  });
  made.wallet = String(wallet.migration.id);
  await support.dispose();
});

test.afterAll(async () => {
  const done = [
    ['transfer', made.transfer],
    ['wallet', made.wallet],
    ['bulk', made.batch],
  ] as const;
  for (const [kind, id] of done) {
    if (id) await checker.post(`inbox/${kind}/${id}/decision`, { decision: 'reject', reason: 'Test request' });
  }
  await checker?.dispose();
});

async function inLanguage(page: Page, lang: Language) {
  await page.goto('/login');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [LANGUAGE_KEY, lang] as const);
}

const row = (page: Page, kind: string, id: string) => page.locator(`main [data-kind="${kind}"][data-id="${id}"]`);

/** Opens the approve dialog of a row, checks its confirm button can be reached, and returns it. */
async function approveDialog(page: Page, kind: string, id: string, lang: Language) {
  const M = MESSAGES[lang].approvals.inbox;
  const target = row(page, kind, id);
  await target.scrollIntoViewIfNeeded();
  await target.getByRole('button', { name: M.approve, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: M.approveTitle });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: M.confirmApprove, exact: true });
  await confirm.scrollIntoViewIfNeeded();
  await expect(confirm).toBeInViewport({ ratio: 1 });
  return dialog;
}

async function close(dialog: Locator, lang: Language) {
  await dialog.getByRole('button', { name: MESSAGES[lang].approvals.inbox.cancel, exact: true }).click();
  await expect(dialog).toBeHidden();
}

for (const size of SIZES) {
  test.describe(`the decision dialog at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    for (const lang of ['en', 'fr'] as const) {
      test(`states the whole decision and links each row to its item (${lang})`, async ({ page }) => {
        test.setTimeout(90_000);
        const F = MESSAGES[lang].approvals.inbox.facts;
        await inLanguage(page, lang);
        await loginViaApi(page, 'network-supervisor', { path: '/authorize-transactions' });
        await expect(row(page, 'transfer', made.transfer)).toBeVisible({ timeout: 20_000 });

        // Each row opens its own item, not a general page.
        const linkOf = (kind: string, id: string) => row(page, kind, id).getByRole('link').first();
        await expect(linkOf('transfer', made.transfer)).toHaveAttribute('href', `/transactions/${made.reference}`);
        await expect(linkOf('wallet', made.wallet)).toHaveAttribute('href', `/accounts/${made.walletNumber}`);
        await expect(linkOf('bulk', made.batch)).toHaveAttribute('href', `/bulk-payment?batch=${made.batch}`);

        const transfer = await approveDialog(page, 'transfer', made.transfer, lang);
        const facts = transfer.getByTestId('decision-facts');
        for (const label of [F.payer, F.payee, F.amount, F.fee, F.made]) {
          await expect(facts.getByText(label, { exact: true })).toBeVisible();
        }
        await expect(facts).toContainText(PAYEE);
        await expect(facts).toContainText(/\+221/);
        await expect(facts).toContainText('Awa Ndiaye');
        await page.screenshot({ path: test.info().outputPath(`decision-transfer-${size.width}-${lang}.png`) });
        await close(transfer, lang);

        const wallet = await approveDialog(page, 'wallet', made.wallet, lang);
        const changes = wallet.getByTestId('decision-changes');
        await expect(changes.getByRole('columnheader', { name: F.before })).toBeVisible();
        await expect(changes.getByRole('columnheader', { name: F.after })).toBeVisible();
        await expect(changes.getByRole('row', { name: new RegExp(F.fields.phone) })).toContainText(NEW_PHONE);
        await page.screenshot({ path: test.info().outputPath(`decision-wallet-${size.width}-${lang}.png`) });
        await close(wallet, lang);

        const bulk = await approveDialog(page, 'bulk', made.batch, lang);
        await expect(bulk.getByTestId('decision-facts').getByText(F.payer, { exact: true })).toBeVisible();
        await expect(bulk.getByText(F.warnings)).toBeVisible();
        await expect(bulk).toContainText(MISNAMED);
        await page.screenshot({ path: test.info().outputPath(`decision-bulk-${size.width}-${lang}.png`) });
        await close(bulk, lang);
      });
    }
  });
}
