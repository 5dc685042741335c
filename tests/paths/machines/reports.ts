/**
 * Graphs of the report machines: a report's rows (the transaction report page), the export
 * jobs beside them, the audit trail's export, and one row's detail page. What each step means
 * on screen is in the step tables (tests/paths/steps/).
 */
import { ApiRequestError } from '../../../src/api/client';
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
