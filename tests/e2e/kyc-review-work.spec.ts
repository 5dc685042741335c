/**
 * In Chromium against the real API, at 1280×800 and 360×740, in English and French: the KYC
 * administrator opens a customer waiting and sees its images at once (side by side on a
 * laptop, never larger than their own pixels, zoomable), the decision bar stays in view while
 * the documents scroll, the approve dialog says what this approval does, the account then does
 * exactly that, and "Approve and next" opens the oldest account waiting. Screenshots land in the test's output folder (test-results/)
 * (kyc-review-<width>-<lang>.png) for a person to look at.
 */
import { expect, type Page, test } from '@playwright/test';
import { DOCUMENT_TYPE_TITLES } from '../../contract/kyc-documents';
import { HEADER } from '../../contract/http';
import type { KycAccountDetail, KycListPage } from '../../contract/api/kyc';
import { formatXof } from '../../src/i18n/format';
import { LANGUAGE_KEY } from '../../src/i18n';
import { en, fr, said } from '../messages';
import { loginViaApi } from './support/session';

test.describe.configure({ mode: 'serial' });

const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(
    () => (JSON.parse(window.localStorage.getItem('currentUser') ?? '{}') as { sessionId: string }).sessionId,
  );
  const response = await page.request.get(`/rest/${path}`, { headers: { [HEADER.sessionToken]: token } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { payload: T }).payload;
}

/**
 * A waiting customer to approve, chosen among the newest with every document (so the queue's
 * head stays for the other files), and the queue's oldest decidable one, where "Approve and
 * next" must then go.
 */
async function accountsToWork(page: Page) {
  const queue = (await apiGet<KycListPage>(page, 'kyc/customers?kycStatus=pending&sort=createdAt&dir=asc&pageSize=200'))
    .rows;
  const chosen = [...queue].reverse().find((row) => row.documents >= 3 && row.status !== 'closed');
  const next = queue.find((row) => row !== chosen && row.status !== 'closed');
  if (!chosen || !next) throw new Error('Fewer than two customers wait for review');
  return { chosen, next };
}

for (const size of SIZES) {
  test.describe(`KYC review at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    for (const lang of ['en', 'fr'] as const) {
      const K = { en, fr }[lang].kyc;

      test(`documents in view, the decision bar held, approve and next (${lang})`, async ({ page }) => {
        await page.goto('/login');
        await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [LANGUAGE_KEY, lang] as const);
        await loginViaApi(page, 'kyc-admin');
        const { chosen: account, next } = await accountsToWork(page);
        const before = await apiGet<KycAccountDetail>(page, `kyc/accounts/${account.number}`);

        await page.goto(`/customers?account=${account.number}`);
        await expect(page.getByRole('heading', { level: 2, name: account.name })).toBeVisible({ timeout: 15_000 });

        // Every image is there without a click, at most as large as its own pixels.
        const front = page.getByRole('img', { name: DOCUMENT_TYPE_TITLES.id_front[lang] });
        const back = page.getByRole('img', { name: DOCUMENT_TYPE_TITLES.id_back[lang] });
        await expect(front).toHaveAttribute('src', /^blob:/, { timeout: 15_000 });
        await expect(back).toHaveAttribute('src', /^blob:/, { timeout: 15_000 });
        const natural = await front.evaluate((img: HTMLImageElement) => img.naturalWidth);
        const shown = async () => (await front.boundingBox())?.width ?? 0;
        expect(await shown()).toBeLessThanOrEqual(natural + 0.5);
        if (size.width >= 1280) {
          // Side by side: the two sides of the card in one row.
          const [a, b] = [await front.boundingBox(), await back.boundingBox()];
          expect(a && b && Math.abs(a.y - b.y) < 2 && a.x !== b.x).toBe(true);
        }
        await page
          .getByRole('button', { name: said(K.documents.zoomIn, { title: DOCUMENT_TYPE_TITLES.id_front[lang] }) })
          .click();
        await expect.poll(shown).toBeCloseTo(natural * 1.5, 0);

        // The decision bar stays in view wherever the reviewer is on the page.
        const bar = page.getByRole('region', { name: K.detail.actions });
        const approveAndNext = bar.getByRole('button', { name: K.detail.approveAndNext });
        await expect(approveAndNext).toBeInViewport({ ratio: 1 });
        await back.scrollIntoViewIfNeeded();
        await expect(approveAndNext).toBeInViewport({ ratio: 1 });
        await page.screenshot({
          path: test.info().outputPath(`kyc-review-${size.width}-${lang}.png`),
          fullPage: false,
        });

        // The dialog says what the approval does, in the API's forecast for this account.
        await approveAndNext.click();
        const dialog = page.getByRole('dialog');
        const after = before.afterApproval;
        const effect = K.decision.approveEffect;
        const expected = !after.canTransact
          ? (effect.remains.split('{{status}}')[0] as string)
          : said(after.status !== before.account.status ? effect.activates : effect.mayMove, {
              limit:
                after.dailyLimit === null
                  ? effect.noLimit
                  : said(effect.daily, { amount: formatXof(after.dailyLimit, lang) }),
            });
        await expect(dialog).toContainText(expected);
        await page.screenshot({ path: test.info().outputPath(`kyc-review-dialog-${size.width}-${lang}.png`) });
        await dialog.getByRole('button', { name: K.decision.confirm.approve }).click();

        // On to the next account waiting, and the approved account does what was said.
        await expect(page.getByRole('heading', { level: 2, name: next.name })).toBeVisible({ timeout: 15_000 });
        expect(new URL(page.url()).searchParams.get('account')).toBe(next.number);
        const approved = (await apiGet<KycAccountDetail>(page, `kyc/accounts/${account.number}`)).account;
        expect(approved).toMatchObject({ kycStatus: 'approved', status: after.status });
        expect(approved.limits.canTransact).toBe(after.canTransact);
        expect(approved.limits.dailyLimit).toBe(after.dailyLimit);
      });
    }
  });
}
