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
type InboxDecider = (typeof INBOX_DECIDERS)[number];

export interface InboxItem {
  kind: InboxKind;
  /** The id within its kind (a bulk batch's is a UUID). */
  id: string;
  /**
   * What the request is, in a few words: a transfer's flow, a batch's file, a chargeback's
   * reference, a wallet's change, an administrative change's kind (limits.update, …).
   */
  subject: string;
  /** A transaction reference or account number that names it, when it has one. */
  reference: string | null;
  /** The account money leaves (transfers), the wallet that changes (wallet changes), what an administrative change does. */
  party: string | null;
  maker: string;
  mine: boolean;
  amount: number | null;
  createdAt: string;
  /** Only transfer requests expire. */
  expiresAt: string | null;
  canDecide: boolean;
  decider: InboxDecider;
  /** The bank whose checkers decide, when decider is bank-checker. */
  deciderBank: string | null;
  /** A page that shows the request in full, when one exists. */
  detailPath: string | null;
}

export interface InboxPage {
  rows: InboxItem[];
  /** How many wait for the caller's decision, by kind (before the kind filter). */
  waiting: Record<InboxKind, number>;
  /** The caller's bank, when the caller is a bank user: its checkers see that bank's requests only. */
  bank: string | null;
}

/** The event name of the count stream (GET /inbox/stream). */
export const INBOX_COUNT_EVENT = 'count';
