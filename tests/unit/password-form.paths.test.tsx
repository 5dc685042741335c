/**
 * The password form at /change-password: the generated paths of the real form machine
 * (tests/paths/machines/users.ts), each run against the whole app in jsdom with the step table
 * (tests/paths/steps/password-form.ts). The change is held until the path says how it ends.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generatePaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { passwordFormGraph } from '../paths/machines/users';
import { passwordFormSteps } from '../paths/steps/password-form';
import { MODEL_USER } from '../paths/users';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

const PATH_TIMEOUT_MS = 30_000;
let driver: JsdomDriver | undefined;

beforeAll(async () => {
  await import('../../src/routes/password/ChangePasswordPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

function stepsForOnePath() {
  driver = createJsdomDriver(createFakeApi(), { userEventOptions: { delay: null } });
  return passwordFormSteps(driver, MODEL_USER.username);
}

describe('password form machine: generated paths in jsdom', () => {
  const generated = generatePaths(passwordFormGraph);

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, stepsForOnePath())).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, stepsForOnePath()));
  }
});
