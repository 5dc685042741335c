/**
 * Light and dark (decision 040). With no choice the dashboard follows the system's
 * prefers-color-scheme; the user menu's Appearance (System, Light, Dark) overrides it, and the
 * choice outlives a reload and a logout; printing is light whatever the choice. The user menu
 * works from the keyboard: Enter or Space on the avatar opens it with focus inside, arrows move
 * between its items, Escape closes it and gives focus back to the avatar.
 */
import { expect, type Page, test } from '@playwright/test';
import { SCHEME_KEY } from '../../src/ui/scheme';
import { en } from '../messages';
import { demoUser, loginViaApi, logout } from './support/session';

const ADMIN = demoUser('admin');
const M = en.userMenu;

/**
 * How light the page's ground is, 0 (black) to 255 (white): the body's background colour as the
 * browser paints it, whatever colour syntax the stylesheet used.
 */
function groundLightness(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });
}

async function expectScheme(page: Page, scheme: 'light' | 'dark') {
  await expect
    .poll(() => groundLightness(page), { message: `the page should be ${scheme}` })
    [scheme === 'dark' ? 'toBeLessThan' : 'toBeGreaterThan'](scheme === 'dark' ? 64 : 192);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(scheme);
}

const avatar = (page: Page) => page.locator('header').getByRole('button', { name: ADMIN.name });
const menu = (page: Page) => page.getByRole('menu');

async function choose(page: Page, label: string) {
  await avatar(page).click();
  await menu(page).getByRole('menuitemradio', { name: label }).click();
  await expect(menu(page)).toBeHidden();
}

const storedChoice = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), SCHEME_KEY);

test.describe('with the system in dark', () => {
  test.use({ colorScheme: 'dark' });

  test('no choice: the sign-in page and the signed-in pages are dark', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('input[name="username"]')).toBeVisible();
    expect(await storedChoice(page)).toBeNull();
    await expectScheme(page, 'dark');
    await loginViaApi(page, 'admin');
    await expectScheme(page, 'dark');
    await avatar(page).click();
    await expect(menu(page).getByRole('menuitemradio', { name: M.scheme.system })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  test('Light, then System, chosen in the user menu; the choice outlives a reload and a logout', async ({ page }) => {
    await loginViaApi(page, 'admin');
    await expectScheme(page, 'dark');

    await choose(page, M.scheme.light);
    await expectScheme(page, 'light');
    await page.reload();
    await expect(avatar(page)).toBeVisible();
    await expectScheme(page, 'light');
    await avatar(page).click();
    await expect(menu(page).getByRole('menuitemradio', { name: M.scheme.light })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.keyboard.press('Escape');

    await logout(page);
    await expectScheme(page, 'light');

    await loginViaApi(page, 'admin');
    await expectScheme(page, 'light');
    await choose(page, M.scheme.system);
    await expectScheme(page, 'dark');
    expect(await storedChoice(page)).toBeNull();
    await page.reload();
    await expect(avatar(page)).toBeVisible();
    await expectScheme(page, 'dark');
  });
});

test('with the system in light, Dark chosen in the user menu stays dark after a reload, and prints light', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await loginViaApi(page, 'admin');
  await expectScheme(page, 'light');
  await choose(page, M.scheme.dark);
  await expectScheme(page, 'dark');
  expect(await storedChoice(page)).toBe('dark');
  await page.reload();
  await expect(avatar(page)).toBeVisible();
  await expectScheme(page, 'dark');
  // Paper is white: what is printed keeps the light values whatever the choice.
  await page.emulateMedia({ media: 'print' });
  await expectScheme(page, 'light');
});

const focusedItem = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.closest('[role="menu"]') && el.matches('[role^="menuitem"]') ? (el.textContent ?? '').trim() : null;
  });

for (const key of ['Enter', ' '] as const) {
  test(`the user menu by keyboard: ${key === ' ' ? 'Space' : key} opens it, arrows move, Escape closes it`, async ({
    page,
  }) => {
    await loginViaApi(page, 'admin');
    await avatar(page).focus();
    await page.keyboard.press(key);
    await expect(menu(page)).toBeVisible();
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="menu"]')))).toBe(true);

    // Down reaches the first item, and again the next; Up goes back.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedItem(page)).not.toBeNull();
    const first = await focusedItem(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedItem(page)).not.toBe(first);
    expect(await focusedItem(page)).not.toBeNull();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focusedItem(page)).toBe(first);

    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(avatar(page)).toBeFocused();
  });
}
