import type { ChargebackView } from '../../../contract/api/chargebacks';
import type { ChargebackDecision, ChargebackStatus } from '../../../contract/chargebacks';
import {
  checkerQueueMachine,
  type PendingDecision as QueuePendingDecision,
  type QueueFilters,
} from '../../ui/list/checker-queue';
import { isReason } from './ask-machine';

/**
 * The chargebacks of /chargeback-voucher, pending first by default, and the checker's decision:
 * Approve or Reject a row through a dialog that needs a reason; the outcome stays on screen and
 * the list is loaded again. A refusal (funds no longer there...) stays in the dialog.
 *
 * A checker queue (src/ui/list/checker-queue.ts): loading → ready | failed;
 * ready → confirming → deciding → loading.
 * Effects provided by the page: `listRows`, `decideRows` (one row at a time).
 */
export interface ChargebackQuery {
  /** '' = every status. */
  status: ChargebackStatus | '';
  from: string;
  to: string;
  q: string;
  page: number;
  pageSize: number;
}

export const DEFAULT_CHARGEBACK_QUERY: ChargebackQuery = {
  status: 'pending',
  from: '',
  to: '',
  q: '',
  page: 1,
  pageSize: 10,
};

export type ChargebackFilters = QueueFilters<ChargebackQuery>;
export type PendingDecision = QueuePendingDecision<ChargebackDecision, ChargebackView>;

export interface DecisionOutcome {
  decision: ChargebackDecision;
  reference: string;
  reversalReference: string | null;
}

export const chargebackListMachine = checkerQueueMachine({
  id: 'chargebackList',
  defaultQuery: DEFAULT_CHARGEBACK_QUERY,
  // A chargeback asked for on the same page joins the list.
  reloadable: true,
  // One row at a time, Previous and Next only: no checkboxes, no page size.
  offers: { selection: false, pageSize: false },
  reasonFits: (_: ChargebackDecision, reason) => isReason(reason),
  outcomeOf: (pending: PendingDecision, decided: ChargebackView): DecisionOutcome => ({
    decision: pending.decision,
    reference: decided.original.reference,
    reversalReference: decided.reversalReference,
  }),
  hideOutcomeOnStart: true,
});
