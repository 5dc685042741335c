import { eq, sql } from 'drizzle-orm';
import {
  CHARGEBACK_TYPE,
  type ChargebackLookup,
  type ChargebackPage,
  type ChargebackParty,
  type ChargebackRefusalCode,
  type ChargebackStatus,
  type ChargebackTransaction,
  type ChargebackView,
  type PostingLine,
} from '../../../contract/chargebacks';
import type { AuditEntry } from '../../audit/record';
import type { Db } from '../../db/database';
import { isoTimestamp, queryPage, queryRows } from '../../db/query';
import { accounts, chargebacks, postings, transactions, transferAudit } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';
import { ApiError } from '../../lib/api-error';
import { type AccountRow, lockAccounts } from '../../ledger/accounts';
import { xof } from '../../ledger/errors';
import { nextReference } from '../../ledger/reference';
import { checkFunds } from '../../ledger/rules';
import { containsPattern } from '../reports/search';

type Audit = (tx: Db, entry: AuditEntry) => Promise<void>;

export const transactionNotFound = (reference: string) =>
  new ApiError(404, 'TRANSACTION_NOT_FOUND', 'Transaction not found', `No transaction has the reference ${reference}.`);

export const chargebackNotFound = () =>
  new ApiError(404, 'CHARGEBACK_NOT_FOUND', 'Chargeback not found', 'There is no such chargeback.');

const makerCannotDecide = () =>
  new ApiError(
    403,
    'MAKER_CANNOT_DECIDE',
    'Not your own request',
    'You asked for this chargeback: another person must approve or reject it.',
  );

const alreadyDecided = (status: string) =>
  new ApiError(409, 'CHARGEBACK_ALREADY_DECIDED', 'Already decided', `This chargeback was already ${status}.`);

// ---- Reading a transaction ----

interface TxRow {
  id: number | string;
  reference: string;
  type: string;
  service: string;
  status: string;
  amount: number | string;
  fee: number | string;
  commission: number | string;
  created_at: string | Date;
  from_account_id: number | null;
  to_account_id: number | null;
  bank_id: number | null;
  network: string | null;
  member_id: string | null;
  from_number: string | null;
  from_name: string | null;
  from_phone: string | null;
  from_kind: string | null;
  to_number: string | null;
  to_name: string | null;
  to_phone: string | null;
  to_kind: string | null;
}

const SELECT_TX = sql`
  SELECT t.id, t.reference, t.type, t.service, t.status, t.amount, t.fee, t.commission, t.created_at,
         t.from_account_id, t.to_account_id, t.bank_id, t.network, t.member_id,
         fa.number AS from_number, fa.label AS from_name, fa.phone AS from_phone, fa.kind AS from_kind,
         ta.number AS to_number, ta.label AS to_name, ta.phone AS to_phone, ta.kind AS to_kind
  FROM transactions t
  LEFT JOIN accounts fa ON fa.id = t.from_account_id
  LEFT JOIN accounts ta ON ta.id = t.to_account_id`;

const party = (number: string | null, name: string | null, phone: string | null, kind: string | null) =>
  number ? ({ number, name: name ?? number, phone, kind: kind ?? '' } satisfies ChargebackParty) : null;

async function postingLines(db: Db, transactionId: number): Promise<PostingLine[]> {
  const rows = await queryRows<{
    number: string;
    label: string;
    kind: string;
    status: string;
    amount: number | string;
  }>(
    db,
    sql`SELECT a.number, a.label, a.kind, a.status, p.amount FROM postings p JOIN accounts a ON a.id = p.account_id
        WHERE p.transaction_id = ${transactionId} ORDER BY p.id`,
  );
  return rows.map((r) => ({
    number: r.number,
    name: r.label,
    kind: r.kind,
    status: r.status,
    amount: Number(r.amount),
  }));
}

async function describeTransaction(db: Db, row: TxRow): Promise<ChargebackTransaction> {
  return {
    reference: row.reference,
    type: row.type,
    service: row.service,
    status: row.status,
    amount: Number(row.amount),
    fee: Number(row.fee),
    commission: Number(row.commission),
    createdAt: isoTimestamp(row.created_at),
    from: party(row.from_number, row.from_name, row.from_phone, row.from_kind),
    to: party(row.to_number, row.to_name, row.to_phone, row.to_kind),
    postings: await postingLines(db, Number(row.id)),
  };
}

