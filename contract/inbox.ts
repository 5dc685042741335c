import type { FeeBandWarning } from './bulk';

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
  /**
   * When it expires if nobody decides it: every kind lives for the same configured time
   * (docs/decisions/034-every-waiting-request-expires.md).
   */
  expiresAt: string;
  canDecide: boolean;
  decider: InboxDecider;
  /** The bank whose checkers decide, when decider is bank-checker. */
  deciderBank: string | null;
  /** A page that shows the request in full, when one exists. */
  detailPath: string | null;
  /**
   * A bulk fee override some of whose rows leave the fee schedule's bands: how many, and the one
   * that strays furthest, for the decider to see before approving.
   */
  outsideBands: { rows: number; furthest: FeeBandWarning } | null;
}

/** How long the maker is shown a request of theirs that expired. */
export const EXPIRED_NOTICE_DAYS = 7;

/** One of the caller's own requests that nobody decided in time: it was not carried out. */
export interface ExpiredRequest {
  kind: InboxKind;
  id: string;
  /** As in the inbox: a transfer's flow, a batch's file, a wallet change's kind, a change's kind. */
  subject: string;
  reference: string | null;
  /** What an administrative change would have done. */
  summary: string | null;
  amount: number | null;
  createdAt: string;
  expiredAt: string;
  detailPath: string | null;
}

export interface InboxPage {
  rows: InboxItem[];
  /** How many wait for the caller's decision, by kind (before the kind filter). */
  waiting: Record<InboxKind, number>;
  /** The caller's bank, when the caller is a bank user: its checkers see that bank's requests only. */
  bank: string | null;
  /** The caller's own requests that expired in the last EXPIRED_NOTICE_DAYS days, newest first. */
  expired: ExpiredRequest[];
}

/** The event name of the count stream (GET /inbox/stream). */
export const INBOX_COUNT_EVENT = 'count';
