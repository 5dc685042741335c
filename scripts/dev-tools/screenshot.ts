// Looks at a page as a person would: `npx tsx scripts/dev-tools/screenshot.ts <url> <out.png> [width] [username] [lang]`.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/chromium';

const [url, out, width = '1280', user, lang] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: screenshot.ts <url> <out.png> [width] [username] [en|fr]');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
if (lang) await page.addInitScript((l) => window.localStorage.setItem('language', l), lang);
const target = new URL(url);
if (user) {
  await page.goto(`${target.origin}/login`);
  await page.locator('input[name=username]').fill(user);
  await page.locator('input[name=password]').fill('demo1234');
  await page.locator('button[type=submit]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}
await page.goto(url);
// A signed-in page keeps the approvals count's event stream open: the network is never idle then.
await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => page.waitForTimeout(2_000));
await page.screenshot({ path: out, fullPage: false });
console.log('url:', page.url());
await browser.close();
