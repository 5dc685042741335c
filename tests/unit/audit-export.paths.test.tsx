/**
 * The audit trail's export machine on /audit-trail: the generated paths of the real machine
 * (tests/paths/machines/reports.ts), each run against the whole app in jsdom with the step table
 * (tests/paths/steps/audit-export.ts). The fake API lists no events and answers an export with
 * a small file; the browser's download is the link the page clicks.
 */
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { formatDateYmd } from '../../src/i18n/format';
import { auditExportGraph } from '../paths/machines/reports';
import { auditExportSteps } from '../paths/steps/audit-export';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi, success } from './support/render-app';

const EXPORT = 'audit-events/export';

let driver: JsdomDriver | undefined;
let saved: string[] = [];

beforeAll(async () => {
  await import('../../src/features/audit/AuditTrailPage');
}, 60_000);
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/audit');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
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
  api.on('GET', 'audit-events', () => ({ body: success({ rows: [], total: 0, page: 1, pageSize: 25 }) }));
  api.on('GET', 'audit-events/actions', () => ({ body: success({ actions: [] }) }));
  api.on('GET', EXPORT, () => ({ body: 'at,user,action\n' }));
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return auditExportSteps(own, {
    auditor: 'admin',
    exportsAsked: async () => api.callsTo(EXPORT, 'GET').map((c) => c.query.get('format') ?? ''),
    saved: async () => saved,
    fileName: (format) => `audit-trail-${formatDateYmd(new Date())}.${format}`,
  });
}

describePaths('audit export machine: generated paths in jsdom', auditExportGraph, stepsForOnePath);
