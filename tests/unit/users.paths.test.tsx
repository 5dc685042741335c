/**
 * /users: the generated paths of the real users machine (tests/paths/machines/users.ts), each
 * run against the whole app in jsdom with the step table (tests/paths/steps/users.ts). Every
 * request of the page is held until the path says how it ends; the clipboard is held the same
 * way. The plain tests beside the page (src/features/users/UsersPage.test.tsx) keep what the
 * machine does not decide: the form's fields by group, the waiting changes, a link to one user.
 */
import { within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generatePaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { usersGraph } from '../paths/machines/users';
import { usersSteps } from '../paths/steps/users';
import { heldClipboard } from './support/held-clipboard';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

const PATH_TIMEOUT_MS = 30_000;
let driver: JsdomDriver | undefined;

beforeAll(async () => {
  await import('../../src/features/users/UsersPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

/** A driver over a new fake API, a drop-down list chosen with user-event, and a held clipboard. */
function stepsForOnePath() {
  const clipboard = heldClipboard();
  const d = createJsdomDriver(createFakeApi(), { userEventOptions: { delay: null }, onOpen: clipboard.install });
  driver = d;
  return usersSteps(d, {
    async selectOption(target, option) {
      if (!('label' in target)) throw new Error('A drop-down list is found by its label');
      const main = within(document.querySelector('main') as HTMLElement);
      await d.app.user.selectOptions(main.getByLabelText(target.label), option);
    },
    copied: clipboard.copied,
    settleCopy: clipboard.settleCopy,
  });
}

describe('users machine: generated paths in jsdom', () => {
  const generated = generatePaths(usersGraph);

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, stepsForOnePath())).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, stepsForOnePath()));
  }
});