async function transactionByReference(db: Db, reference: string): Promise<TxRow> {
  const [row] = await queryRows<TxRow>(db, sql`${SELECT_TX} WHERE t.reference = ${reference}`);
  if (!row) throw transactionNotFound(reference);
  return row;
}

/** A chargeback already asked for this transaction and not rejected (at most one: a unique index). */
async function liveChargebackOf(db: Db, transactionId: number) {
  const [row] = await queryRows<{ id: number; status: ChargebackStatus }>(
    db,
    sql`SELECT id, status FROM chargebacks WHERE original_transaction_id = ${transactionId} AND status <> 'rejected'`,
  );
  return row ? { id: Number(row.id), status: row.status } : null;
}

function refusalOf(
  tx: Pick<ChargebackTransaction, 'reference' | 'type' | 'status'> & {
    postings: readonly { status?: string; number?: string; name?: string }[];
  },
  existing: { id: number; status: ChargebackStatus } | null,
): { code: ChargebackRefusalCode; message: string } | null {
  if (tx.type === CHARGEBACK_TYPE) {
    return {
      code: 'CHARGEBACK_OF_REVERSAL',
      message: `${tx.reference} is itself a chargeback: a reversal is not reversed. Ask for a new transfer instead.`,
    };
  }
  if (tx.status !== 'success') {
    return {
      code: 'TRANSACTION_NOT_SUCCESSFUL',
      message: `${tx.reference} is ${tx.status}: only a successful transaction moved money that can be given back.`,
    };
  }
  if (tx.type === 'opening' || tx.postings.length === 0) {
    return {
      code: 'NOT_REVERSIBLE',
      message: `${tx.reference} is an opening balance, not a customer transaction: it cannot be charged back.`,
    };
  }
  const closed = tx.postings.find((p) => p.status === 'closed');
  if (closed) {
    return {
      code: 'ACCOUNT_CLOSED',
      message: `${closed.name} (${closed.number}) is closed: no money can be given back to or taken from it. Settle it outside the wallet.`,
    };
  }
  if (existing) {
    return {
      code: 'CHARGEBACK_EXISTS',
      message:
        existing.status === 'approved'
          ? `${tx.reference} has already been charged back.`
          : `A chargeback of ${tx.reference} is already waiting for a checker.`,
    };
  }
  return null;
}

const refusalError = (refusal: { code: ChargebackRefusalCode; message: string }) =>
  new ApiError(409, refusal.code, 'Chargeback not possible', refusal.message);

/** The transaction behind a reference, and whether (and why not) it can be charged back. */
export async function lookupTransaction(db: Db, reference: string): Promise<ChargebackLookup> {
  const row = await transactionByReference(db, reference);
  const transaction = await describeTransaction(db, row);
  const existing = await liveChargebackOf(db, Number(row.id));
  return { transaction, existing, refusal: refusalOf(transaction, existing) };
}

// ---- Views ----

interface ChargebackRow {
  id: number | string;
  status: ChargebackStatus;
  reason: string;
  maker: string;
  maker_user_id: number;
  created_at: string | Date;
  checker: string | null;
  decision_reason: string | null;
  decided_at: string | Date | null;
  reversal_reference: string | null;
  original_transaction_id: number | string;
}

const SELECT_CHARGEBACKS = sql`
  SELECT c.id, c.status, c.reason, mu.name AS maker, c.maker_user_id, c.created_at, cu.name AS checker,
         c.decision_reason, c.decided_at, r.reference AS reversal_reference, c.original_transaction_id
  FROM chargebacks c
  JOIN transactions o ON o.id = c.original_transaction_id
  JOIN users mu ON mu.id = c.maker_user_id
  LEFT JOIN users cu ON cu.id = c.checker_user_id
  LEFT JOIN transactions r ON r.id = c.reversal_transaction_id`;

async function toView(db: Db, row: ChargebackRow, caller: SessionUser): Promise<ChargebackView> {
  const [original] = await queryRows<TxRow>(db, sql`${SELECT_TX} WHERE t.id = ${row.original_transaction_id}`);
  if (!original) throw new Error(`The original transaction of chargeback ${row.id} is missing`);
  return {
    id: Number(row.id),
    status: row.status,
    reason: row.reason,
    maker: row.maker,
    createdAt: isoTimestamp(row.created_at),
    checker: row.checker,
    decisionReason: row.decision_reason,
    decidedAt: row.decided_at ? isoTimestamp(row.decided_at) : null,
    original: await describeTransaction(db, original),
    reversalReference: row.reversal_reference,
    canDecide: row.status === 'pending' && row.maker_user_id !== caller.userId,
  };
}

