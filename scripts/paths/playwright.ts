/**
 * `--format playwright`: a runner for one machine's generated paths in Chromium, on the shared
 * Playwright driver, and a step table to fill in, written into a folder outside Playwright's
 * testDir (so `playwright test` never lists them before QA moves them in) and never over a file
 * that already exists (QA's edits are theirs).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { MachineSummary } from './summary';

export const PLAYWRIGHT_OUT = 'paths-out';

const quote = (text: string) => JSON.stringify(text);

function stepsFile(machine: MachineSummary): string {
  const events = [
    ...new Set(machine.paths.flatMap((p) => p.steps.slice(1).map((s) => s.event.replace(/\(.*\)$/, '')))),
  ].sort();
  const states = [...new Set(machine.paths.flatMap((p) => p.steps.flatMap((s) => s.states)))].sort();
  const todo = (what: string) => `    throw new Error(${quote(`Step table of ${machine.id}: write ${what}`)});`;
  return `/**
 * The step table of the ${machine.id} machine${machine.file ? ` (${machine.file})` : ''}, for the generated
 * runner beside it. Written by \`npm run paths -- --machine ${machine.id} --format playwright\`; it
 * is yours now: the command never writes over it. Each event says how the user, the server or time
 * causes it; each state what the user sees (the DOM, the URL, requests: never the machine's snapshot).
 * docs/path-tests.md shows finished tables (tests/paths/steps/).
 */
import type { Driver } from '../../tests/paths/driver';
import type { PathSteps } from '../../tests/paths/graph-adapter';

export function ${machine.id}Steps(driver: Driver): PathSteps {
  return {
    async start() {
      await driver.open('admin', '/');
    },
    events: {
${events.map((e) => `      async ${quote(e)}() {\n${todo(`how ${e} happens`).replace(/^/gm, '  ')}\n      },`).join('\n')}
    },
    states: {
${states.map((s) => `      async ${quote(s)}() {\n${todo(`what the user sees in ${s}`).replace(/^/gm, '  ')}\n      },`).join('\n')}
    },
  };
}
`;
}

function specFile(machine: MachineSummary, graphModule: string, graphExport: string): string {
  return `/**
 * The ${machine.id} machine's generated paths in Chromium against the real server, through the
 * step table beside this file. Written by \`npm run paths -- --machine ${machine.id} --format
 * playwright\`; move both files under tests/e2e/ (and the table under tests/paths/steps/) once the
 * table is written.
 */
import { expect, test } from '@playwright/test';
import { createPlaywrightDriver, type PlaywrightDriver } from '../../tests/e2e/support/playwright-driver';
import { asTestSteps } from '../../tests/e2e/support/path-steps';
import { generatePaths, incompleteSteps, missingCoverage, runPath } from '../../tests/paths/graph-adapter';
import { ${graphExport} } from ${quote(graphModule)};
import { ${machine.id}Steps } from './${machine.id}.steps';

let driver: PlaywrightDriver | undefined;
test.afterEach(async () => {
  await driver?.close();
  driver = undefined;
});

test.describe(${quote(`${machine.id} machine: generated paths in Chromium`)}, () => {
  const generated = generatePaths(${graphExport});

  test('drives every transition and state of the machine', async ({ page }) => {
    driver = await createPlaywrightDriver(page);
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, ${machine.id}Steps(driver))).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    test(path.text, async ({ page }) => {
      driver = await createPlaywrightDriver(page);
      await runPath(path, ${machine.id}Steps(driver), asTestSteps);
    });
  }
});
`;
}

/** Writes the two files of one machine; answers what it wrote and what it kept. */
export function writePlaywright(
  machine: MachineSummary,
  graph: { module: string; exportName: string },
  out = PLAYWRIGHT_OUT,
): { written: string[]; kept: string[] } {
  const dir = join(out, machine.id);
  mkdirSync(dir, { recursive: true });
  const fromDir = relative(dir, graph.module).replace(/\.ts$/, '');
  const files = [
    [
      join(dir, `${machine.id}.paths.spec.ts`),
      specFile(machine, fromDir.startsWith('.') ? fromDir : `./${fromDir}`, graph.exportName),
    ],
    [join(dir, `${machine.id}.steps.ts`), stepsFile(machine)],
  ] as const;
  const written: string[] = [];
  const kept: string[] = [];
  for (const [path, text] of files) {
    if (existsSync(path)) kept.push(path);
    else {
      writeFileSync(path, text);
      written.push(path);
    }
  }
  return { written, kept };
}
