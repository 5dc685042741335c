/**
 * An inbox row of an administrative change opens that item itself, and says what the change is
 * about in the reader's language: a fee change lands on its flow's fees, marked, with the change
 * waiting; a staff change lands on that one user. In English and French at 1280×800 and 360×740,
 * where what the reader came for is in view. Screenshots land in the test's output folder (test-results/) for a person to look
 * at. Nothing is decided: both requests are rejected at the end so other files do not meet them.
 */
import { expect, type Page, test } from '@playwright/test';
import type { FeeScheduleView } from '../../contract/api/fees';
import type { StaffUserPage } from '../../contract/api/users';
import type { Language } from '../../src/i18n';
import { LANGUAGE_KEY } from '../../src/i18n';
import { flowLabelOf } from '../../src/features/transfers/flow-label';
import { en, fr } from '../messages';
import { type ApiSession, apiSession } from './support/api-session';
import { loginViaApi } from './support/session';

const MESSAGES = { en, fr };
const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;
/** A flow and a deciding user no other browser test changes. */
const FLOW = 'uv-remote';
const USER = 'bank-bridge-checker';

const made = { fees: '', user: '', userId: 0 };
let checker: ApiSession;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  checker = await apiSession(playwright, 'network-supervisor');
  const maker = await apiSession(playwright, 'admin');
  const { schedules } = await maker.get<{ schedules: FeeScheduleView[] }>('fees');
  const bands = (schedules.find((s) => s.flowId === FLOW)?.bands ?? []).map(({ ...b }) => ({
    ...b,
    fixedFee: b.fixedFee + 5,
  }));
  made.fees = String((await maker.put<{ changeRequestId: number }>(`fees/${FLOW}`, { bands })).changeRequestId);
  const users = await maker.get<StaffUserPage>('users', { q: USER });
  made.userId = users.rows.find((u) => u.username === USER)?.id ?? 0;
  made.user = String(
    (await maker.post<{ changeRequestId: number }>(`users/${made.userId}/unlock`, {})).changeRequestId,
  );
  await maker.dispose();
});

test.afterAll(async () => {
  for (const id of [made.fees, made.user]) {
    if (id) await checker.post(`inbox/change/${id}/decision`, { decision: 'reject', reason: 'Test request' });
  }
  await checker?.dispose();
});

async function inLanguage(page: Page, lang: Language) {
  await page.goto('/login');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [LANGUAGE_KEY, lang] as const);
}

const row = (page: Page, id: string) => page.locator(`main [data-kind="change"][data-id="${id}"]`);

async function openInbox(page: Page) {
  await page.goto('/authorize-transactions');
  await expect(row(page, made.fees)).toBeVisible({ timeout: 20_000 });
}

for (const size of SIZES) {
  test.describe(`inbox links at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    for (const lang of ['en', 'fr'] as const) {
      test(`a fee change and a staff change open their own item (${lang})`, async ({ page }) => {
        test.setTimeout(90_000);
        const M = MESSAGES[lang];
        const I = M.approvals.inbox;
        await inLanguage(page, lang);
        await loginViaApi(page, 'network-supervisor', { path: '/authorize-transactions' });
        await expect(row(page, made.fees)).toBeVisible({ timeout: 20_000 });

        // What each change is about, in the reader's language (the server stored English).
        await expect(row(page, made.fees)).toContainText(I.about.flow.replace('{{flow}}', flowLabelOf(FLOW, lang)));
        await expect(row(page, made.user)).toContainText(`${USER} (Bridge Bank Checker)`);
        await page.screenshot({ path: test.info().outputPath(`inbox-${size.width}-${lang}.png`) });

        await row(page, made.fees).getByRole('link', { name: I.change.fees.schedule }).click();
        await expect(page).toHaveURL(new RegExp(`/fees\\?service=${FLOW}$`));
        const schedule = page.locator(`[data-schedule-flow="${FLOW}"]`);
        await expect(schedule).toHaveAttribute('aria-current', 'true');
        await expect(schedule).toBeFocused();
        await expect(schedule.getByRole('heading', { name: M.fees.flows[FLOW] })).toBeInViewport();
        await expect(page.getByTestId(`pending-${FLOW}`)).toBeInViewport();
        await page.screenshot({ path: test.info().outputPath(`fees-${size.width}-${lang}.png`) });

        await openInbox(page);
        await row(page, made.user).getByRole('link', { name: I.change.user.unlock }).click();
        await expect(page).toHaveURL(/\/users\?user=/);
        // A table at 1280, cards at 360: either way that one user, and no other.
        const main = page.getByRole('main');
        await expect(main.getByText(USER, { exact: true })).toBeInViewport();
        await expect(main.getByText('bank-checker', { exact: true })).toHaveCount(0);
        await expect(page.getByTestId('opened-user')).toContainText(M.usersPage.opened.one);
        await page.screenshot({ path: test.info().outputPath(`users-${size.width}-${lang}.png`) });
      });
    }
  });
}
