/**
 * A name several wallets share, searched in Chromium against the real API and demo data:
 * the Transaction Report's search offers the people it may mean (name, account, phone, kind)
 * and says how many accounts its total covers; choosing one (arrow keys, Enter) narrows the
 * report to that account, shown as a removable chip with the holder's name; the header search
 * lists people first and its "See all results" opens the report searched by the same text.
 * At 1280×800 in English and 360×740 in French.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { HEADER } from '../../contract/http';
import { REPORT_MESSAGES } from '../../src/features/reports/messages';
import { enShell } from '../../src/i18n/shell-en';
import { frShell } from '../../src/i18n/shell-fr';
import { loginViaApi } from './support/session';

/** A name the demo data gives to several customers. */
const SHARED_NAME = 'Fatou Diallo';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const REPORT = `/reports/transaction-report?from=${day(-365)}&to=${day(0)}`;

const CASES = [
  { size: { width: 1280, height: 800 }, lang: 'en' },
  { size: { width: 360, height: 740 }, lang: 'fr' },
] as const;

/** What axe finds wrong (WCAG 2.0/2.1 A and AA) in an open list and the field that owns it. */
async function axeViolations(page: Page, ...parts: string[]) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const part of parts) builder.include(part);
  return (await builder.analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}

/** The report's rows, a table or cards as the width allows, once they have come. */
async function settled(page: Page) {
  const rows = page.locator('main [data-layout]');
  await expect(page.getByTestId('report-totals')).toBeVisible({ timeout: 20_000 });
  await expect(rows).not.toHaveAttribute('aria-busy', 'true');
  return rows;
}

/** The report's rows for one account, asked of the API as the signed-in tab. */
async function accountRows(page: Page, account: string) {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { sessionId?: string }).sessionId,
  );
  const response = await page.request.get(
    `/rest/reports/transaction-report?from=${day(-365)}&to=${day(0)}&account=${account}&pageSize=200`,
    { headers: { [HEADER.sessionToken]: token ?? '' } },
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { payload: { total: number; rows: Record<string, unknown>[] } }).payload;
}

for (const { size, lang } of CASES) {
  test(`a shared name offers its people and one of them narrows the report (${size.width}, ${lang})`, async ({
    page,
  }) => {
    const R = REPORT_MESSAGES[lang];
    await page.setViewportSize(size);
    if (lang === 'fr') await page.addInitScript(() => window.localStorage.setItem('language', 'fr'));
    await loginViaApi(page, 'admin', { path: REPORT });
    await settled(page);

    const box = page.getByRole('combobox', { name: R.filter.search });
    await box.fill(SHARED_NAME);
    const people = page.getByRole('listbox', { name: R.party.suggestions.replace('{{text}}', SHARED_NAME) });
    await expect(people).toBeInViewport();
    const options = people.getByRole('option');
    expect(await options.count()).toBeGreaterThan(1);
    await expect(options.first()).toContainText(SHARED_NAME);
    await expect(options.first()).toContainText(/CUS-\d+ · \+221/);
    expect(await axeViolations(page, 'main [role="combobox"]', 'main [role="listbox"]')).toEqual([]);

    // The plain search: each row names the account it matched, and the total says it adds up several.
    await expect(page).toHaveURL(/q=Fatou/);
    const result = await settled(page);
    const covers = lang === 'en' ? /covers \d+ accounts/ : /couvre \d+ comptes/;
    await expect(page.getByTestId('report-totals')).toContainText(covers);
    const matched = lang === 'en' ? 'Matched account' : 'Compte trouvé';
    await expect(result.getByText(matched, { exact: true }).first()).toBeVisible();
    await expect(result.getByRole('link', { name: /^CUS-\d+$/ }).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`report-search-${size.width}-${lang}.png`) });

    await box.focus();
    await expect(people).toBeVisible();
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const second = options.nth(1);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    const account = ((await second.textContent()) ?? '').match(/CUS-\d+/)?.[0] ?? '';
    await box.press('Enter');

    await expect(page).toHaveURL(new RegExp(`account=${account}`));
    await expect(page).not.toHaveURL(/q=/);
    await expect(box).toHaveValue('');
    const chip = page.getByTestId('account-filter');
    await expect(chip).toHaveText(`${SHARED_NAME} · ${account}`);
    await expect(chip).toBeVisible();
    await settled(page);
    await expect(page.getByTestId('report-totals')).not.toContainText(covers);
    // Every row is the chosen wallet's: it paid or received it, and none is a namesake's.
    const narrowed = await accountRows(page, account);
    expect(narrowed.total).toBeGreaterThan(0);
    for (const row of narrowed.rows) expect([row.fromNumber, row.toNumber]).toContain(account);
    await page.screenshot({ path: test.info().outputPath(`report-account-${size.width}-${lang}.png`) });

    await chip.getByRole('button', { name: R.party.remove.replace('{{name}}', `${SHARED_NAME} · ${account}`) }).click();
    await expect(page).not.toHaveURL(/account=/);
  });
}

test('the header search lists people first, follows the arrow keys and sees all results in the report', async ({
  page,
}) => {
  for (const { size, lang } of CASES) {
    const S = (lang === 'en' ? enShell : frShell).headerSearch;
    const R = REPORT_MESSAGES[lang];
    await page.setViewportSize(size);
    if (lang === 'fr') await page.addInitScript(() => window.localStorage.setItem('language', 'fr'));
    await loginViaApi(page, 'admin', { path: '/' });
    const box = page.getByRole('combobox', { name: S.label });
    await box.click();
    await box.fill(SHARED_NAME);
    const results = page.getByRole('listbox', { name: S.results });
    const options = results.getByRole('option');
    await expect(options.first()).toContainText(SHARED_NAME);
    await expect(options.first()).toContainText(/CUS-\d+/);
    const seeAll = results.getByRole('option', { name: S.seeAll.replace('{{text}}', SHARED_NAME) });
    await expect(seeAll).toBeInViewport();
    expect(await axeViolations(page, 'header search')).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`header-${size.width}-${lang}.png`) });

    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id')) ?? '');
    // Up from the first goes back to the text, and once more to the last option: see all.
    await box.press('ArrowUp');
    await box.press('ArrowUp');
    await expect(seeAll).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');

    await expect(page).toHaveURL(/\/reports\/transaction-report\?.*q=Fatou/);
    await expect(page.getByRole('combobox', { name: R.filter.search })).toHaveValue(SHARED_NAME);
    await settled(page);
    await expect(page.getByTestId('report-totals')).toContainText(lang === 'en' ? /covers/ : /couvre/);

    await box.fill('');
    await box.fill(SHARED_NAME);
    await expect(seeAll).toBeVisible();
    await box.press('Escape');
    await expect(results).toBeHidden();
  }
});
