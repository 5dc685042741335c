/**
 * The QR code generation page (/generate-qr): the generated paths of the real generate machine
 * (tests/paths/machines/settings.ts), each run against the whole app in jsdom with the step
 * table (tests/paths/steps/generate.ts). The fake API (support/fake-qr.ts) is the server.
 */
import { afterEach, beforeAll, vi } from 'vitest';
import { generateGraph, QR_MERCHANTS, qrCode } from '../paths/machines/settings';
import { generateSteps } from '../paths/steps/generate';
import { installFakeQr } from './support/fake-qr';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

const NEXT_CODE = 'QR7K2M9XQ4AB';

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  await import('../../src/features/qr/GenerateQrPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
  vi.restoreAllMocks();
});

function stepsForOnePath() {
  const api = createFakeApi();
  const qr = installFakeQr(api, { merchants: QR_MERCHANTS, codes: [qrCode('QR0000000001')], nextCode: NEXT_CODE });
  // jsdom has no object URLs, no downloads and no printing: each is recorded instead.
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/qr');
  URL.revokeObjectURL = vi.fn();
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return generateSteps(own, {
    admin: 'admin',
    nextCode: NEXT_CODE,
    downloads: () => downloads,
    prints: () => print.mock.calls.length,
    writes: qr.writes,
  });
}

describePaths('generate machine: generated paths in jsdom', generateGraph, stepsForOnePath);
