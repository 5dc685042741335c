import type { TransferParty, TransferQuote, TransferResult } from '../../contract/api/transfers';
import type { SessionUser } from '../lib/session-user';
import type { AccountRow } from './accounts';
import type { BalanceChange } from './posting';
import { type TransferPlan, total } from './plan';

const HOUSE_KINDS = new Set(['partner', 'network', 'fees', 'commissions', 'system']);

/** A balance is shown to its owner, to admins for the house's own accounts, to a bank for its float; never a customer's to anyone else. */
function canSeeBalance(caller: SessionUser, account: AccountRow): boolean {
  if (account.ownerUserId !== null && account.ownerUserId === caller.userId) return true;
  if (account.kind === 'bank_float') {
    return caller.group === 'admin' || (caller.group === 'bank' && caller.bankId === account.bankId);
  }
  return caller.group === 'admin' && HOUSE_KINDS.has(account.kind);
}

export function partyView(account: AccountRow, caller: SessionUser, balance = account.balance): TransferParty {
  return {
    number: account.number,
    name: account.label,
    phone: account.phone,
    kind: account.kind,
    ...(canSeeBalance(caller, account) ? { balance } : {}),
    ...(account.kind === 'agent' && account.ownerUserId === caller.userId ? { operator: caller.name } : {}),
  };
}

/** An agent paying a cash-in is also the one earning its commission. */
const commissionTo = (plan: TransferPlan, account: AccountRow) =>
  plan.parties.beneficiary?.id === account.id ? plan.charges.commission : 0;

export function quoteView(plan: TransferPlan, caller: SessionUser): TransferQuote {
  const { source, counterparty, destination } = plan.parties;
  return {
    flow: plan.flow.id,
    source: partyView(source, caller),
    counterparty: partyView(counterparty, caller),
    destination: partyView(destination, caller),
    amount: plan.amount,
    fee: plan.charges.fee,
    commission: plan.charges.commission,
    total: total(plan),
    balanceAfter: canSeeBalance(caller, source) ? source.balance - total(plan) + commissionTo(plan, source) : null,
    needsApproval: plan.needsApproval,
  };
}

export interface ResultFacts {
  status: 'success' | 'pending';
  reference: string;
  approvalId: number | null;
  createdAt: Date;
  initiator: string;
  channel: string;
  /** The balances the posting left; none while the transfer waits for a checker. */
  changes: readonly BalanceChange[] | null;
}

/** The receipt: the quote as posted (balances after the posting) or as submitted (pending). */
export function resultView(plan: TransferPlan, caller: SessionUser, facts: ResultFacts): TransferResult {
  const after = new Map(facts.changes?.map((c) => [c.number, c.after]));
  const party = (a: AccountRow) => partyView(a, caller, after.get(a.number) ?? a.balance);
  const { source, counterparty, destination } = plan.parties;
  const quote = quoteView(plan, caller);
  return {
    ...quote,
    source: party(source),
    counterparty: party(counterparty),
    destination: party(destination),
    balanceAfter:
      quote.balanceAfter === null ? null : facts.changes ? (after.get(source.number) ?? null) : quote.balanceAfter,
    status: facts.status,
    reference: facts.reference,
    approvalId: facts.approvalId,
    createdAt: facts.createdAt.toISOString(),
    initiator: facts.initiator,
    channel: facts.channel,
    note: plan.note,
  };
}
