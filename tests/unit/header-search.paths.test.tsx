/**
 * The header's search box: the generated paths of the real search machine
 * (tests/paths/machines/shell.ts), each run against the whole app in jsdom with the step table
 * of tests/paths/steps/header-search.ts. The plain tests beside them (header-search.test.tsx)
 * keep what the machine does not decide: the options' contents, French, who has no box.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generatePaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { headerSearchGraph } from '../paths/machines/shell';
import { ALL_RESULTS_PAGE, headerSearchSteps, PERSON_PAGE } from '../paths/steps/header-search';
import { en } from '../messages';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

const PATH_TIMEOUT_MS = 30_000;

let driver: JsdomDriver | undefined;
// The shell and the pages a choice opens are lazy chunks: loaded once up front (the shell by
// opening it), not inside a path's waits.
beforeAll(async () => {
  const { preloadPage } = await import('../../src/routes/PageHost');
  await Promise.all([PERSON_PAGE, ALL_RESULTS_PAGE].map(preloadPage));
  const warmUp = createJsdomDriver(createFakeApi());
  await warmUp.open('admin', '/');
  await screen.findByRole('combobox', { name: en.headerSearch.label }, { timeout: 50_000 });
  warmUp.close();
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

function stepsForOnePath() {
  const api = createFakeApi();
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return headerSearchSteps(own, {
    user: 'admin',
    searchesSent: async () => api.callsTo('search').length,
    expectPath: (pathname) => waitFor(() => expect(own.app.location().pathname).toBe(pathname)),
  });
}

describe('header search machine: generated paths in jsdom', () => {
  const generated = generatePaths(headerSearchGraph);

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, stepsForOnePath())).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, stepsForOnePath()));
  }
});
