/**
 * An agent's cash-out as the API answers it (options, code check, quote, receipt), for the
 * catalogue's stories (no server): the customer's wallet pays the amount and the fee, the
 * agent's till receives the amount and earns half the fee.
 */
import type {
  TransferOptions,
  TransferParty,
  TransferQuote,
  TransferRequest,
  TransferResult,
} from '../../../contract/api/transfers';
import { findTransferFlow, type TransferFlowDef } from '../../../contract/transfers';

export const CASH_OUT = findTransferFlow('cash-out') as TransferFlowDef;

/** The one withdrawal code the customer made in the wallet app. */
export const LIVE_CODE = '859802';

const TILL: TransferParty = {
  number: 'AGT-00012',
  name: 'Boutique Ndèye Fatou Sarr',
  phone: '+221 77 480 12 34',
  kind: 'agent',
  balance: 750_000,
  operator: 'Moussa Diop',
};

/** Another customer's balance never leaves the server. */
const CUSTOMER: TransferParty = {
  number: 'CUS-000118',
  name: 'Cheikh Tidiane Ndiaye',
  phone: '+221 77 234 56 78',
  kind: 'customer',
};

export const OPTIONS: TransferOptions = {
  ownAccount: TILL,
  banks: [],
  partners: [],
  counterparties: [],
  approvalThreshold: 1_000_000,
  amountRange: { min: 100, max: 2_000_000 },
};

export function quoteOf(request: TransferRequest): TransferQuote {
  const fee = Math.max(100, Math.round(request.amount / 100));
  return {
    flow: CASH_OUT.id,
    source: CUSTOMER,
    counterparty: CUSTOMER,
    destination: TILL,
    amount: request.amount,
    fee,
    commission: Math.round(fee / 2),
    total: request.amount + fee,
    balanceAfter: null,
    needsApproval: request.amount > OPTIONS.approvalThreshold,
  };
}

/** Posted at once: the till's balance is the one after the amount and the commission. */
export function resultOf(request: TransferRequest): TransferResult {
  const quote = quoteOf(request);
  return {
    ...quote,
    destination: { ...TILL, balance: (TILL.balance ?? 0) + quote.amount + quote.commission },
    status: 'success',
    reference: 'TR26112800000042',
    approvalId: null,
    createdAt: '2026-11-28T10:24:00.000Z',
    initiator: 'Moussa Diop',
    channel: 'dashboard',
    note: request.note ?? null,
  };
}
