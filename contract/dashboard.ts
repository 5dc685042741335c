import type { GroupKey } from './groups';

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
