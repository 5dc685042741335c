/**
 * Two people never work the same item unknowingly, in Chromium against the real API, at
 * 1280×800 (English) and 360×740 (French): a KYC case the administrator has open tells the
 * KYC administrator who opens it after, each naming the other, and the name goes within
 * seconds of the other leaving; an inbox request whose decision dialog a supervisor has open
 * says so on the maker's inbox row. Screenshots land in the test's output folder (test-results/) for a person to look at.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { KycListPage } from '../../contract/api/kyc';
import { LANGUAGE_KEY } from '../../src/i18n';
import { en, fr } from '../messages';
import { callAs, demoUser, loginViaApi } from './support/session';

test.describe.configure({ mode: 'serial' });

const CASES = [
  { size: { width: 1280, height: 800 }, lang: 'en' },
  { size: { width: 360, height: 740 }, lang: 'fr' },
] as const;
/** A holder's goodbye shows at the stream's next check (2 s); a refreshed hold is there at once. */
const SEEN_WITHIN_MS = 10_000;

/** A page of its own browser context, in `lang`, signed in as `username`. */
async function signedIn(
  browser: Browser,
  username: string,
  lang: 'en' | 'fr',
  size: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.setViewportSize(size);
  await page.goto('/login');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [LANGUAGE_KEY, lang] as const);
  await loginViaApi(page, username);
  return page;
}

/**
 * A customer waiting in the middle of the queue, with few documents: the other files approve
 * the queue's oldest and its newest complete ones, and their "approve and next" must not meet
 * a case held here.
 */
async function middleOfQueue(page: Page): Promise<string> {
  const { rows } = await callAs<KycListPage>(
    page,
    'GET',
    'kyc/customers?kycStatus=pending&sort=createdAt&dir=asc&pageSize=200',
  );
  const open = rows.filter((r) => r.status !== 'closed');
  const middle = open.slice(2, -2).find((r) => r.documents < 3) ?? open[Math.floor(open.length / 2)];
  if (!middle) throw new Error('No customer waits for review');
  return middle.number;
}

const heldBy = (page: Page) => page.getByTestId('held-by');

for (const { size, lang } of CASES) {
  const M = { en, fr }[lang];
  const saysHeldBy = (username: string) => M.presence.one.replace('{{name}}', demoUser(username).name);

  test(`a KYC case and an inbox request say who else has them open at ${size.width}×${size.height} (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const admin = await signedIn(browser, 'admin', lang, size);
    const reviewer = await signedIn(browser, 'kyc-admin', lang, size);
    const number = await middleOfQueue(admin);

    // The administrator opens the case first: nobody else has it, so nothing is said.
    await admin.goto(`/customers?account=${number}`);
    await expect(admin.locator('#kyc-account-title')).toBeVisible();
    await reviewer.goto(`/customers?account=${number}`);
    await expect(heldBy(reviewer)).toHaveText(saysHeldBy('admin'), { timeout: SEEN_WITHIN_MS });
    await expect(heldBy(reviewer)).toBeInViewport();
    await expect(heldBy(admin)).toHaveText(saysHeldBy('kyc-admin'), { timeout: SEEN_WITHIN_MS });
    await expect(heldBy(admin)).toBeInViewport();
    await reviewer.screenshot({ path: test.info().outputPath(`kyc-${size.width}-${lang}.png`) });

    // The administrator goes back to the list: the reviewer sees the case free within seconds.
    await admin.goto('/customers');
    await expect(heldBy(reviewer)).toHaveCount(0, { timeout: SEEN_WITHIN_MS });

    // A request waits; the supervisor opens its decision dialog: the maker's row says so.
    const supervisor = await signedIn(browser, 'network-supervisor', lang, size);
    const made = await callAs<{ approvalId: number }>(admin, 'POST', 'transfers/admin-cash-in', {
      counterparty: 'CUS-000013',
      amount: size.width + 3,
      source: 'BBG',
    });
    const id = String(made.approvalId);
    const row = (page: Page) => page.locator(`main [data-kind="transfer"][data-id="${id}"]`);
    await supervisor.goto('/authorize-transactions');
    await row(supervisor).getByRole('button', { name: M.approvals.inbox.approve }).click();
    const dialog = supervisor.getByRole('dialog', { name: M.approvals.inbox.approveTitle });
    await expect(dialog).toBeVisible();
    await admin.goto('/authorize-transactions');
    await expect(row(admin).getByTestId('held-by')).toHaveText(saysHeldBy('network-supervisor'), {
      timeout: SEEN_WITHIN_MS,
    });
    await row(admin).scrollIntoViewIfNeeded();
    await expect(row(admin).getByTestId('held-by')).toBeInViewport();
    await admin.screenshot({ path: test.info().outputPath(`inbox-${size.width}-${lang}.png`) });
    await dialog.getByRole('button', { name: M.approvals.inbox.cancel }).click();
    await expect(row(admin).getByTestId('held-by')).toHaveCount(0, { timeout: SEEN_WITHIN_MS });

    // Nothing of this test waits for anyone afterwards.
    await callAs(supervisor, 'POST', `inbox/transfer/${id}/decision`, {
      decision: 'reject',
      reason: 'Presence test request',
    });
    for (const page of [admin, reviewer, supervisor]) await page.context().close();
  });
}
