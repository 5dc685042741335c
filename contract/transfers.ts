import type { GroupIdSetName, GroupKey } from './groups';
import { CREDIT_TYPE, type Service, type TransactionType, UV_REMOTE_TYPE } from './ledger';
import { T, type Text } from './text';

/**
 * Money movement (docs/money-movement.md): one definition per transfer route. The API takes from it
 * who may start a flow, which accounts it moves money between and whether a checker must approve
 * it; the dashboard takes its form fields and titles. Amounts are integer XOF.
 */

export const TRANSFER_FLOW_IDS = [
  'admin-cash-in',
  'agent-cash-in',
  'cash-out',
  'payroll-cash-in',
  'bank-cash-in',
  'bank-cash-out',
  'head-credit',
  'master-credit',
  'location-credit',
  'uv-remote',
] as const;
export type TransferFlowId = (typeof TRANSFER_FLOW_IDS)[number];

/**
 * Where the debited account comes from:
 * - `ownAccount`: the caller's own account (agent, head, master, location).
 * - `bankFloat`: the e-money float of a bank; the caller's bank for bank users, a bank the
 *   admin picks (`source` = bank code) for admin flows.
 * - `partner`: a payroll partner account the admin picks (`source` = account number).
 * - `counterparty`: the wallet named by `counterparty` is debited (cash-out, e-money destroy).
 */
type SourceRule = 'ownAccount' | 'bankFloat' | 'partner' | 'counterparty';

/**
 * Who the other side is:
 * - `wallet`: any customer, agent or merchant wallet by phone (+221…) or account number.
 * - `childAccount`: one of the caller's direct children in its merchant chain (pick list).
 * - `parentAccount`: the caller's parent in its chain, fixed (UV remote sends sales up).
 */
export type CounterpartyRule = 'wallet' | 'childAccount' | 'parentAccount';

export interface TransferFlowDef {
  id: TransferFlowId;
  /** The dashboard route, as the menus link to it. */
  path: string;
  title: Text;
  type: TransactionType;
  service: Service;
  /**
   * The operator's transaction code, carried in the transaction's details. It follows the active
   * group-id set (decision 005): bank cash-in is "152" under the primary set and "136", the
   * specification's code, under the alternate one.
   */
  codes?: Readonly<Record<GroupIdSetName, string>>;
  /** Groups that may start this flow. */
  groups: readonly GroupKey[];
  source: SourceRule;
  counterparty: CounterpartyRule;
  /**
   * Where the money goes when `source` is `counterparty` (the wallet is debited): the caller's
   * own account (agent cash-out), or the bank float (admin cash-out, e-money destroy).
   */
  destination?: 'ownAccount' | 'bankFloat';
  /** Always waits for a checker in /authorize-transactions, whatever the amount. */
  alwaysNeedsApproval: boolean;
  /** The customer authorises with a one-time withdrawal code. */
  needsWithdrawalCode: boolean;
}

const ADMINS: readonly GroupKey[] = ['admin', 'networkSupervisor'];

/** A code the two numberings share. */
const inBothSets = (code: string) => ({ primary: code, alternate: code });

