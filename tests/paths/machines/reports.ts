/**
 * Graphs of the report machines: a report's rows (the transaction report page), the export
 * jobs beside them, the audit trail's export, and one row's detail page. What each step means
 * on screen is in the step tables (tests/paths/steps/).
 */
import { ApiRequestError } from '../../../src/api/client';
import type { TransactionDetail } from '../../../contract/details';
import { exportMachine } from '../../../src/features/audit/export-machine';
import { createDetailMachine } from '../../../src/features/details/detail-machine';
import { type ExportJob, exportsMachine } from '../../../src/features/reports/exports-machine';
import { reportMachine } from '../../../src/ui/list/report-machine';
import type { MachineGraph } from '../graph-adapter';

const apiError = (status: number, code: string) => new ApiRequestError(code, status, code, false);

/**
 * The transaction report (/reports/transaction-report): the page asks for its view as it opens
 * (`report.query` from idle) and again for each filter the user changes, in any state.
 */
export const loadGraph: MachineGraph<typeof reportMachine> = {
  id: 'load',
  machine: reportMachine,
  guardsBothWays: true,
  variants: () => ({
    'report.query': [{ label: 'a filter', query: {} }],
    // The page's own rule (reportMachine): no row at all is "empty".
    'fetchReport.done': [
      { label: 'rows', output: { rows: [{}], total: 1 } },
      { label: 'no rows', output: { rows: [], total: 0 } },
    ],
    'fetchReport.error': [{ label: 'server error', error: apiError(500, 'INTERNAL_ERROR') }],
    'report.retry': [{ label: 'retry' }],
  }),
};

/** The one export job of the exports' paths, at each status the page tells apart. */
const exportJob = (status: ExportJob['status']): ExportJob => ({
  id: 'exp-1',
  status,
  rowsDone: status === 'done' ? 2 : status === 'running' ? 1 : 0,
  rowsTotal: 2,
  format: 'csv',
  reportId: 'transaction-report',
  createdAt: '2025-03-04T10:00:00',
  finishedAt: status === 'done' ? '2025-03-04T10:00:05' : null,
  error: null,
  downloadUrl: status === 'done' ? '/rest/exports/exp-1/download?key=abc' : null,
});
export const EXPORT_JOBS = { queued: exportJob('queued'), running: exportJob('running'), done: exportJob('done') };

/**
 * The export jobs of the transaction report: the list the exports menu shows (polled while a
 * job runs) and the export the user asks for with "Export CSV" (followed by a notice).
 */
export const exportsGraph: MachineGraph<typeof exportsMachine> = {
  id: 'exports',
  machine: exportsMachine,
  guardsBothWays: true,
  // Raised by the machine itself once a job is created.
  filter: (_, name) => name !== 'exports.created',
  variants: () => ({
    'listExports.done': [
      { label: 'running', output: [EXPORT_JOBS.running] },
      { label: 'done', output: [EXPORT_JOBS.done] },
    ],
    'listExports.error': [{ label: 'server error', error: apiError(500, 'INTERNAL_ERROR') }],
    'exports.create': [{ label: 'CSV', request: { format: 'csv' } }],
    'createExport.done': [
      { label: 'queued', output: EXPORT_JOBS.queued },
      // A small export: written during the post, downloaded at once.
      { label: 'ready at once', output: EXPORT_JOBS.done },
    ],
    'createExport.error': [{ label: 'server error', error: apiError(500, 'INTERNAL_ERROR') }],
  }),
};

/** The audit trail's export (/audit-trail): "Export CSV" downloads the filtered trail, or says why not. */
export const auditExportGraph: MachineGraph<typeof exportMachine> = {
  id: 'auditExport',
  machine: exportMachine,
  guardsBothWays: true,
  // Why the last export failed stays on screen until the next one starts.
  context: (context) => context.failure !== null,
  variants: () => ({
    'export.start': [{ label: 'CSV', format: 'csv', filters: {} }],
    'exportFile.done': [{ label: 'file' }],
    'exportFile.error': [{ label: 'server error', error: apiError(500, 'INTERNAL_ERROR') }],
  }),
};

/** The two pages of one row: a transaction (its receipt printed) and an account (its transactions paged). */
export const DETAIL_KEYS = { transaction: 'TX26111500115287', account: 'CUS-000001' } as const;
const isAccount = (key: string) => key === DETAIL_KEYS.account;

/**
 * One row's detail page (createDetailMachine), opened at a transaction and at an account: each
 * page sends what it offers (the transaction's "Print receipt", the account's "Older").
 */
export const detailGraph: MachineGraph<ReturnType<typeof createDetailMachine<TransactionDetail>>> = {
  id: 'detail',
  machine: createDetailMachine<TransactionDetail>(),
  guardsBothWays: true,
  inputs: [
    { label: 'a transaction', input: { key: DETAIL_KEYS.transaction } },
    { label: 'an account', input: { key: DETAIL_KEYS.account } },
  ],
  filter: (snapshot, name) => {
    if (name === 'detail.print') return !isAccount(snapshot.context.key);
    if (name === 'detail.page') return isAccount(snapshot.context.key);
    return true;
  },
  variants: () => ({
    'loadDetail.done': [{ label: 'found', output: {} }],
    'loadDetail.error': [
      { label: 'not found', error: apiError(404, 'NOT_FOUND') },
      { label: 'server error', error: apiError(500, 'INTERNAL_ERROR') },
    ],
    'detail.page': [{ label: 'older', page: 2 }],
  }),
};
