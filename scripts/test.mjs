// `npm test`: everything a user relies on, in order, stopping at the first red step:
// typecheck, lint (Biome, formatting, import rules, unused code), unit and component tests, API tests, the build, then browser tests in
// real Chromium: every story of the catalogue against its committed picture and axe, then the
// app against the real server. Ends with one "N passed, N failed" line.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, root, run } from './lib.mjs';

const tmp = join(root, '.tmp');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const node = process.execPath;
let passed = 0;
let failed = 0;
/** Each stage's title, seconds and, for test stages, its counts: printed at the end. */
const stages = [];

function timed(title, counts) {
  const started = performance.now();
  return (extra = {}) => stages.push({ title, seconds: (performance.now() - started) / 1000, ...counts, ...extra });
}

function finish(code) {
  const width = Math.max(...stages.map((s) => s.title.length));
  console.log('\nStage times:');
  for (const s of stages) {
    const counts = s.passed === undefined ? '' : `  ${s.passed} passed, ${s.failed} failed`;
    console.log(`  ${s.title.padEnd(width)}  ${formatSeconds(s.seconds).padStart(8)}${counts}`);
  }
  const total = stages.reduce((sum, s) => sum + s.seconds, 0);
  console.log(`  ${'Total'.padEnd(width)}  ${formatSeconds(total).padStart(8)}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(code);
}

function formatSeconds(seconds) {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

async function step(title, command, args, options) {
  console.log(`\n━━ ${title} ━━`);
  const done = timed(title);
  const code = await run(command, args, options);
  done();
  if (code !== 0) {
    console.error(`\n✗ ${title} failed (exit ${code}).`);
    failed += 1;
    finish(code || 1);
  }
}

const chromium = ensureChromium();

await step('Typecheck', node, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']);
await step('Lint (Biome, format, import rules, unused code)', node, ['scripts/lint/run.mjs']);

const vitestReport = join(tmp, 'vitest.json');
console.log('\n━━ Unit, component, model-based and API tests (vitest) ━━');
const vitestDone = timed('Vitest (unit, API)');
const vitestCode = await run(node, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
passed += vitest?.numPassedTests ?? 0;
failed += vitest?.numFailedTests ?? 0;
vitestDone({ passed: vitest?.numPassedTests ?? 0, failed: vitest?.numFailedTests ?? 0 });
if (vitestCode !== 0) {
  failed = Math.max(failed, 1);
  finish(vitestCode);
}

await step('Build', node, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);

/** Runs a Playwright suite through its script; adds its counts; stops the run if it failed. */
async function playwrightStage(heading, title, script, report) {
  const reportFile = join(tmp, report);
  console.log(`\n━━ ${heading} ━━`);
  const done = timed(title);
  const code = await run(node, [script], {
    env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile },
  });
  const stats = readJson(reportFile)?.stats;
  const stagePassed = stats?.expected ?? 0;
  const stageFailed = (stats?.unexpected ?? 0) + (stats?.flaky ?? 0);
  passed += stagePassed;
  failed += stageFailed;
  done({ passed: stagePassed, failed: stageFailed });
  const ran = stagePassed + (stats?.unexpected ?? 0) > 0;
  if (code !== 0 || !ran) {
    if (!ran) console.error(`\n✗ No test of "${title}" ran.`);
    failed = Math.max(failed, 1);
    finish(code || 1);
  }
}

await playwrightStage(
  'The catalogue: each story against its picture, and axe (Playwright, Chromium)',
  'Catalogue pictures and axe (Chromium)',
  'scripts/catalogue-check.mjs',
  'catalogue.json',
);
await playwrightStage(
  'Browser tests (Playwright, Chromium)',
  'Browser tests (Chromium)',
  'scripts/e2e.mjs',
  'playwright.json',
);
finish(failed > 0 ? 1 : 0);