export const TRANSFER_FLOWS: readonly TransferFlowDef[] = [
  {
    id: 'admin-cash-in',
    path: '/admin-cash-in',
    title: T('Cash In', 'Dépôt'),
    type: 'cash_in',
    service: 'wallet',
    groups: ADMINS,
    source: 'bankFloat',
    counterparty: 'wallet',
    alwaysNeedsApproval: true,
    needsWithdrawalCode: false,
  },
  {
    id: 'agent-cash-in',
    path: '/cash-in',
    title: T('Cash In', 'Dépôt'),
    type: 'cash_in',
    service: 'wallet',
    groups: ['agent'],
    source: 'ownAccount',
    counterparty: 'wallet',
    alwaysNeedsApproval: false,
    needsWithdrawalCode: false,
  },
  {
    // One route for admins and agents: an agent pays out from its till (its account is
    // credited), an admin at a bank counter (the bank's float is credited).
    id: 'cash-out',
    path: '/cash-out',
    title: T('Cash Out', 'Retrait'),
    type: 'cash_out',
    service: 'wallet',
    groups: [...ADMINS, 'agent'],
    source: 'counterparty',
    counterparty: 'wallet',
    destination: 'ownAccount',
    alwaysNeedsApproval: false,
    needsWithdrawalCode: true,
  },
  {
    id: 'payroll-cash-in',
    path: '/admin-partner-cash-in',
    title: T('Payroll Cash In', 'Paiement des salaires'),
    type: 'payroll',
    service: 'payroll',
    groups: ADMINS,
    source: 'partner',
    counterparty: 'wallet',
    alwaysNeedsApproval: true,
    needsWithdrawalCode: false,
  },
  {
    id: 'bank-cash-in',
    path: '/bank-cash-in',
    title: T('E-Money Transfer to the wallet', 'Transfert de monnaie électronique vers le portefeuille'),
    type: 'emoney_issue',
    service: 'bank',
    codes: { primary: '152', alternate: '136' },
    groups: ['bank'],
    source: 'bankFloat',
    counterparty: 'wallet',
    alwaysNeedsApproval: true,
    needsWithdrawalCode: false,
  },
  {
    id: 'bank-cash-out',
    path: '/bank-cash-out',
    title: T('E-Money Destroy', 'Destruction de monnaie électronique'),
    type: 'emoney_destroy',
    service: 'bank',
    groups: ['bank'],
    source: 'counterparty',
    counterparty: 'wallet',
    destination: 'bankFloat',
    alwaysNeedsApproval: true,
    needsWithdrawalCode: false,
  },
  {
    id: 'head-credit',
    path: '/transfers/merchand-credit',
    title: T('Merchant Credit', 'Crédit marchand'),
    type: 'network_credit',
    service: 'network',
    codes: inBothSets(String(CREDIT_TYPE)),
    groups: ['merchantHead'],
    source: 'ownAccount',
    counterparty: 'childAccount',
    alwaysNeedsApproval: false,
    needsWithdrawalCode: false,
  },
  {
    id: 'master-credit',
    path: '/transfers/master-credit',
    title: T('Master Credit', 'Crédit master'),
    type: 'network_credit',
    service: 'network',
    codes: inBothSets(String(CREDIT_TYPE)),
    groups: ['merchantMaster'],
    source: 'ownAccount',
    counterparty: 'childAccount',
    alwaysNeedsApproval: false,
    needsWithdrawalCode: false,
  },
  {
    id: 'location-credit',
    path: '/transfers/location-credit',
    title: T('Location Credit', 'Crédit point de vente'),
    type: 'network_credit',
    service: 'network',
    codes: inBothSets(String(CREDIT_TYPE)),
    groups: ['merchantLocation'],
    source: 'ownAccount',
    counterparty: 'wallet',
    alwaysNeedsApproval: false,
    needsWithdrawalCode: false,
  },
  {
    id: 'uv-remote',
    path: '/send-sales/remonte-uv',
    title: T('Send Sales (UV Remote)', 'Remontée UV'),
    type: 'uv_remote',
    service: 'network',
    codes: inBothSets(UV_REMOTE_TYPE),
    groups: ['merchantMaster', 'merchantLocation'],
    source: 'ownAccount',
    counterparty: 'parentAccount',
    alwaysNeedsApproval: false,
    needsWithdrawalCode: false,
  },
];

const byId = new Map(TRANSFER_FLOWS.map((f) => [f.id, f]));
const byPath = new Map(TRANSFER_FLOWS.map((f) => [f.path, f]));
export const findTransferFlow = (id: string) => byId.get(id as TransferFlowId);
export const transferFlowAt = (path: string) => byPath.get(path);

/** The code a flow's transactions carry under the active group-id set, if it has one. */
export const transactionCode = (flow: Pick<TransferFlowDef, 'codes'>, set: GroupIdSetName): string | null =>
  flow.codes?.[set] ?? null;

export { AUTHORIZE_PATH } from './authorize-path';

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
