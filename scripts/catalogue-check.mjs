// `npm run catalogue:check`: builds the catalogue, then draws every story in Chromium at 360 and
// 1280 px, light and dark, against the committed pictures, and runs axe on each (tests/catalogue,
// decision 042). `--baselines` (`npm run catalogue:baselines`) redraws the pictures that changed,
// adds the missing ones and deletes those of stories that are gone: a reviewed change, on purpose.
// Other arguments go to Playwright (a story's id as a filter, --workers=1...).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, freePort, root, run } from './lib.mjs';

const node = process.execPath;
const args = process.argv.slice(2);
const baselines = args.includes('--baselines');
const passOn = args.filter((arg) => arg !== '--baselines');

const built = await run(node, [
  'node_modules/storybook/dist/bin/dispatcher.js',
  'build',
  '--output-dir',
  'catalogue-dist',
  '--quiet',
]);
if (built !== 0) {
  console.error('✗ The catalogue did not build.');
  process.exit(built);
}

const chromium = ensureChromium();
const port = await freePort();
const code = await run(
  node,
  [
    'node_modules/@playwright/test/cli.js',
    'test',
    '--config',
    'tests/catalogue/playwright.config.ts',
    ...(baselines ? ['--update-snapshots=changed', 'pictures.spec'] : []),
    ...passOn,
  ],
  { env: { ...process.env, CHROMIUM_PATH: chromium, CATALOGUE_PORT: String(port) } },
);

if (baselines) {
  const folder = join(root, 'tests/catalogue/__screenshots__');
  const index = JSON.parse(readFileSync(join(root, 'catalogue-dist/index.json'), 'utf8'));
  const ids = new Set(Object.values(index.entries).map((entry) => entry.id));
  for (const file of readdirSync(folder)) {
    const id = file.replace(/-(360|1280)-(light|dark)\.png$/, '');
    if (!ids.has(id)) {
      rmSync(join(folder, file));
      console.log(`Removed ${file}: no story ${id} any more.`);
    }
  }
}
process.exit(code);
