// Browser tests: real Chromium against the real server, on a free port, with a fresh database.
import { ensureChromium, freePort, run } from './lib.mjs';

const chromium = ensureChromium();
const port = await freePort();
const args = process.argv.slice(2);
const code = await run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...args], {
  env: { ...process.env, CHROMIUM_PATH: chromium, E2E_PORT: String(port) },
});
process.exit(code);
