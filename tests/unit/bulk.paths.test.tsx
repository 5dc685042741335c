/**
 * One bulk payment from file to result (/bulk-payment, as an admin): the generated paths of the
 * real bulk machine (tests/paths/machines/bulk.ts), each run against the whole app in jsdom with
 * the shared step table (tests/paths/steps/bulk.ts). The parsing worker is a stand-in that runs
 * the worker's own job (support/fake-parse-worker.ts); the fake API answers the contract's
 * shapes and judges rows with the contract's functions (support/fake-bulk.ts). A second admin's
 * decision and the runner's progress are the fake server's doing, seen on the page's next poll
 * (its setInterval is faked and advanced one poll at a time).
 */
import { act, type BoundFunctions, type queries, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BatchStatus } from '../../contract/bulk';
import type { ApiFailure } from '../../contract/http';
import { WATCH_INTERVAL_MS } from '../../src/features/bulk/bulk-actors';
import type { HeldAnswer, Target } from '../paths/driver';
import { generatePaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { bulkGraph } from '../paths/machines/bulk';
import { type BulkDriver, bulkSteps } from '../paths/steps/bulk';
import { success } from './support/fake-api';
import { BULK_WALLETS, installFakeBulk, PAYROLL_PAYER } from './support/fake-bulk';
import { installFakeParseWorker } from './support/fake-parse-worker';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

const PATH_TIMEOUT_MS = 60_000;
const OTHER_ADMIN = { username: 'second-admin', name: 'Mamadou Ndiaye' };
const SECOND_PAYER = { number: 'PRT-PAYROLL-02', label: 'Sonatel Payroll Dakar' };
const SEEDED_FILE = 'paie-octobre.csv';

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  await import('../../src/features/bulk/BulkPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Every element `target` matches now; the scope it names (`in`) must be one element. */
function all(target: Target): HTMLElement[] {
  let q: BoundFunctions<typeof queries> = screen;
  if (target.in) {
    const [scope, ...more] = all(target.in);
    if (!scope || more.length) return [];
    q = within(scope);
  }
  if ('role' in target) return q.queryAllByRole(target.role as never, { name: target.name });
  if ('label' in target) return q.queryAllByLabelText(target.label);
  if ('text' in target) return q.queryAllByText(target.text);
  return q.queryAllByTestId(target.testId);
}
function one(target: Target): HTMLElement {
  const [found, ...more] = all(target);
  if (!found || more.length) throw new Error(`${more.length + (found ? 1 : 0)} elements match the target`);
  return found;
}

/** A new fake server, parsing worker and app for each path, behind one driver. */
function stepsForOnePath() {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const api = createFakeApi();
  const fake = installFakeBulk(api);
  // Two employer accounts, so the payer can be changed.
  api.on('GET', 'bulk/payment/payers', () => ({
    body: success({
      own: null,
      partners: [
        { number: PAYROLL_PAYER.number, label: PAYROLL_PAYER.label },
        { number: SECOND_PAYER.number, label: SECOND_PAYER.label },
      ],
    }),
  }));
  const [third] = BULK_WALLETS.slice(2);
  const seeded = fake.seed(OTHER_ADMIN, SEEDED_FILE, [
    { rowNo: 2, values: { phone: third?.phone ?? '', amount: '30000', reference: 'SAL-OCT-001', name: 'Khady Sarr' } },
  ]);
  const workers = installFakeParseWorker();
  // The results download clicks a link: jsdom would navigate.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  const bulk: BulkDriver = Object.assign(Object.create(own) as JsdomDriver, {
    async selectOption(target: Target, value: string) {
      await own.app.user.selectOptions(await waitFor(() => one(target), { timeout: 10_000 }), value);
    },
    async upload(target: Target, file: { name: string; mimeType: string; buffer: Uint8Array<ArrayBuffer> }) {
      await own.app.user.upload(one(target), new File([file.buffer], file.name, { type: file.mimeType }));
    },
    count: async (target: Target) => all(target).length,
    expectUrl: (pattern: RegExp, has = true) =>
      waitFor(() => {
        const { pathname, search } = own.app.location();
        expect(pattern.test(`${pathname}${search}`)).toBe(has);
      }),
  });
  return bulkSteps(bulk, {
    user: 'admin',
    checker: 'Abdoulaye Kane',
    payers: [PAYROLL_PAYER.number, SECOND_PAYER.number],
    wallets: BULK_WALLETS,
    seeded: () => ({ id: seeded.id, fileName: SEEDED_FILE }),
    holdParse: () => workers.hold(),
    holdSubmission() {
      const gate = fake.hold('submit');
      return {
        reached: gate.reached,
        async release(answer?: HeldAnswer | 'no answer') {
          if (answer === 'no answer') fake.nextSubmit({ kind: 'drop' });
          else if (answer) {
            const [error] = (answer.body as ApiFailure).errors;
            fake.nextSubmit({
              kind: 'refuse',
              status: answer.status ?? 400,
              code: error?.code ?? '',
              message: error?.longMessage ?? '',
            });
          } else fake.nextSubmit({ kind: 'accept' });
          await act(async () => gate.release());
        },
      };
    },
    ownBatch: async () => fake.batches.at(-1)?.id ?? '',
    async move(id: string, status: BatchStatus, checker: string, reason: string) {
      const batch = fake.batch(id);
      if (status === 'awaiting_approval') return;
      if (batch.status === 'awaiting_approval')
        fake.decide(id, status === 'rejected' ? 'reject' : 'approve', checker, reason);
      else if (status === 'queued') fake.progress(id, 1);
      if (status === 'processing') fake.progress(id, 1);
      if (status === 'done') fake.finish(id);
    },
    view: async (id: string) => fake.viewForChecker(id),
    async poll() {
      await act(async () => {
        vi.advanceTimersByTime(WATCH_INTERVAL_MS);
      });
      await api.idle();
    },
  });
}

describe('bulk machine: generated paths in jsdom', () => {
  const generated = generatePaths(bulkGraph);

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, stepsForOnePath())).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, stepsForOnePath()));
  }
});
