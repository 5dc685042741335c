/**
 * One customer registration by the zone sales manager: the generated paths of the real
 * registration machine (tests/paths/machines/registration.ts), each run against the whole app
 * in jsdom with the step table the Chromium run uses (tests/paths/steps/registration.ts). The
 * fake API answers the contract's shapes (support/fake-kyc.ts, support/fake-registration.ts);
 * a number registered meanwhile is an account added to the fake before Register's answer.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registrationDraftForm } from '../../contract/registration-forms';
import { formDraftKey } from '../../src/session/form-drafts';
import type { Target } from '../paths/driver';
import { generatePaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { REGISTRATION_TYPED, registrationGraph } from '../paths/machines/registration';
import { registrationSteps } from '../paths/steps/registration';
import { REGISTRATION_USER, type RegistrationEnv } from '../paths/steps/registration-page';
import { installFakeKyc } from './support/fake-kyc';
import { installFakeRegistration } from './support/fake-registration';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

const PATH_TIMEOUT_MS = 30_000;
const NUMBER = 'CUS-000101';

let driver: JsdomDriver | undefined;

beforeAll(async () => {
  // The page is a lazy chunk: load it once so no path pays for its first import.
  await import('../../src/features/registration/RegistrationPage');
}, 60_000);
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  driver?.close();
  driver = undefined;
  // The form's draft belongs to the tab: each path opens a new one.
  window.sessionStorage.clear();
});

/** The field a target finds by its label in the page's main region. */
function labelled(target: Target): Promise<HTMLElement> {
  const { label } = target as { label?: string | RegExp };
  if (label === undefined) throw new Error('A field is found by its label');
  return waitFor(() => within(screen.getByRole('main')).getByLabelText(label));
}

function open(): { d: JsdomDriver; env: RegistrationEnv } {
  const api = createFakeApi();
  const kyc = installFakeKyc(api);
  const reg = installFakeRegistration(api, kyc);
  const d = createJsdomDriver(api);
  driver = d;
  const draftKey = () => formDraftKey(registrationDraftForm('customer'), api.userNamed(REGISTRATION_USER).id);
  const env: RegistrationEnv = {
    nationalId: { typed: REGISTRATION_TYPED.identity.valid, stored: '2123199500456' },
    phones: {
      valid: { typed: REGISTRATION_TYPED.contact.valid, stored: '+221 77 987 65 43' },
      taken: { typed: REGISTRATION_TYPED.contact.taken, stored: '+221 77 111 22 33' },
      fresh: { typed: REGISTRATION_TYPED.contact.fresh, stored: '+221 78 444 55 66' },
    },
    accountNumber: new RegExp(`^${NUMBER}$`),
    async select(target, value) {
      await d.app.user.selectOptions(await labelled(target), value);
    },
    async pick(target, file) {
      const input = await labelled(target);
      await d.app.user.upload(input, new File([file.bytes], file.name, { type: file.mimeType }));
    },
    checks: async () => reg.checkCalls().map((c) => c.body as Record<string, string>),
    creates: async () => reg.createCalls('customer').map((c) => c.body),
    idle: () => api.idle(),
    async storedDraft() {
      const raw = window.sessionStorage.getItem(draftKey());
      return raw === null ? null : JSON.parse(raw);
    },
    holdUpload: () => d.hold(`kyc/accounts/${NUMBER}/documents`),
    async takePhone(stored) {
      kyc.add({ ...kyc.account('CUS-000003'), number: 'CUS-000099', phone: stored });
    },
    storedDocuments: async () => kyc.account(NUMBER).documents.map((doc) => [doc.type, doc.fileName]),
  };
  return { d, env };
}

describe('registration machine: generated paths in jsdom (customer, zone sales manager)', () => {
  const generated = generatePaths(registrationGraph);

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    const { d, env } = open();
    expect(incompleteSteps(generated, registrationSteps(d, env))).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => {
      const { d, env } = open();
      return runPath(path, registrationSteps(d, env));
    });
  }
});
