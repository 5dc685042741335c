/**
 * /users: the generated paths of the real users machine (tests/paths/machines/users.ts), each
 * run against the whole app in jsdom with the step table (tests/paths/steps/users.ts). Every
 * request of the page is held until the path says how it ends; the clipboard is held the same
 * way. The plain tests beside the page (src/features/users/UsersPage.test.tsx) keep what the
 * machine does not decide: the form's fields by group, the waiting changes, a link to one user.
 */
import { within } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { usersGraph } from '../paths/machines/users';
import { usersSteps } from '../paths/steps/users';
import { heldClipboard } from './support/held-clipboard';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

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

describePaths('users machine: generated paths in jsdom', usersGraph, stepsForOnePath);
