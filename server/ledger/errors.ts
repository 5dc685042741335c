import { xofInEnglish as xof } from '../../contract/money';
import { ApiError } from '../lib/api-error';
import type { AccountRow } from './accounts';

/**
 * Every refusal of a money movement, worded for the teller at the counter: what is wrong and
 * what to do. A customer's balance is never quoted to anyone else.
 */

const named = (a: AccountRow) => `${a.label} (${a.number})`;
const isCustomer = (a: AccountRow) => a.kind === 'customer';

export const insufficientFunds = (account: AccountRow, needed: number) =>
  new ApiError(
    422,
    'INSUFFICIENT_FUNDS',
    'Insufficient funds',
    isCustomer(account)
      ? `The wallet ${named(account)} does not hold the ${xof(needed)} this transfer needs, fees included.`
      : `The account ${named(account)} holds ${xof(account.balance)}; this transfer needs ${xof(needed)}, fees included.`,
  );

export const commissionBudgetExhausted = () =>
  new ApiError(
    422,
    'INSUFFICIENT_FUNDS',
    'Commission budget exhausted',
    'The commission budget cannot pay the agent commission of this transfer. Ask finance to fund SYS-COMMISSIONS.',
  );

export function accountUnusable(account: AccountRow): ApiError {
  switch (account.status) {
    case 'blocked':
      return new ApiError(
        422,
        'ACCOUNT_BLOCKED',
        'Account blocked',
        `The account ${named(account)} is blocked: no money can enter or leave it until support unblocks it.`,
      );
    case 'closed':
      return new ApiError(
        422,
        'ACCOUNT_CLOSED',
        'Account closed',
        `The account ${named(account)} is closed and can no longer send or receive money.`,
      );
    default:
      return new ApiError(
        422,
        'ACCOUNT_INACTIVE',
        'Account not active',
        `The account ${named(account)} is ${account.status.replace(/_/g, ' ')}: it must be activated before it can send or receive money.`,
      );
  }
}

export const kycNotApproved = (account: AccountRow) =>
  new ApiError(
    422,
    'KYC_NOT_APPROVED',
    'Identity not verified',
    `The customer ${named(account)} has not completed identity verification (KYC is ${account.kycStatus.replace(/_/g, ' ')}). Ask the customer to complete KYC first.`,
  );

export const dailyLimitExceeded = (account: AccountRow, limit: number, spent: number) =>
  new ApiError(
    422,
    'DAILY_LIMIT_EXCEEDED',
    'Daily limit reached',
    `The wallet ${named(account)} may send at most ${xof(limit)} a day; ${xof(spent)} has already left it today. Try a smaller amount or come back tomorrow.`,
  );

export const amountOutOfRange = (min: number, max: number) =>
  new ApiError(
    422,
    'AMOUNT_OUT_OF_RANGE',
    'Amount out of range',
    `The amount must be between ${xof(min)} and ${xof(max)} for this transfer.`,
  );

export const sameAccount = () =>
  new ApiError(
    422,
    'SAME_ACCOUNT',
    'Same account',
    'The account to debit and the account to credit are the same. Choose another beneficiary.',
  );

export const counterpartyNotFound = (detail: string) =>
  new ApiError(404, 'COUNTERPARTY_NOT_FOUND', 'Beneficiary not found', detail);

export const counterpartyAmbiguous = () =>
  new ApiError(
    422,
    'COUNTERPARTY_AMBIGUOUS',
    'Several wallets match',
    'Several wallets use this phone number. Enter the account number instead.',
  );

export const sourceNotFound = (detail: string) => new ApiError(404, 'SOURCE_NOT_FOUND', 'Source not found', detail);

export const fieldRequired = (code: string, field: string, detail: string) =>
  new ApiError(400, code, 'Missing information', `${field}: ${detail}`);

export const noOwnAccount = () =>
  new ApiError(
    422,
    'NO_OWN_ACCOUNT',
    'No account',
    'Your user has no account this transfer can use. Ask an administrator to link one to your profile.',
  );

export const withdrawalCodeInvalid = (attemptsLeft: number | null) =>
  new ApiError(
    422,
    'WITHDRAWAL_CODE_INVALID',
    'Wrong withdrawal code',
    attemptsLeft === null
      ? 'This customer has no withdrawal code. Ask the customer to generate one in the wallet app.'
      : attemptsLeft > 0
        ? `The withdrawal code is not right. Check it with the customer (${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left).`
        : 'The withdrawal code is not right, and no tries are left: the customer must generate a new code in the wallet app.',
  );

export const withdrawalCodeExpired = () =>
  new ApiError(
    422,
    'WITHDRAWAL_CODE_EXPIRED',
    'Withdrawal code expired',
    'This withdrawal code has expired. Ask the customer to generate a new one in the wallet app.',
  );

export const withdrawalCodeUsed = () =>
  new ApiError(
    422,
    'WITHDRAWAL_CODE_USED',
    'Withdrawal code already used',
    'This withdrawal code has already been used. Ask the customer to generate a new one in the wallet app.',
  );

export const withdrawalCodeLocked = () =>
  new ApiError(
    422,
    'WITHDRAWAL_CODE_LOCKED',
    'Withdrawal code locked',
    'Too many wrong codes were tried for this customer. The customer must generate a new code in the wallet app.',
  );

export const idempotencyKeyReused = () =>
  new ApiError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'Request already sent',
    'This Idempotency-Key was already used for a different transfer. Start a new transfer to get a new key.',
  );

export const flowForbidden = () =>
  new ApiError(403, 'FORBIDDEN', 'Forbidden', 'Your user group may not make this kind of transfer.');
