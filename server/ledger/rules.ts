import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { postings } from '../db/schema';
import type { AccountRow } from './accounts';
import {
  accountUnusable,
  commissionBudgetExhausted,
  dailyLimitExceeded,
  insufficientFunds,
  kycNotApproved,
} from './errors';

/** A wallet must be active to move money, and a customer's identity verified (KYC). */
export function checkUsable(account: AccountRow): void {
  if (account.status !== 'active') throw accountUnusable(account);
  if (account.kind === 'customer' && account.kycStatus !== 'approved') throw kycNotApproved(account);
}

/** Only e-money issuance (SYS-EQUITY) may go below zero: it is where e-money comes from. */
export function checkFunds(account: AccountRow, debit: number): void {
  if (account.kind === 'system') return;
  if (account.balance < debit) throw insufficientFunds(account, debit);
}

export function checkCommissionBudget(budget: AccountRow, debit: number): void {
  if (debit > 0 && budget.balance < debit) throw commissionBudgetExhausted();
}

export function checkDailyLimit(account: AccountRow, spentToday: number, debit: number, limit: number): void {
  if (account.kind === 'customer' && spentToday + debit > limit) throw dailyLimitExceeded(account, limit, spentToday);
}

/** Start of the calendar day in Dakar, which keeps UTC all year. */
export const startOfDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** What left the account since the start of the day (fees included), from its postings. */
export async function spentToday(db: Db, accountId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ spent: sql<string | null>`-sum(${postings.amount})` })
    .from(postings)
    .where(and(eq(postings.accountId, accountId), lt(postings.amount, 0), gte(postings.createdAt, startOfDay(now))));
  return Number(row?.spent ?? 0);
}
