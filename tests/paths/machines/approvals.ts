/**
 * The graph of the maker-checker page (/authorize-transactions): the real authorize machine, a
 * checker queue (src/ui/list/checker-queue.ts). What each step means on screen is in the runner
 * (tests/unit/approvals.paths.test.tsx).
 */
import { ApiRequestError } from '../../../src/api/client';
import { authorizeMachine } from '../../../src/features/transfers/authorize-machine';
import type { MachineGraph } from '../graph-adapter';

const apiError = (status: number, code: string) => new ApiRequestError(code, status, code, false);

/** The ids of the page the graph lists: two requests the checker may decide. */
export const APPROVAL_IDS = [1, 2] as const;
/** A request the page also lists that the checker may not decide (the checker made it). */
const OWN_REQUEST_ID = 3;

export const approvalsGraph: MachineGraph<typeof authorizeMachine> = {
  id: 'approvals',
  machine: authorizeMachine,
  guardsBothWays: true,
  // Whether a decision's outcome is on screen (it stays while the list loads again, or fails to).
  context: (c) => c.outcome !== null,
  filter: (snapshot, name, event) => {
    const e = event as { scope?: string; id?: number; ids?: number[] };
    // The checker's own request is tried on a list with no outcome shown: one path each is enough.
    if (e.id === OWN_REQUEST_ID || e.ids?.includes(OWN_REQUEST_ID)) return snapshot.context.outcome === null;
    // The bulk buttons act on the selection, and are offered only when there is one.
    if (name === 'decision.start' && e.scope === 'bulk') return snapshot.context.selected.length > 0;
    // "Dismiss" belongs to the outcome, shown only when there is one.
    if (name === 'outcome.dismiss') return snapshot.context.outcome !== null;
    // The header checkbox selects every row, or, once all are, none.
    if (name === 'selection.all') {
      const all = snapshot.context.selected.length === APPROVAL_IDS.length;
      return (event as { selected?: boolean }).selected === !all;
    }
    // Only a rejection has a reason field.
    if (name === 'reason.change') return snapshot.context.pending?.decision === 'reject';
    // The page size is chosen beside rows already shown: not during the first load.
    if (name === 'pageSize.change') return snapshot.context.page !== null;
    return true;
  },
  variants: (snapshot) => ({
    'listRows.done': [
      {
        label: 'two requests',
        output: {
          rows: [...APPROVAL_IDS.map((id) => ({ id, canDecide: true })), { id: OWN_REQUEST_ID, canDecide: false }],
          total: 30,
          page: 1,
          pageSize: 25,
        },
      },
    ],
    'listRows.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'list.retry': [{ label: 'retry' }],
    'filters.change': [{ label: 'every status', filters: { status: '' } }],
    'page.change': [{ label: 'next page', page: 2 }],
    'pageSize.change': [{ label: '50 a page', pageSize: 50 }],
    'selection.toggle': [
      { label: 'first', id: 1 },
      { label: 'own request', id: OWN_REQUEST_ID },
    ],
    'selection.all': [
      { label: 'all', selected: true },
      { label: 'none', selected: false },
    ],
    'decision.start': [
      { label: 'approve one', decision: 'approve', ids: [1], scope: 'row' },
      { label: 'approve own request', decision: 'approve', ids: [OWN_REQUEST_ID], scope: 'row' },
      { label: 'reject the selection', decision: 'reject', ids: snapshot.context.selected, scope: 'bulk' },
    ],
    'reason.change': [{ label: 'a reason', reason: 'Duplicate request' }],
    'decision.cancel': [{ label: 'cancel' }],
    'decision.confirm': [{ label: 'confirm' }],
    'decideRows.done': [
      { label: 'decided', output: snapshot.context.pending?.rows.map((r) => ({ id: r.id, ok: true })) ?? [] },
    ],
    'decideRows.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'outcome.dismiss': [{ label: 'dismiss' }],
  }),
};
