import { and, eq, inArray, like, or } from 'drizzle-orm';
import { looksLikePhone, senegalMobileKey } from '../../contract/senegal-mobile';
import type { TransferRequest } from '../../contract/api/transfers';
import type { TransferFlowDef } from '../../contract/transfers';
import type { Db } from '../db/database';
import { accounts, banks } from '../db/schema';
import type { SessionUser } from '../lib/session-user';
import { forbiddenError } from '../lib/api-error';
import { type AccountRow, accountById, accountFields, ownAccountOf, WALLET_KINDS } from './accounts';
import {
  counterpartyAmbiguous,
  counterpartyNotFound,
  fieldRequired,
  noOwnAccount,
  sameAccount,
  sourceNotFound,
} from './errors';

/**
 * Payroll is paid from employers' accounts only, never from a biller's (Senelec, Orange...):
 * an employer's partner account is numbered PRT-PAYROLL…
 */
export const PAYROLL_PARTNER_PREFIX = 'PRT-PAYROLL';

/** The sides of one transfer, as the contract names them. */
export interface Parties {
  /** The account debited (amount and fee). */
  source: AccountRow;
  counterparty: AccountRow;
  /** The account credited. */
  destination: AccountRow;
  /** The agent the commission goes to: the caller's own agent account, on whichever side. */
  beneficiary: AccountRow | null;
}

/** A bank user works with its own bank's float; an admin names the bank. */
async function bankFloat(db: Db, caller: SessionUser, bankCode: string | undefined): Promise<AccountRow> {
  if (caller.group === 'bank') {
    const [own] = await db
      .select({ ...accountFields, code: banks.code })
      .from(accounts)
      .innerJoin(banks, eq(banks.floatAccountId, accounts.id))
      .where(and(eq(banks.id, caller.bankId ?? -1), eq(banks.active, true)));
    if (!own) throw noOwnAccount();
    if (bankCode && bankCode.toUpperCase() !== own.code) {
      throw forbiddenError('A bank user can only move money through its own bank’s float.');
    }
    return own;
  }
  if (!bankCode) throw fieldRequired('SOURCE_REQUIRED', 'source', 'Choose the bank whose e-money float is used.');
  const [row] = await db
    .select(accountFields)
    .from(accounts)
    .innerJoin(banks, eq(banks.floatAccountId, accounts.id))
    .where(and(eq(banks.code, bankCode.toUpperCase()), eq(banks.active, true)));
  // A deactivated bank has left every picker: it reads as unknown here too.
  if (!row) throw sourceNotFound(`There is no active bank with the code ${bankCode}.`);
  return row;
}

async function payrollPartner(db: Db, number: string | undefined): Promise<AccountRow> {
  if (!number) throw fieldRequired('SOURCE_REQUIRED', 'source', 'Choose the employer account that pays.');
  const [row] = await db
    .select(accountFields)
    .from(accounts)
    .where(
      and(
        eq(accounts.number, number.toUpperCase()),
        eq(accounts.kind, 'partner'),
        like(accounts.number, `${PAYROLL_PARTNER_PREFIX}%`),
      ),
    );
  if (!row) throw sourceNotFound(`${number} is not a payroll partner account.`);
  return row;
}

/** '+221 77 123 45 67' as the ledger writes phones; the stripped form is matched too. */
export function formatPhone(normalised: string) {
  const d = normalised.slice(4);
  return `+221 ${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 7)} ${d.slice(7, 9)}`;
}

/** A wallet by phone (any usual Senegalese format) or account number. */
async function findWallet(db: Db, input: string): Promise<AccountRow> {
  const text = input.trim();
  let rows: AccountRow[];
  if (looksLikePhone(text)) {
    // The request schema already refused what looks like a phone but is no Senegalese mobile number.
    const normalised = senegalMobileKey(text);
    if (!normalised) throw counterpartyNotFound(`No wallet uses the phone number ${text}.`);
    rows = await db
      .select(accountFields)
      .from(accounts)
      .where(
        and(
          or(eq(accounts.phone, formatPhone(normalised)), eq(accounts.phone, normalised)),
          inArray(accounts.kind, [...WALLET_KINDS]),
        ),
      )
      .limit(2);
    if (rows.length > 1) throw counterpartyAmbiguous();
  } else {
    rows = await db
      .select(accountFields)
      .from(accounts)
      .where(and(eq(accounts.number, text.toUpperCase()), inArray(accounts.kind, [...WALLET_KINDS])));
  }
  const [row] = rows;
  if (!row) throw counterpartyNotFound(`No customer, agent or merchant wallet matches ${text}.`);
  return row;
}

async function ownAccount(db: Db, caller: SessionUser) {
  const own = await ownAccountOf(db, caller.userId);
  if (!own) throw noOwnAccount();
  return own;
}

async function counterpartyOf(db: Db, flow: TransferFlowDef, caller: SessionUser, request: TransferRequest) {
  switch (flow.counterparty) {
    case 'wallet':
      if (!request.counterparty) {
        throw fieldRequired('COUNTERPARTY_REQUIRED', 'counterparty', 'Enter the phone number or account number.');
      }
      return findWallet(db, request.counterparty);
    case 'childAccount': {
      if (!request.counterparty) {
        throw fieldRequired('COUNTERPARTY_REQUIRED', 'counterparty', 'Choose the account to credit.');
      }
      const own = await ownAccount(db, caller);
      const [child] = await db
        .select(accountFields)
        .from(accounts)
        .where(
          and(eq(accounts.number, request.counterparty.trim().toUpperCase()), eq(accounts.parentAccountId, own.id)),
        );
      if (!child) throw counterpartyNotFound(`${request.counterparty} is not an account directly under yours.`);
      return child;
    }
    case 'parentAccount': {
      const own = await ownAccount(db, caller);
      const parent = own.parentAccountId === null ? undefined : await accountById(db, own.parentAccountId);
      if (!parent) throw counterpartyNotFound('Your account has no parent account to send sales to.');
      return parent;
    }
  }
}

/** Which account is debited and which credited, from the flow's rules and the caller. */
export async function resolveParties(
  db: Db,
  flow: TransferFlowDef,
  caller: SessionUser,
  request: TransferRequest,
): Promise<Parties> {
  const counterparty = await counterpartyOf(db, flow, caller, request);
  let source: AccountRow;
  let destination: AccountRow;
  if (flow.source === 'counterparty') {
    source = counterparty;
    // An admin pays out at a bank's counter: the bank's float takes the e-money back.
    destination =
      flow.destination === 'bankFloat' || caller.group !== 'agent'
        ? await bankFloat(db, caller, request.source)
        : await ownAccount(db, caller);
  } else {
    destination = counterparty;
    source =
      flow.source === 'ownAccount'
        ? await ownAccount(db, caller)
        : flow.source === 'bankFloat'
          ? await bankFloat(db, caller, request.source)
          : await payrollPartner(db, request.source);
  }
  if (source.id === destination.id) throw sameAccount();
  return { source, counterparty, destination, beneficiary: beneficiaryOf(caller.userId, source, destination) };
}

export function beneficiaryOf(userId: number, source: AccountRow, destination: AccountRow): AccountRow | null {
  return [source, destination].find((a) => a.kind === 'agent' && a.ownerUserId === userId) ?? null;
}