export async function chargebackView(db: Db, id: number, caller: SessionUser): Promise<ChargebackView> {
  const [row] = await queryRows<ChargebackRow>(db, sql`${SELECT_CHARGEBACKS} WHERE c.id = ${id}`);
  if (!row) throw chargebackNotFound();
  return toView(db, row, caller);
}

export interface ChargebackFilters {
  status?: ChargebackStatus | 'all' | '';
  from?: string;
  to?: string;
  q?: string;
  page: number;
  pageSize: number;
}

/** Chargebacks newest first, filtered by status, the day asked and a reference or maker. */
export async function listChargebacks(db: Db, caller: SessionUser, f: ChargebackFilters): Promise<ChargebackPage> {
  const where = [sql`TRUE`];
  if (f.status && f.status !== 'all') where.push(sql`c.status = ${f.status}`);
  if (f.from) where.push(sql`c.created_at >= ${`${f.from}T00:00:00Z`}::timestamptz`);
  if (f.to) where.push(sql`c.created_at < ${`${f.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
  const q = f.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    where.push(sql`(o.reference ILIKE ${pattern} OR r.reference ILIKE ${pattern} OR mu.name ILIKE ${pattern}
                    OR mu.username ILIKE ${pattern} OR c.reason ILIKE ${pattern} OR c.decision_reason ILIKE ${pattern})`);
  }
  const condition = sql.join(where, sql` AND `);
  return queryPage(
    db,
    f,
    {
      count: sql`SELECT count(*) AS total FROM (${SELECT_CHARGEBACKS} WHERE ${condition}) x`,
      rows: sql`${SELECT_CHARGEBACKS} WHERE ${condition} ORDER BY c.created_at DESC, c.id DESC`,
    },
    (row: ChargebackRow) => toView(db, row, caller),
  );
}

// ---- Asking ----

export async function requestChargeback(
  db: Db,
  input: { reference: string; reason: string; caller: SessionUser; now: Date; audit: Audit },
): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const row = await transactionByReference(t, input.reference);
    const transaction = await describeTransaction(t, row);
    const refusal = refusalOf(transaction, await liveChargebackOf(t, Number(row.id)));
    if (refusal) throw refusalError(refusal);
    // The unique index on live chargebacks settles two makers asking at the same moment.
    const [created] = await t
      .insert(chargebacks)
      .values({
        originalTransactionId: Number(row.id),
        reason: input.reason,
        status: 'pending',
        makerUserId: input.caller.userId,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ id: chargebacks.id });
    if (!created) {
      throw refusalError({
        code: 'CHARGEBACK_EXISTS',
        message: `A chargeback of ${input.reference} is already waiting for a checker.`,
      });
    }
    await input.audit(t, {
      action: 'chargeback.request',
      targetType: 'transaction',
      targetId: input.reference,
      details: { chargebackId: created.id, reason: input.reason, amount: transaction.amount },
    });
    return created.id;
  });
}

// ---- Deciding ----

export interface DecideInput {
  id: number;
  decision: 'approve' | 'reject';
  reason: string;
  caller: SessionUser;
  channel: string;
  requestId: string | null;
  now: Date;
  audit: Audit;
}

const named = (a: AccountRow) => `${a.label} (${a.number})`;

function cannotPost(account: AccountRow, debit: number): ApiError {
  const holds = account.kind === 'customer' ? 'no longer holds' : `holds ${xof(account.balance)}, not`;
  return new ApiError(
    409,
    'CHARGEBACK_INSUFFICIENT_FUNDS',
    'Cannot reverse now',
    `${named(account)} ${holds} the ${xof(debit)} this reversal takes back. The chargeback stays pending: approve it once the money is there, or reject it.`,
  );
}

const accountClosed = (account: AccountRow) =>
  new ApiError(
    409,
    'ACCOUNT_CLOSED',
    'Account closed',
    `${named(account)} is closed: no money can be given back to or taken from it. Reject this chargeback and settle it outside the wallet.`,
  );

/**
 * Posts the reversal of a transaction as a new one: every posting of the original, negated, in
 * one database transaction with the accounts locked in the ledger's global order, balances
 * checked under the locks by the ledger's own rule (only e-money issuance may go below zero),
 * and the same audit row as any posting. Returns the new transaction's id.
 */
