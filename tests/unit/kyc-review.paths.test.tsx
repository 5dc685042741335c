/**
 * The review of one KYC account (/customers?account=…): the generated paths of the real review
 * machine (tests/paths/machines/features.ts), each run against the whole app in jsdom with the
 * shared step table (tests/paths/steps/kyc-review.ts). The fake API (support/fake-kyc.ts) is
 * the server. The plain tests beside them (kyc-review.test.tsx) keep what the machine does not
 * decide: the list, documents, what a decision changes on the account.
 */
import { afterEach, beforeAll, vi } from 'vitest';
import { kycReviewGraph } from '../paths/machines/features';
import { kycReviewSteps } from '../paths/steps/kyc-review';
import { en } from '../messages';
import { installFakeKyc } from './support/fake-kyc';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

/** A pending customer the KYC administrator may approve: every document on file, registered by someone else. */
const ACCOUNT = { number: 'CUS-000001', name: 'Aminata Diallo' };

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  await import('../../src/features/kyc/ReviewListPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

/** A new fake server and app for each path, behind one driver the step table reaches through. */
function stepsForOnePath() {
  const api = createFakeApi();
  const kyc = installFakeKyc(api);
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return kycReviewSteps(own, {
    reviewer: 'kyc-admin',
    async pendingAccount() {
      URL.createObjectURL = vi.fn(() => 'blob:http://localhost/doc');
      URL.revokeObjectURL = vi.fn();
      return ACCOUNT;
    },
    async unapprovableAccount() {
      URL.createObjectURL = vi.fn(() => 'blob:http://localhost/doc');
      URL.revokeObjectURL = vi.fn();
      // Registered by the reviewer: another reviewer must approve it (maker-checker).
      kyc.account(ACCOUNT.number).registeredByUsername = 'kyc-admin';
      return { ...ACCOUNT, whyNot: en.kyc.detail.approveNotYours };
    },
    async approveElsewhere(number) {
      kyc.account(number).kycStatus = 'approved';
    },
    decisionsSent: async (number) => kyc.decisionCalls(number).length,
  });
}

describePaths('KYC review machine: generated paths in jsdom', kycReviewGraph, stepsForOnePath);
