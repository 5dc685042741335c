/**
 * The command palette and the menu filter in Chromium against the real app, as an administrator
 * on a laptop and a phone: Ctrl+K and a page's name in French or English, Enter lands on the page;
 * "/" opens it again with the recent pages; the side menu's filter narrows Reports.
 */
import { expect, type Page, test } from '@playwright/test';
import { en, fr } from '../messages';
import { loginViaApi } from './support/session';

const SIZES = [
  { width: 1280, height: 800, name: '1280' },
  { width: 360, height: 740, name: '360' },
];

const palette = (page: Page) => page.getByRole('dialog').getByRole('combobox');

for (const size of SIZES) {
  test(`Ctrl+K finds the fees page by its name, "/" lists the recent pages (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    const lang = size.width < 400 ? 'fr' : 'en';
    const P = lang === 'fr' ? fr.palette : en.palette;
    const C = lang === 'fr' ? fr.commandPalette : en.commandPalette;
    await page.addInitScript((language) => window.localStorage.setItem('language', language), lang);
    await loginViaApi(page, 'admin', { path: '/users' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.keyboard.press('Control+k');
    await expect(palette(page)).toBeFocused();
    await palette(page).fill(lang === 'fr' ? 'frais' : 'fees');
    const first = page.getByRole('option').first();
    await expect(first).toContainText(lang === 'fr' ? 'Frais et plafonds' : 'Fees and limits');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(first).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath(`palette-${size.name}.png`) });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/fees$/);
    await expect(palette(page)).toHaveCount(0);

    // Focus on the page, not in a field: "/" opens the palette with the pages just visited.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('/');
    await expect(palette(page)).toBeFocused();
    const recent = page.getByRole('group', { name: C.recent });
    await expect(recent.getByRole('option')).toHaveText([
      new RegExp(lang === 'fr' ? 'Frais et plafonds' : 'Fees and limits'),
      new RegExp(lang === 'fr' ? 'Comptes du personnel' : 'Staff accounts'),
    ]);
    await page.screenshot({ path: test.info().outputPath(`recent-${size.name}.png`) });
    // Escape closes it and gives focus back where it was.
    await page.keyboard.press('Escape');
    await expect(palette(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    // The header's button opens it too.
    await page.getByRole('button', { name: P.open }).click();
    await expect(palette(page)).toBeFocused();
  });
}

test('the side menu filter narrows Reports to the matching links (1280 and 360)', async ({ page }) => {
  await page.setViewportSize(SIZES[0]!);
  await loginViaApi(page, 'admin');
  const menu = page.getByRole('navigation', { name: en.shell.mainMenu });
  const filter = menu.getByRole('searchbox', { name: en.palette.menuFilter });
  await filter.fill('edk');
  const links = menu.getByRole('link');
  await expect(links.filter({ hasText: /^Home$/ })).toHaveCount(1);
  const names = (await links.allTextContents()).filter((name) => name !== 'Home');
  expect(names.length).toBeGreaterThan(1);
  for (const name of names) expect(name).toContain('EDK');
  await expect(menu.getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-expanded', 'true');
  await page.screenshot({ path: test.info().outputPath('menu-filter-1280.png') });

  await page.setViewportSize(SIZES[1]!);
  await page.getByRole('button', { name: en.shell.toggleMenu }).click();
  await filter.fill('zzz');
  await expect(menu.getByRole('status')).toHaveText(en.palette.menuNone.replace('{{text}}', 'zzz'));
  await filter.fill('edk');
  await expect(links.filter({ hasText: /EDK/ }).first()).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('menu-filter-360.png') });
});
