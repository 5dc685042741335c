import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { updateFromValues } from '../db/query';
import { accounts, postings, transactions, transferAudit } from '../db/schema';
import { type AccountRow, COMMISSIONS_ACCOUNT, FEES_ACCOUNT } from './accounts';
import { type TransferPlan, total } from './plan';

export interface PostingContext {
  userId: number;
  channel: string;
  requestId: string | null;
  now: Date;
}

export type BalanceChange = { number: string; before: number; after: number };

/** The bank a transaction belongs to in the bank reports: the float's bank when a float moves. */
function bankOf(plan: TransferPlan): number | null {
  const { source, destination } = plan.parties;
  const float = [source, destination].find((a) => a.kind === 'bank_float');
  return float?.bankId ?? source.bankId ?? destination.bankId ?? null;
}

type TransactionOptions = { reference: string; status: 'success' | 'pending'; channel: string; now: Date };

/** The transactions row of a plan. */
function transactionValues(plan: TransferPlan, options: TransactionOptions) {
  const { source, destination } = plan.parties;
  const details: Record<string, string> = {};
  if (plan.code) details.code = plan.code;
  if (plan.note) details.note = plan.note;
  return {
    reference: options.reference,
    type: plan.flow.type,
    service: plan.flow.service,
    status: options.status,
    amount: plan.amount,
    fee: plan.charges.fee,
    commission: plan.charges.commission,
    fromAccountId: source.id,
    toAccountId: destination.id,
    initiatorUserId: plan.initiatorUserId,
    channel: options.channel,
    bankId: bankOf(plan),
    network: destination.network ?? source.network,
    memberId: destination.memberId ?? source.memberId,
    details: Object.keys(details).length ? details : null,
    flowId: plan.flow.id,
    createdAt: options.now,
  };
}

/** The business event; its money moves only through postings (now, or when a checker approves). */
export async function insertTransaction(db: Db, plan: TransferPlan, options: TransactionOptions): Promise<number> {
  const [row] = await db
    .insert(transactions)
    .values(transactionValues(plan, options))
    .returning({ id: transactions.id });
  if (!row) throw new Error('The transaction was not inserted.');
  return row.id;
}

/** Double entry, summing to zero: the debited side pays amount and fee, the fee pays the commission first. */
export function postingsOf(
  plan: TransferPlan,
  house: readonly AccountRow[],
): { account: AccountRow; amount: number }[] {
  const { source, destination, beneficiary } = plan.parties;
  const { fee, commission, commissionFromFee, commissionFromBudget } = plan.charges;
  const fees = house.find((a) => a.number === FEES_ACCOUNT);
  const budget = house.find((a) => a.number === COMMISSIONS_ACCOUNT);
  const lines = [
    { account: source, amount: -total(plan) },
    { account: destination, amount: plan.amount },
    ...(fees ? [{ account: fees, amount: fee - commissionFromFee }] : []),
    ...(beneficiary ? [{ account: beneficiary, amount: commission }] : []),
    ...(budget ? [{ account: budget, amount: -commissionFromBudget }] : []),
  ];
  return lines.filter((l) => l.amount !== 0);
}

/**
 * Writes the postings, moves the balances and records who did it, from accounts the caller has
 * locked and checked. Returns each changed account's balance before and after.
 */
export async function postTransaction(
  db: Db,
  plan: TransferPlan,
  house: readonly AccountRow[],
  transactionId: number,
  context: PostingContext,
): Promise<BalanceChange[]> {
  const lines = postingsOf(plan, house);
  await db
    .insert(postings)
    .values(lines.map((l) => ({ transactionId, accountId: l.account.id, amount: l.amount, createdAt: context.now })));
  const changes = new Map<number, BalanceChange>();
  for (const { account, amount } of lines) {
    const change = changes.get(account.id) ?? {
      number: account.number,
      before: account.balance,
      after: account.balance,
    };
    change.after += amount;
    changes.set(account.id, change);
  }
  for (const [id, change] of changes) {
    await db
      .update(accounts)
      .set({ balance: sql`${accounts.balance} + ${change.after - change.before}`, lastActivityAt: context.now })
      .where(eq(accounts.id, id));
  }
  const balances = [...changes.values()];
  await db.insert(transferAudit).values({
    transactionId,
    userId: context.userId,
    channel: context.channel,
    requestId: context.requestId,
    at: context.now,
    balances,
  });
  return balances;
}

/**
 * Posts many plans in a handful of statements: a chunk of a bulk payment. The caller has
 * locked every account and checked each plan in order against the balances the plans before
 * it leave; each account's before and after are carried from one plan to the next here.
 */
export async function postPlans(
  db: Db,
  plans: readonly TransferPlan[],
  house: readonly AccountRow[],
  references: readonly string[],
  context: PostingContext,
): Promise<number[]> {
  if (plans.length === 0) return [];
  const inserted = await db
    .insert(transactions)
    .values(
      plans.map((plan, i) =>
        transactionValues(plan, {
          reference: references[i] as string,
          status: 'success',
          channel: context.channel,
          now: context.now,
        }),
      ),
    )
    .returning({ id: transactions.id, reference: transactions.reference });
  const idOf = new Map(inserted.map((row) => [row.reference, row.id]));
  const ids = references.slice(0, plans.length).map((reference) => idOf.get(reference) as number);
  const running = new Map<number, number>();
  const postingRows: (typeof postings.$inferInsert)[] = [];
  const audits: (typeof transferAudit.$inferInsert)[] = [];
  plans.forEach((plan, i) => {
    const transactionId = ids[i] as number;
    const changes = new Map<number, BalanceChange>();
    for (const { account, amount } of postingsOf(plan, house)) {
      postingRows.push({ transactionId, accountId: account.id, amount, createdAt: context.now });
      const before = running.get(account.id) ?? account.balance;
      const change = changes.get(account.id) ?? { number: account.number, before, after: before };
      change.after += amount;
      changes.set(account.id, change);
      running.set(account.id, before + amount);
    }
    audits.push({
      transactionId,
      userId: context.userId,
      channel: context.channel,
      requestId: context.requestId,
      at: context.now,
      balances: [...changes.values()],
    });
  });
  // A thousand rows a statement keeps well inside PostgreSQL's 65,535 parameters.
  for (let i = 0; i < postingRows.length; i += 1000) await db.insert(postings).values(postingRows.slice(i, i + 1000));
  for (let i = 0; i < audits.length; i += 1000) await db.insert(transferAudit).values(audits.slice(i, i + 1000));
  const deltas = new Map<number, number>();
  for (const row of postingRows) deltas.set(row.accountId, (deltas.get(row.accountId) ?? 0) + row.amount);
  await updateFromValues(db, {
    table: accounts,
    columns: ['id', 'delta'],
    rows: [...deltas].map(([id, delta]) => [sql`${id}::int`, sql`${delta}::bigint`]),
    set: sql`balance = t.balance + v.delta, last_activity_at = ${context.now.toISOString()}::timestamptz`,
  });
  return ids;
}
