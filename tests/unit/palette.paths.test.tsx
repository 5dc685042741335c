/**
 * The command palette: the generated paths of the real palette machine
 * (tests/paths/machines/shell.ts), each run against the whole app in jsdom with the step table
 * of tests/paths/steps/palette.ts. The plain tests beside them (command-palette.test.tsx) keep
 * what the machine does not decide: the pages found by name, recent pages, French, other menus.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../messages';
import { generatePaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { paletteGraph } from '../paths/machines/shell';
import { PALETTE_PAGES, paletteSteps } from '../paths/steps/palette';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

const PATH_TIMEOUT_MS = 30_000;

let driver: JsdomDriver | undefined;
// The shell, the palette and the pages a choice opens are lazy chunks: loaded once up front.
beforeAll(async () => {
  const { preloadPage } = await import('../../src/routes/PageHost');
  await Promise.all([...PALETTE_PAGES.map(preloadPage), import('../../src/routes/command-palette/CommandPalette')]);
  const warmUp = createJsdomDriver(createFakeApi());
  await warmUp.open('admin', '/');
  await screen.findByRole('button', { name: en.palette.open }, { timeout: 50_000 });
  warmUp.close();
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
  // Recent pages are kept in local storage: each path starts with none.
  window.localStorage.clear();
});

function stepsForOnePath() {
  const api = createFakeApi();
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return paletteSteps(own, {
    user: 'admin',
    searchesSent: async () => api.callsTo('search').length,
    expectPath: (pathname) => waitFor(() => expect(own.app.location().pathname).toBe(pathname)),
  });
}

describe('command palette machine: generated paths in jsdom', () => {
  const generated = generatePaths(paletteGraph);

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, stepsForOnePath())).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, stepsForOnePath()));
  }
});
