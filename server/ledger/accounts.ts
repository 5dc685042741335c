import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { accounts } from '../db/schema';

export const accountFields = {
  id: accounts.id,
  number: accounts.number,
  kind: accounts.kind,
  label: accounts.label,
  phone: accounts.phone,
  balance: accounts.balance,
  status: accounts.status,
  kycStatus: accounts.kycStatus,
  bankId: accounts.bankId,
  ownerUserId: accounts.ownerUserId,
  parentAccountId: accounts.parentAccountId,
  network: accounts.network,
  memberId: accounts.memberId,
};

export type AccountRow = {
  id: number;
  number: string;
  kind: string;
  label: string;
  phone: string | null;
  balance: number;
  status: string;
  kycStatus: string;
  bankId: number | null;
  ownerUserId: number | null;
  parentAccountId: number | null;
  network: string | null;
  memberId: string | null;
};

/** Accounts of the house: they take fees, pay commissions, issue e-money. */
const SYSTEM_KINDS = ['system', 'fees', 'commissions'] as const;
export const FEES_ACCOUNT = 'SYS-FEES';
export const COMMISSIONS_ACCOUNT = 'SYS-COMMISSIONS';
/** Wallets a counterparty may be: the people and shops the service serves. */
export const WALLET_KINDS = ['customer', 'agent', 'merchant'] as const;

export async function accountByNumber(db: Db, number: string): Promise<AccountRow | undefined> {
  const [row] = await db.select(accountFields).from(accounts).where(eq(accounts.number, number));
  return row;
}

export async function accountById(db: Db, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select(accountFields).from(accounts).where(eq(accounts.id, id));
  return row;
}

/** The first wallet-like account the user owns (an agent's till, a merchant chain's account). */
export async function ownAccountOf(db: Db, userId: number): Promise<AccountRow | undefined> {
  const [row] = await db
    .select(accountFields)
    .from(accounts)
    .where(and(eq(accounts.ownerUserId, userId), inArray(accounts.kind, ['agent', 'merchant'])))
    .orderBy(asc(accounts.id))
    .limit(1);
  return row;
}

/**
 * Locks the rows and reads them again, so the checks that follow see balances no one else can
 * change before this transaction ends. Every posting takes its locks in one global order, so two
 * postings can wait on each other but never deadlock: wallets by ascending id first, then the
 * house accounts by ascending id. The house accounts come last because nearly every posting
 * touches SYS-FEES; taken first, it would be held while waiting for a busy wallet and serialise
 * unrelated transfers.
 */
export async function lockAccounts(db: Db, ids: readonly number[]): Promise<Map<number, AccountRow>> {
  const unique = [...new Set(ids)];
  const wallets = await db
    .select(accountFields)
    .from(accounts)
    .where(and(inArray(accounts.id, unique), notInArray(accounts.kind, [...SYSTEM_KINDS])))
    .orderBy(asc(accounts.id))
    .for('update');
  const house = await db
    .select(accountFields)
    .from(accounts)
    .where(and(inArray(accounts.id, unique), inArray(accounts.kind, [...SYSTEM_KINDS])))
    .orderBy(asc(accounts.id))
    .for('update');
  return new Map([...wallets, ...house].map((a) => [a.id, a]));
}
