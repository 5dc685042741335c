/**
 * Graphs of the chargeback and wallet-migration pages' machines and of the student onboarding:
 * two checker queues (src/ui/list/checker-queue.ts) like the approvals' and the forms beside
 * them. What each step means on screen is in the step tables (tests/paths/steps/).
 */
import { ApiRequestError } from '../../../src/api/client';
import { chargebackListMachine } from '../../../src/features/chargebacks/list-machine';
import type { MachineGraph } from '../graph-adapter';

const apiError = (status: number, code: string) => new ApiRequestError(code, status, code, false);
const SERVER_ERROR = { label: 'server error', error: apiError(500, 'SERVER_ERROR') };

/** The id of the chargeback the graph decides: the first the checker may decide. */
export const CHARGEBACK_ID = 1;

export const chargebackListGraph: MachineGraph<typeof chargebackListMachine> = {
  id: 'chargebackList',
  machine: chargebackListMachine,
  guardsBothWays: true,
  // Whether a decision's outcome is on screen (it stays while the list loads again, or fails to).
  context: (c) => c.outcome !== null,
  // "Dismiss" belongs to the outcome, shown only when there is one.
  filter: (snapshot, name) => name !== 'outcome.dismiss' || snapshot.context.outcome !== null,
  variants: (snapshot) => ({
    'listRows.done': [
      {
        label: 'a page of many',
        output: { rows: [{ id: CHARGEBACK_ID, canDecide: true }], total: 12, page: 1, pageSize: 10 },
      },
    ],
    'listRows.error': [SERVER_ERROR],
    'list.retry': [{ label: 'retry' }],
    // A chargeback asked for above the list.
    'list.reload': [{ label: 'asked above' }],
    'filters.change': [{ label: 'every status', filters: { status: '' } }],
    'page.change': [{ label: 'next page', page: 2 }],
    // Only rows the checker may decide have the buttons.
    'decision.start': [
      { label: 'approve', decision: 'approve', ids: [CHARGEBACK_ID], scope: 'row' },
      { label: 'reject', decision: 'reject', ids: [CHARGEBACK_ID], scope: 'row' },
    ],
    'reason.change': [{ label: 'a reason', reason: 'Paid twice by mistake' }],
    'decision.cancel': [{ label: 'cancel' }],
    'decision.confirm': [{ label: 'confirm' }],
    'decideRows.done': [
      {
        label: 'decided',
        output: {
          original: { reference: 'TR26112200000001' },
          reversalReference: snapshot.context.pending?.decision === 'approve' ? 'CB26112200000001' : null,
        },
      },
    ],
    'decideRows.error': [{ label: 'refused', error: apiError(409, 'CHARGEBACK_INSUFFICIENT_FUNDS') }],
    'outcome.dismiss': [{ label: 'dismiss' }],
  }),
};
