// Renders every story of the built catalogue (npm run catalogue:build) at 360 and 1280 px wide,
// light and dark, into catalogue-shots/ (or the folder given), for a person to look at.
// Not part of `npm test`: nothing compares the pictures yet.
import { createReadStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from '@playwright/test';
import { ensureChromium } from './lib.mjs';

const root = 'catalogue-dist';
const out = process.argv[2] ?? 'catalogue-shots';
if (!existsSync(join(root, 'index.json'))) {
  console.error('No catalogue: run `npm run catalogue:build` first.');
  process.exit(1);
}

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};
const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(
    /^(\.\.[/\\])+/,
    '',
  );
  const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
  if (!existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const stories = Object.values(JSON.parse(readFileSync(join(root, 'index.json'), 'utf8')).entries).filter(
  (entry) => entry.type === 'story',
);
mkdirSync(out, { recursive: true });
const started = Date.now();
const browser = await chromium.launch({ executablePath: ensureChromium() });
for (const width of [360, 1280]) {
  for (const scheme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width, height: 800 }, colorScheme: scheme });
    for (const story of stories) {
      await page.goto(`http://127.0.0.1:${port}/iframe.html?id=${story.id}&viewMode=story&globals=scheme:${scheme}`);
      await page.locator('#storybook-root > *').first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: join(out, `${story.id}.${width}.${scheme}.png`), fullPage: true });
    }
    await page.close();
  }
}
await browser.close();
server.close();
console.log(
  `${stories.length * 4} pictures of ${stories.length} stories in ${out}/, ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