async function postReversal(t: Db, chargeback: typeof chargebacks.$inferSelect, input: DecideInput): Promise<number> {
  const [original] = await t.select().from(transactions).where(eq(transactions.id, chargeback.originalTransactionId));
  if (!original) throw new Error(`Chargeback ${chargeback.id} has no original transaction`);
  const lines = await t
    .select({ accountId: postings.accountId, amount: postings.amount })
    .from(postings)
    .where(eq(postings.transactionId, original.id))
    .orderBy(postings.id);
  // Checked again under the chargeback's lock: what was asked must still be reversible.
  // (Account statuses are checked under the row locks below.)
  const refusal = refusalOf({ ...original, postings: lines.map(() => ({})) }, null);
  if (refusal) throw refusalError(refusal);

  const locked = await lockAccounts(
    t,
    lines.map((l) => l.accountId),
  );
  const delta = new Map<number, number>();
  for (const line of lines) delta.set(line.accountId, (delta.get(line.accountId) ?? 0) - line.amount);
  for (const [id, change] of delta) {
    const account = locked.get(id);
    if (!account) throw new Error(`Account ${id} of ${original.reference} is missing`);
    if (account.status === 'closed') throw accountClosed(account);
    if (change < 0) {
      try {
        checkFunds(account, -change);
      } catch {
        throw cannotPost(account, -change);
      }
    }
  }

  const reference = await nextReference(t, input.now);
  const [reversal] = await t
    .insert(transactions)
    .values({
      reference,
      type: CHARGEBACK_TYPE,
      service: CHARGEBACK_TYPE,
      status: 'success',
      amount: original.amount,
      fee: 0,
      commission: 0,
      // The money goes back: from whoever received it to whoever paid.
      fromAccountId: original.toAccountId,
      toAccountId: original.fromAccountId,
      initiatorUserId: chargeback.makerUserId,
      channel: input.channel,
      bankId: original.bankId,
      network: original.network,
      memberId: original.memberId,
      details: {
        originalReference: original.reference,
        chargebackId: String(chargeback.id),
        reversedFee: String(original.fee),
        reversedCommission: String(original.commission),
      },
      createdAt: input.now,
    })
    .returning({ id: transactions.id });
  if (!reversal) throw new Error('The reversal transaction was not inserted');

  await t.insert(postings).values(
    lines.map((l) => ({
      transactionId: reversal.id,
      accountId: l.accountId,
      amount: -l.amount,
      createdAt: input.now,
    })),
  );
  const balances: { number: string; before: number; after: number }[] = [];
  for (const [id, change] of delta) {
    const account = locked.get(id) as AccountRow;
    if (change !== 0) {
      await t
        .update(accounts)
        .set({ balance: sql`${accounts.balance} + ${change}`, lastActivityAt: input.now })
        .where(eq(accounts.id, id));
    }
    balances.push({ number: account.number, before: account.balance, after: account.balance + change });
  }
  await t.insert(transferAudit).values({
    transactionId: reversal.id,
    userId: input.caller.userId,
    channel: input.channel,
    requestId: input.requestId,
    at: input.now,
    balances,
  });
  return reversal.id;
}

/**
 * Approves (posts the reversal) or rejects a pending chargeback. Nobody decides their own; a
 * refusal changes nothing, so a chargeback that cannot be posted now stays pending.
 */
export async function decideChargeback(db: Db, input: DecideInput): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t.select().from(chargebacks).where(eq(chargebacks.id, input.id)).for('update');
    if (!row) throw chargebackNotFound();
    if (row.makerUserId === input.caller.userId) throw makerCannotDecide();
    if (row.status !== 'pending') throw alreadyDecided(row.status);
    const decided = { checkerUserId: input.caller.userId, decisionReason: input.reason, decidedAt: input.now };
    if (input.decision === 'reject') {
      await t
        .update(chargebacks)
        .set({ ...decided, status: 'rejected' })
        .where(eq(chargebacks.id, row.id));
    } else {
      const reversalId = await postReversal(t, row, input);
      await t
        .update(chargebacks)
        .set({ ...decided, status: 'approved', reversalTransactionId: reversalId })
        .where(eq(chargebacks.id, row.id));
    }
    await input.audit(t, {
      action: input.decision === 'approve' ? 'chargeback.approve' : 'chargeback.reject',
      targetType: 'chargeback',
      targetId: row.id,
      details: { reason: input.reason, originalTransactionId: row.originalTransactionId },
    });
  });
}
