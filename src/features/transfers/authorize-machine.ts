import type { SnapshotFrom } from 'xstate';
import type { ApprovalDecisionResult, ApprovalView } from '../../../contract/api/approvals';
import { rejectionNeedsReason } from '../../../contract/reasons';
import type { ApprovalStatus, TransferFlowId } from '../../../contract/transfers';
import {
  checkerQueueMachine,
  type DecisionInput as QueueDecisionInput,
  type PendingDecision as QueuePendingDecision,
  type QueueFilters,
  type QueuePage,
} from '../../ui/list/checker-queue';

/**
 * The maker-checker page: a filtered, paged list of approval requests; Approve or Reject one
 * row, or the selected rows together, through a dialog (a rejection needs a reason); after
 * a decision the per-item outcome stays on screen and the list is loaded again.
 *
 * A checker queue (src/ui/list/checker-queue.ts): loading → ready | failed;
 * ready → confirming (dialog) → deciding → loading.
 * Effects are provided by the page (AuthorizePage.tsx, over transfers-api.ts): `listRows`, `decideRows`.
 */
export interface ApprovalQuery {
  /** '' = every status. */
  status: ApprovalStatus | '';
  flow: TransferFlowId | '';
  from: string;
  to: string;
  q: string;
  page: number;
  pageSize: number;
}

export const DEFAULT_APPROVAL_QUERY: ApprovalQuery = {
  status: 'pending',
  flow: '',
  from: '',
  to: '',
  q: '',
  page: 1,
  pageSize: 25,
};

export type ApprovalFilters = QueueFilters<ApprovalQuery>;
export type ApprovalPage = QueuePage<ApprovalView>;
export type Decision = 'approve' | 'reject';
export type PendingDecision = QueuePendingDecision<Decision, ApprovalView>;
export type DecisionInput = QueueDecisionInput<Decision>;

export interface DecisionOutcome {
  decision: Decision;
  results: ApprovalDecisionResult[];
  /** References by id, as listed when the decision was taken (a failed result may carry none). */
  references: Record<number, string>;
}

export const authorizeMachine = checkerQueueMachine({
  id: 'authorize',
  defaultQuery: DEFAULT_APPROVAL_QUERY,
  /** A rejection must say why; an approval needs nothing more. */
  reasonFits: rejectionNeedsReason,
  outcomeOf: (pending: PendingDecision, results: ApprovalDecisionResult[]): DecisionOutcome => ({
    decision: pending.decision,
    results,
    references: Object.fromEntries(pending.rows.map((r) => [r.id, r.reference])),
  }),
});

export type AuthorizeSnapshot = SnapshotFrom<typeof authorizeMachine>;

export const selectSelected = (s: AuthorizeSnapshot) => s.context.selected;
export const selectOutcome = (s: AuthorizeSnapshot) => s.context.outcome;
