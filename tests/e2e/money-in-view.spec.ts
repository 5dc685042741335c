/**
 * Amounts, their totals and the rows' identity stay inside the viewport on the laptops staff
 * use (1280x800, 1366x768, side menu open) and on a 360 px phone: on the transaction report, a
 * balance repartition and the approvals list, with no sideways scrolling of the page. And the
 * way back to a report lands where the user was, not where the page was before its rows came.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { HEADER } from '../../contract/http';
import { loginViaApi, xsrfToken } from './support/session';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 360, height: 740 },
];

/** Every box `cells` finds lies between the viewport's left and right edges; there is at least one. */
async function expectInView(page: Page, cells: Locator, what: string) {
  const width = page.viewportSize()?.width ?? 0;
  const boxes = await cells.evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right };
    }),
  );
  expect(boxes.length, what).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.left, what).toBeGreaterThanOrEqual(0);
    expect(box.right, what).toBeLessThanOrEqual(width);
  }
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** A cash-in by the admin always waits for a checker: the approvals list has a row. */
async function requestApproval(page: Page) {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { sessionId?: string }).sessionId,
  );
  const response = await page.request.post('/rest/transfers/admin-cash-in', {
    data: { counterparty: 'CUS-000013', amount: 15_000, source: 'BBG' },
    headers: {
      [HEADER.sessionToken]: token ?? '',
      [HEADER.xsrf]: await xsrfToken(page),
      [HEADER.idempotencyKey]: crypto.randomUUID(),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the money of the transaction report, a balance page and the approvals is in view', async ({ page }) => {
      test.setTimeout(60_000);
      await loginViaApi(page, 'admin', { path: '/reports/transaction-report' });
      const totals = page.getByTestId('report-totals');
      await expect(totals).toBeVisible({ timeout: 20_000 });
      for (const column of ['createdAt', 'reference', 'amount', 'fee', 'commission']) {
        await expectInView(page, page.locator(`main [data-column="${column}"]`).first(), `report ${column}`);
      }
      await expectInView(page, totals.locator('[data-column="amount"], [data-column="fee"]'), 'report totals');
      await expectNoSidewaysScroll(page);

      await page.goto('/bbg-repartition');
      const repartition = page.getByRole('region', { name: /Accounts and balances by kind/ });
      await expect(repartition.locator('[data-column="balance"]').first()).toBeVisible({ timeout: 20_000 });
      await expectInView(page, repartition.locator('[data-column="balance"]'), 'repartition balances and total');
      await expectNoSidewaysScroll(page);

      await requestApproval(page);
      await page.goto('/authorize-transactions?view=transfers');
      const row = page.locator('[data-testid^="approval-"]').first();
      await expect(row).toBeVisible({ timeout: 20_000 });
      for (const column of ['reference', 'amount', 'fee']) {
        await expectInView(page, row.locator(`[data-column="${column}"]`), `approval ${column}`);
      }
      await expectNoSidewaysScroll(page);
    });
  });
}

test('going back to a report lands where the user was, once the rows are there', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginViaApi(page, 'admin', { path: '/reports/transaction-report?pageSize=100' });
  await expect(page.getByTestId('report-totals')).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Hello/);
  await page.goBack();
  await expect(page.getByTestId('report-totals')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
});
