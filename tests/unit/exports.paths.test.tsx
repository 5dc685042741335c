/**
 * The exports machine on the transaction report: the generated paths of the real machine
 * (tests/paths/machines/reports.ts), each run against the whole app in jsdom with the step table
 * (tests/paths/steps/exports.ts). The list's poll is the one timer of its delay: the runner
 * keeps it and fires it when the path says time has passed, so no path waits 1.5 s or sees a
 * poll it did not ask for. The plain test of the page (src/features/reports/ReportPage.test.tsx)
 * keeps what the machine does not decide: what an export sends, the menu's fresh links.
 */
import { act } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { EXPORT_POLL_MS } from '../../src/features/reports/exports-machine';
import { exportsGraph } from '../paths/machines/reports';
import { exportsSteps } from '../paths/steps/exports';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi, success } from './support/render-app';

let driver: JsdomDriver | undefined;
/** The polls set and not yet fired. */
let polls = new Map<number, () => void>();
let downloads: string[] = [];

beforeAll(async () => {
  await import('../../src/features/reports/ReportPage');
}, 60_000);
beforeEach(() => {
  polls = new Map();
  downloads = [];
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  let nextId = 1;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number, ...rest: unknown[]) => {
    if (ms !== EXPORT_POLL_MS) return realSetTimeout(fn, ms, ...rest);
    const id = -nextId++;
    polls.set(id, fn);
    return id;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((id?: number) => {
    if (typeof id === 'number' && polls.delete(id)) return;
    realClearTimeout(id);
  }) as typeof clearTimeout);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.getAttribute('href') ?? '');
  });
});
afterEach(() => {
  driver?.close();
  driver = undefined;
  vi.restoreAllMocks();
});

/** A new fake server and app for each path, behind one driver the step table reaches through. */
function stepsForOnePath() {
  const api = createFakeApi();
  api.on('GET', 'reports/transaction-report', () => ({
    body: success({ rows: [], total: 0, page: 1, pageSize: 50, totals: null, byStatus: [] }),
  }));
  api.on('GET', 'exports', () => ({ body: success({ jobs: [] }) }));
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return exportsSteps(own, {
    reader: 'adfinance-report',
    listsAsked: async () => api.callsTo('exports', 'GET').length,
    exportsAsked: async () => api.callsTo('reports/transaction-report/exports', 'POST').length,
    downloads: async () => downloads,
    async poll() {
      const due = [...polls];
      if (due.length !== 1) throw new Error(`${due.length} polls are waiting, expected 1`);
      polls.clear();
      act(() => due[0]?.[1]());
    },
  });
}

describePaths('exports machine: generated paths in jsdom', exportsGraph, stepsForOnePath);
