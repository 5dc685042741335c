/**
 * The password form at /change-password: the generated paths of the real form machine
 * (tests/paths/machines/users.ts), each run against the whole app in jsdom with the step table
 * (tests/paths/steps/password-form.ts). The change is held until the path says how it ends.
 */
import { afterEach, beforeAll } from 'vitest';
import { passwordFormGraph } from '../paths/machines/users';
import { passwordFormSteps } from '../paths/steps/password-form';
import { MODEL_USER } from '../paths/users';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

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

describePaths('password form machine: generated paths in jsdom', passwordFormGraph, stepsForOnePath);
