/**
 * The report machine on the transaction report (/reports/transaction-report): the generated
 * paths of the real machine (tests/paths/machines/reports.ts), each run against the whole app in
 * jsdom with the step table (tests/paths/steps/load.ts). The fake API lists one row for any
 * filter; the plain tests beside them (src/features/reports/ReportPage.test.tsx) keep what the
 * machine does not decide: columns, sort, paging, the column chooser.
 */
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect } from 'vitest';
import { loadGraph } from '../paths/machines/reports';
import { loadSteps } from '../paths/steps/load';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver, withSelectOption } from './support/jsdom-driver';
import { createFakeApi, success } from './support/render-app';

const ROWS = 'reports/transaction-report';
const REFERENCE = 'TX2503040001';

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  await import('../../src/features/reports/ReportPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

/** One row, whatever the filters: the page's rows are the machine's "loaded". */
const oneRow = (page: number) => ({
  rows: [
    {
      createdAt: '2025-03-04T09:05:00',
      reference: REFERENCE,
      type: 'cash_in',
      service: 'wallet',
      status: 'success',
      fromName: 'Agent Plateau',
      fromPhone: '+221770000001',
      toName: 'Awa Diallo',
      toPhone: '+221770000002',
      amount: 10_000,
      fee: 100,
      commission: 50,
      initiator: 'Awa Ndiaye',
      channel: 'ussd',
    },
  ],
  total: 1,
  page,
  pageSize: 50,
  totals: { count: 1, amount: 10_000, fee: 100, commission: 50 },
  byStatus: [{ status: 'success', count: 1, amount: 10_000 }],
});

/** A new fake server and app for each path, behind one driver the step table reaches through. */
function stepsForOnePath() {
  const api = createFakeApi();
  api.on('GET', ROWS, (call) => ({ body: success(oneRow(Number(call.query.get('page') ?? 1))) }));
  api.on('GET', 'exports', () => ({ body: success({ jobs: [] }) }));
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return loadSteps(withSelectOption(own), {
    reader: 'adfinance-report',
    listedReference: REFERENCE,
    statusesAsked: async () => api.callsTo(ROWS, 'GET').map((c) => c.query.get('status')),
    async answersDelivered() {
      await waitFor(() => expect(api.inFlight).toBe(own.held()));
      // The page reads the answer a task later.
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    },
  });
}

describePaths('report machine: generated paths in jsdom', loadGraph, stepsForOnePath);
