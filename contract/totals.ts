/**
 * What a total of transactions means, wherever one is shown (the home page's figures, every
 * report's totals line and its per-group sums): money that moved, the successful transactions.
 * Failed, reversed and pending ones are counted beside them, each on its own, never added in
 * (docs/decisions/055-one-meaning-of-a-total.md).
 */
export const SUCCESSFUL_STATUS = 'success';

/** The statuses reported beside the successful ones, in the order they are shown. */
const STATUSES_BESIDE = ['failed', 'reversed', 'pending'] as const;

/** Every status a breakdown lists, the successful one first. */
export const TOTAL_STATUSES = [SUCCESSFUL_STATUS, ...STATUSES_BESIDE] as const;
export type TotalStatus = (typeof TOTAL_STATUSES)[number];

/**
 * The statuses a report's breakdown lists: all of them, or only the one its status filter
 * keeps (the other statuses have no rows then, and saying "0" for them would read as a fact
 * about the period).
 */
export function breakdownStatuses(statusFilter?: string): TotalStatus[] {
  return statusFilter ? TOTAL_STATUSES.filter((s) => s === statusFilter) : [...TOTAL_STATUSES];
}

/**
 * The status whose rows the totals under the columns (and an aggregate's per-group sums) add
 * up: the filtered one when the report is filtered on a status, else the successful one.
 */
export function countedStatus(statusFilter?: string): string {
  return statusFilter || SUCCESSFUL_STATUS;
}
