/**
 * The approvals inbox (docs/decisions/018-one-approvals-inbox.md): every request that waits for a
 * second person's decision, whatever its kind, in one list at /authorize-transactions.
 */
export const INBOX_KINDS = ['transfer', 'bulk', 'chargeback', 'wallet', 'change'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/**
 * Who may decide a request, for the maker's "waits for …": an administrator, a checker of the
 * maker's bank, (chargebacks, wallet changes) the groups that handle them, or (administrative
 * changes: staff accounts, fees, limits) an administrator other than the maker.
 */
export const INBOX_DECIDERS = [
  'admin',
  'bank-checker',
  'chargeback-handler',
  'migration-handler',
  'second-admin',
] as const;

/** How long the maker is shown a request of theirs that expired. */
export const EXPIRED_NOTICE_DAYS = 7;

/** The event name of the count stream (GET /inbox/stream). */
export const INBOX_COUNT_EVENT = 'count';
