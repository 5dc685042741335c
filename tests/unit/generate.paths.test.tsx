/**
 * The QR code generation page (/generate-qr): the generated paths of the real generate machine
 * (tests/paths/machines/settings.ts), each run against the whole app in jsdom with the step
 * table (tests/paths/steps/generate.ts). The fake API (support/fake-qr.ts) is the server.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generatePaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { generateGraph, QR_MERCHANTS, qrCode } from '../paths/machines/settings';
import { generateSteps } from '../paths/steps/generate';
import { installFakeQr } from './support/fake-qr';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

const PATH_TIMEOUT_MS = 30_000;
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

describe('generate machine: generated paths in jsdom', () => {
  const generated = generatePaths(generateGraph);

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, stepsForOnePath())).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, stepsForOnePath()));
  }
});
