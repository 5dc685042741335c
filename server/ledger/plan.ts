import type { TransferRequest } from '../../contract/api/transfers';
import { type TransferFlowDef, transactionCode } from '../../contract/transfers';
import type { TransferSettings } from '../config';
import type { Db } from '../db/database';
import type { SessionUser } from '../lib/session-user';
import { type AccountRow, accountById, accountByNumber, COMMISSIONS_ACCOUNT, FEES_ACCOUNT } from './accounts';
import { amountOutOfRange, flowForbidden } from './errors';
import { amountRangeOf } from './amount-range';
import { bandCovering, type Charges, computeCharges, currentBands, feeOverrideFor, splitCommission } from './fees';
import { beneficiaryOf, type Parties, resolveParties } from './parties';
import { checkCommissionBudget, checkDailyLimit, checkFunds, checkUsable, spentToday } from './rules';

/** Everything a transfer will do, before any money moves. */
export interface TransferPlan {
  flow: TransferFlowDef;
  parties: Parties;
  amount: number;
  charges: Charges;
  needsApproval: boolean;
  note: string | null;
  /** The user who started it (the maker, for a request a checker approves). */
  initiatorUserId: number;
  /** The operator's transaction code under the active group-id set, stored with the transaction. */
  code: string | null;
}

export const total = (plan: Pick<TransferPlan, 'amount' | 'charges'>) => plan.amount + plan.charges.fee;

const needsApproval = (flow: TransferFlowDef, amount: number, settings: TransferSettings) =>
  flow.alwaysNeedsApproval || amount > settings.approvalThreshold;

/** Who may start the flow, between which accounts, for what fee. Reads only; checks no balance. */
export async function prepareTransfer(
  db: Db,
  flow: TransferFlowDef,
  caller: SessionUser,
  request: TransferRequest,
  settings: TransferSettings,
): Promise<TransferPlan> {
  if (!flow.groups.includes(caller.group)) throw flowForbidden();
  const bands = await currentBands(db, flow.id);
  const range = amountRangeOf(bands, settings.maxAmount);
  const band = bandCovering(bands, request.amount);
  if (!band || request.amount < range.min || request.amount > range.max) throw amountOutOfRange(range.min, range.max);
  const parties = await resolveParties(db, flow, caller, request);
  const override = await feeOverrideFor(db, parties.source.id, flow.id);
  return {
    flow,
    parties,
    amount: request.amount,
    charges: computeCharges(request.amount, band, override, parties.beneficiary !== null),
    needsApproval: needsApproval(flow, request.amount, settings),
    note: request.note?.trim() || null,
    initiatorUserId: caller.userId,
    code: transactionCode(flow, settings.groupIdSet),
  };
}

/** The house accounts a plan moves money through, besides its two sides. */
export async function houseAccountsOf(db: Db, plan: TransferPlan): Promise<AccountRow[]> {
  const { fee, commissionFromFee, commissionFromBudget } = plan.charges;
  const numbers = [
    ...(fee - commissionFromFee !== 0 ? [FEES_ACCOUNT] : []),
    ...(commissionFromBudget > 0 ? [COMMISSIONS_ACCOUNT] : []),
  ];
  const rows: AccountRow[] = [];
  // One query at a time: inside a transaction they share one connection.
  for (const number of numbers) {
    const row = await accountByNumber(db, number);
    if (!row) throw new Error(`The house account ${number} must exist.`);
    rows.push(row);
  }
  return rows;
}

/** Every account the plan touches, for locking. */
export const accountIdsOf = (plan: TransferPlan, house: readonly AccountRow[]) => [
  plan.parties.source.id,
  plan.parties.destination.id,
  ...house.map((a) => a.id),
];

/** A transfer as stored (a request waiting for a checker, a receipt), read back into a plan. */
export interface StoredTransfer {
  flow: TransferFlowDef;
  sourceAccountId: number;
  counterpartyAccountId: number;
  destinationAccountId: number;
  amount: number;
  fee: number;
  commission: number;
  note: string | null;
  initiatorUserId: number;
  needsApproval: boolean;
}

export async function storedPlan(db: Db, stored: StoredTransfer): Promise<TransferPlan> {
  const load = async (id: number) => {
    const row = await accountById(db, id);
    if (!row) throw new Error(`Account ${id} of a stored transfer is missing.`);
    return row;
  };
  const source = await load(stored.sourceAccountId);
  const counterparty = await load(stored.counterpartyAccountId);
  const destination = await load(stored.destinationAccountId);
  const beneficiary = beneficiaryOf(stored.initiatorUserId, source, destination);
  return {
    flow: stored.flow,
    parties: { source, counterparty, destination, beneficiary },
    amount: stored.amount,
    // Without a beneficiary no commission can be paid, whatever was stored.
    charges: splitCommission(stored.fee, beneficiary ? stored.commission : 0),
    needsApproval: stored.needsApproval,
    note: stored.note,
    initiatorUserId: stored.initiatorUserId,
    // Its transaction row, code included, was written when it was submitted.
    code: null,
  };
}

/** The same plan over freshly read (locked) rows. */
export function withAccounts(plan: TransferPlan, rows: Map<number, AccountRow>): TransferPlan {
  const fresh = (a: AccountRow) => rows.get(a.id) ?? a;
  const { source, counterparty, destination, beneficiary } = plan.parties;
  return {
    ...plan,
    parties: {
      source: fresh(source),
      counterparty: fresh(counterparty),
      destination: fresh(destination),
      beneficiary: beneficiary ? fresh(beneficiary) : null,
    },
  };
}

/**
 * The business rules over the accounts as read: at a quote (a preview), and again under the
 * row locks at submission and at approval, where they decide.
 */
export async function verifyTransfer(
  db: Db,
  plan: TransferPlan,
  house: readonly AccountRow[],
  options: { now: Date; settings: TransferSettings },
): Promise<void> {
  const { source, destination } = plan.parties;
  checkUsable(source);
  checkUsable(destination);
  const debit = total(plan);
  checkFunds(source, debit);
  if (source.kind === 'customer') {
    checkDailyLimit(source, await spentToday(db, source.id, options.now), debit, options.settings.customerDailyLimit);
  }
  const budget = house.find((a) => a.number === COMMISSIONS_ACCOUNT);
  if (budget) checkCommissionBudget(budget, plan.charges.commissionFromBudget);
}
