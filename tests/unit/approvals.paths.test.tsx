/**
 * The maker-checker page (/authorize-transactions): the generated paths of the real authorize
 * machine (tests/paths/machines/approvals.ts), each run against the whole app in jsdom with the
 * shared step table (tests/paths/steps/approvals.ts). A small fake server below keeps the
 * requests: listed by status and page, decided once. The plain tests beside them
 * (authorize-page.test.tsx) keep what the machine does not decide: the rows' contents, per-item
 * results of a bulk decision, the filters' query.
 */
import { afterEach, beforeAll } from 'vitest';
import type { ApprovalView } from '../../contract/api/approvals';
import { approvalsGraph } from '../paths/machines/approvals';
import { approvalsSteps } from '../paths/steps/approvals';
import { approval } from './support/fake-approvals';
import { type FakeApi, failure, success } from './support/fake-api';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver, withSelectOption } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

/** More than a page of requests: the pager has a next page. */
const REQUESTS = 30;
const OWN_REQUEST = 3;

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  await import('../../src/features/transfers/AuthorizePage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

/** The approvals the server keeps, newest first; each may be decided once. */
function installRequests(api: FakeApi) {
  // The third was made by the checker: listed, not theirs to decide.
  const requests: ApprovalView[] = Array.from({ length: REQUESTS }, (_, i) =>
    approval(i + 1, i + 1 === OWN_REQUEST ? { maker: 'Awa Ndiaye', canDecide: false } : {}),
  );
  const listedBy = (query: URLSearchParams) => {
    const status = query.get('status');
    return requests.filter((r) => !status || status === 'all' || r.status === status);
  };
  api.on('GET', 'approvals', (call) => {
    const page = Number(call.query.get('page') ?? 1);
    const pageSize = Number(call.query.get('pageSize') ?? 25);
    const all = listedBy(call.query);
    const rows = all.slice((page - 1) * pageSize, page * pageSize);
    return { body: success({ rows, total: all.length, page, pageSize }) };
  });
  for (const request of requests) {
    api.on('POST', `approvals/${request.id}/approve`, () => {
      if (request.status !== 'pending') {
        return {
          status: 409,
          body: failure('APPROVAL_ALREADY_DECIDED', `This request was already ${request.status}.`),
        };
      }
      Object.assign(request, {
        status: 'approved',
        checker: 'Awa Ndiaye',
        decidedAt: '2025-03-04T10:00:00.000Z',
        canDecide: false,
      });
      return { body: success(request) };
    });
  }
  return {
    firstPage: () => listedBy(new URLSearchParams({ status: 'pending' })).slice(0, 25),
    decisionsSent: () => requests.reduce((n, r) => n + api.callsTo(`approvals/${r.id}/approve`, 'POST').length, 0),
  };
}

/** A new fake server and app for each path, behind one driver the step table reaches through. */
function stepsForOnePath() {
  const api = createFakeApi();
  const requests = installRequests(api);
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return approvalsSteps(withSelectOption(own), {
    checker: 'admin',
    listed: async () => requests.firstPage().filter((r) => r.canDecide),
    ownRequest: async () => approval(OWN_REQUEST),
    decisionsSent: async () => requests.decisionsSent(),
  });
}

describePaths('approvals machine: generated paths in jsdom', approvalsGraph, stepsForOnePath);
