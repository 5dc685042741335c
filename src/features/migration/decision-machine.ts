import type { MigrationRecord, MigrationResult, MigrationWallet } from '../../../contract/api/wallet-migrations';
import { rejectionNeedsReason } from '../../../contract/reasons';
import { checkerQueueMachine, type PendingDecision as QueuePendingDecision } from '../../ui/list/checker-queue';

/**
 * The wallet changes waiting for a decision on /migration (maker-checker,
 * docs/decisions/017-wallet-changes-maker-checker.md): Approve or Reject one through a dialog
 * (a rejection says why); the outcome stays on screen and the list is loaded again. A refusal
 * (the maker's own request, already decided, the wallet changed since) stays in the dialog.
 *
 * A checker queue (src/ui/list/checker-queue.ts): loading → ready | failed;
 * ready → confirming → deciding → loading. Effects provided by the page: `listRows` (the pending
 * requests) and `decideRows` (one request at a time).
 */
export type MigrationDecision = 'approve' | 'reject';

export interface PendingQuery {
  page: number;
  pageSize: number;
}

export type PendingDecision = QueuePendingDecision<MigrationDecision, MigrationRecord>;

export interface DecisionOutcome {
  decision: MigrationDecision;
  migration: MigrationRecord;
  /** The wallet after the decision, for the page's wallet card. */
  wallet: MigrationWallet;
}

const REASON_MAX = 300;

/** The API's rule (contract migrationDecisionSchema): a rejection says why; any note fits the maximum. */
const reasonFits = (decision: MigrationDecision, reason: string) =>
  reason.trim().length <= REASON_MAX && rejectionNeedsReason(decision, reason);

export const migrationDecisionMachine = checkerQueueMachine({
  id: 'migrationDecisions',
  defaultQuery: { page: 1, pageSize: 10 } as PendingQuery,
  // A request made on the same page joins the list.
  reloadable: true,
  // One card at a time, every pending request: no checkboxes, no filters.
  offers: { selection: false, filters: false },
  reasonFits,
  outcomeOf: (pending: PendingDecision, decided: MigrationResult): DecisionOutcome => ({
    decision: pending.decision,
    migration: decided.migration,
    wallet: decided.wallet,
  }),
  hideOutcomeOnStart: true,
});
