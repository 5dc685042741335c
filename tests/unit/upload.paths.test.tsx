/**
 * Adding KYC documents to an account (/upload-document) as an administrator: the generated
 * paths of the real upload machine (tests/paths/machines/intake.ts), each run against the whole
 * app in jsdom with its step table (tests/paths/steps/upload.ts). The fake API
 * (support/fake-kyc.ts) is the server. The plain tests beside them (kyc-upload.test.tsx) keep
 * what the machine does not decide: the lists searched, a file too large, the server's refusal.
 */
import { fireEvent } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { uploadGraph } from '../paths/machines/intake';
import { uploadSteps } from '../paths/steps/upload';
import { installFakeKyc } from './support/fake-kyc';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, fieldInMain, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  // The page is a lazy chunk: load it once so no path pays for its first import.
  await import('../../src/features/kyc/UploadDocumentPage');
}, 60_000);
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  driver?.close();
  driver = undefined;
});

function stepsForOnePath() {
  const api = createFakeApi();
  const kyc = installFakeKyc(api);
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return uploadSteps(own, {
    async select(target, value) {
      await own.app.user.selectOptions(await fieldInMain(target), value);
    },
    async pick(target, file) {
      await own.app.user.upload(await fieldInMain(target), new File([file.bytes], file.name, { type: file.mimeType }));
    },
    async unpick(target) {
      fireEvent.change(await fieldInMain(target), { target: { files: [] } });
    },
    uploadsSent: async (number) => kyc.uploadCalls(number).length,
    loadsSent: async (number) => api.callsTo(`kyc/accounts/${number}`, 'GET').length,
    documentsOnFile: async (number) => kyc.account(number).documents.length,
  });
}

describePaths('KYC document upload: generated paths in jsdom', uploadGraph, stepsForOnePath);
