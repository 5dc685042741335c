/**
 * In Chromium against the real API and the demo data, in English and in French, on a laptop and
 * a phone: codes read as words (a KYC decision, a channel), and a rejection's reason asks for
 * the contract's one minimum in the page's language.
 */
import { expect, type Page, test } from '@playwright/test';
import { HEADER } from '../../contract/http';
import { REASON_MIN } from '../../contract/reasons';
import { labelOf } from '../../contract/report-values';
import type { Language } from '../../src/i18n/languages';
import { en, fr, said } from '../messages';
import { loginViaApi } from './support/session';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;
const LANGUAGES: readonly Language[] = ['en', 'fr'];

async function signIn(page: Page, language: Language, username: string, path: string) {
  // The dashboard starts in the stored language.
  await page.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  return loginViaApi(page, username, { path });
}

/** The first demo customer a reviewer has decided, through the API the pages use. */
async function decidedCustomer(page: Page, sessionId: string, status: 'approved' | 'pending'): Promise<string> {
  const res = await page.request.get(`/rest/kyc/customers?kycStatus=${status}&pageSize=1`, {
    headers: { [HEADER.sessionToken]: sessionId, [HEADER.channel]: 'dashboard' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const number = ((await res.json()) as { payload: { rows: { number: string }[] } }).payload.rows[0]?.number;
  if (!number) throw new Error(`No ${status} customer in the demo data`);
  return number;
}

for (const size of SIZES) {
  for (const language of LANGUAGES) {
    const M = language === 'fr' ? fr : en;

    test.describe(`${language} at ${size.width}×${size.height}`, () => {
      test.use({ viewport: size });

      test('an account’s KYC history says what was decided, in words', async ({ page }) => {
        const user = await signIn(page, language, 'admin', '/');
        const number = await decidedCustomer(page, user.sessionId, 'approved');
        await page.goto(`/accounts/${number}`);
        const decision = page.locator('main li').filter({ hasText: 'Fatou Sow' }).first();
        await expect(decision).toContainText(`${M.kyc.outcome.approve} · Fatou Sow`, { timeout: 15_000 });
        await expect(decision).not.toContainText('Approve ·');
        await page.screenshot({
          path: test.info().outputPath(`account-${language}-${size.width}.png`),
          fullPage: true,
        });
      });

      test('the audit trail names the WAP channel in the page’s language', async ({ page }) => {
        await signIn(page, language, 'admin', '/audit-trail');
        const channel = page.getByLabel(M.auditTrail.filters.channel);
        await expect(channel.locator('option[value="wap1"]')).toHaveText(labelOf('channels', 'wap1', language));
        await page.screenshot({ path: test.info().outputPath(`audit-${language}-${size.width}.png`) });
      });

      test('a KYC rejection asks for the one minimum of a reason', async ({ page }) => {
        await signIn(page, language, 'kyc-admin', '/customers?kycStatus=pending');
        const open = page
          .locator('main')
          .getByRole('link', { name: M.kyc.list.open.split(' ')[0] })
          .first();
        await expect(open).toBeVisible({ timeout: 15_000 });
        await open.click();
        await page.getByRole('button', { name: M.kyc.decision.confirm.reject, exact: true }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel(new RegExp(`^${M.kyc.decision.reason}`)).fill('x'.repeat(REASON_MIN - 1));
        await dialog.getByRole('button', { name: M.kyc.decision.confirm.reject }).click();
        const problem = said(M.kyc.decision.reasonProblem.short, { min: REASON_MIN });
        await expect(dialog.getByText(problem)).toBeVisible();
        expect(problem).toContain(String(REASON_MIN));
        await page.screenshot({ path: test.info().outputPath(`kyc-reason-${language}-${size.width}.png`) });
      });
    });
  }
}
