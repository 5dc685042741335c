import type { GroupKey } from './groups';
import { REPORTS, type TransactionReport } from './reports';

/** Groups whose figures are those of the accounts they own (wallets, stations, networks, chains). */
export const OWN_ACCOUNT_GROUPS: readonly GroupKey[] = [
  'agent',
  'merchant',
  'gerantLowPrice',
  'gerantTefess',
  'gerantDjoloff',
  'edkMaster',
  'lowPriceMaster',
  'tefessMaster',
  'djoloffMaster',
  'merchantHead',
  'merchantMaster',
  'merchantLocation',
  'dddReportAdmin',
];

/** Groups that see the KYC and closure queues' lengths. */
const REVIEW_GROUPS: readonly GroupKey[] = ['admin', 'kycAdmin', 'supportPlus'];

export type SummaryCardId = 'balance' | 'bankFloat' | 'todayCount' | 'todayVolume' | 'pendingKyc' | 'pendingClosures';

/**
 * The home page's figure cards for a user, in order. The server fills them in; the page keeps
 * their places while it waits, so nothing below them moves when the figures arrive.
 */
export function summaryCardIds(user: { group: GroupKey; bankId: number | null }): SummaryCardId[] {
  const ids: SummaryCardId[] = [];
  if (OWN_ACCOUNT_GROUPS.includes(user.group)) ids.push('balance');
  else if (user.bankId !== null) ids.push('bankFloat');
  ids.push('todayCount', 'todayVolume');
  if (REVIEW_GROUPS.includes(user.group)) ids.push('pendingKyc', 'pendingClosures');
  return ids;
}

/**
 * The report the today cards open, filtered to the same day and to successful transactions so
 * its count is the card's: the group's report of every transaction it sees (no slice of the
 * ledger) that can be filtered by status. None for a group whose reports each show a part.
 */
export function todayReport(group: GroupKey): TransactionReport | undefined {
  return REPORTS.find(
    (r): r is TransactionReport =>
      r.source === 'transactions' &&
      r.groups.includes(group) &&
      Object.keys(r.slice).length === 0 &&
      r.filters.includes('status'),
  );
}
