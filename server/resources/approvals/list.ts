import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApprovalFilterQuery, ApprovalView } from '../../../contract/api/approvals';
import type { ApprovalStatus, TransferFlowId } from '../../../contract/transfers';
import type { Db } from '../../db/database';
import { accounts, approvalRequests, transactions, users } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';
import { decisionRefusal } from '../../ledger/decide';
import { containsPattern, digitsOf, MIN_PHONE_DIGITS, nameContains } from '../../domain/search/patterns';

const source = alias(accounts, 'source');
const counterparty = alias(accounts, 'counterparty');
const destination = alias(accounts, 'destination');
const maker = alias(users, 'maker');
const checker = alias(users, 'checker');

const viewFields = {
  id: approvalRequests.id,
  flow: approvalRequests.flowId,
  status: approvalRequests.status,
  reference: transactions.reference,
  amount: approvalRequests.amount,
  fee: approvalRequests.fee,
  source: { number: source.number, name: source.label, phone: source.phone, kind: source.kind },
  counterparty: {
    number: counterparty.number,
    name: counterparty.label,
    phone: counterparty.phone,
    kind: counterparty.kind,
  },
  destination: {
    number: destination.number,
    name: destination.label,
    phone: destination.phone,
    kind: destination.kind,
  },
  maker: maker.name,
  makerUserId: approvalRequests.makerUserId,
  bankId: approvalRequests.bankId,
  createdAt: approvalRequests.createdAt,
  expiresAt: approvalRequests.expiresAt,
  checker: checker.name,
  decidedAt: approvalRequests.decidedAt,
  reason: approvalRequests.reason,
};

/** The requests the caller may follow: admins all, a bank its own bank's, anyone else its own. */
function visibleTo(caller: SessionUser): SQL | undefined {
  if (caller.group === 'admin') return undefined;
  if (caller.group === 'bank') return eq(approvalRequests.bankId, caller.bankId ?? -1);
  return eq(approvalRequests.makerUserId, caller.userId);
}

function search(q: string): SQL | undefined {
  const pattern = containsPattern(q);
  const digits = digitsOf(q);
  return or(
    ilike(transactions.reference, pattern),
    nameContains(maker.name, q),
    ilike(maker.username, pattern),
    ilike(counterparty.number, pattern),
    nameContains(counterparty.label, q),
    digits.length >= MIN_PHONE_DIGITS
      ? sql`regexp_replace(coalesce(${counterparty.phone}, ''), '\\D', '', 'g') LIKE ${`%${digits}%`}`
      : undefined,
  );
}

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

function query(db: Db) {
  return db
    .select(viewFields)
    .from(approvalRequests)
    .innerJoin(transactions, eq(transactions.id, approvalRequests.transactionId))
    .innerJoin(source, eq(source.id, approvalRequests.sourceAccountId))
    .innerJoin(counterparty, eq(counterparty.id, approvalRequests.counterpartyAccountId))
    .innerJoin(destination, eq(destination.id, approvalRequests.destinationAccountId))
    .innerJoin(maker, eq(maker.id, approvalRequests.makerUserId))
    .leftJoin(checker, eq(checker.id, approvalRequests.checkerUserId));
}

type Row = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];

function toView(row: Row, caller: SessionUser): ApprovalView {
  const { makerUserId, bankId, ...view } = row;
  return {
    ...view,
    flow: view.flow as TransferFlowId,
    status: view.status as ApprovalStatus,
    createdAt: view.createdAt.toISOString(),
    expiresAt: view.expiresAt.toISOString(),
    decidedAt: view.decidedAt?.toISOString() ?? null,
    canDecide:
      view.status === 'pending' && decisionRefusal(caller, { makerUserId, bankId, flowId: view.flow }) === null,
  };
}

export async function listApprovals(db: Db, caller: SessionUser, filters: ApprovalFilterQuery) {
  const where = and(
    visibleTo(caller),
    !filters.status || filters.status === 'all' ? undefined : eq(approvalRequests.status, filters.status),
    filters.flow ? eq(approvalRequests.flowId, filters.flow) : undefined,
    filters.from ? gte(approvalRequests.createdAt, dayStart(filters.from)) : undefined,
    filters.to ? lt(approvalRequests.createdAt, new Date(dayStart(filters.to).getTime() + 86_400_000)) : undefined,
    filters.q ? search(filters.q) : undefined,
  );
  const [totals] = await db
    .select({ n: count() })
    .from(approvalRequests)
    .innerJoin(transactions, eq(transactions.id, approvalRequests.transactionId))
    .innerJoin(counterparty, eq(counterparty.id, approvalRequests.counterpartyAccountId))
    .innerJoin(maker, eq(maker.id, approvalRequests.makerUserId))
    .where(where);
  const rows = await query(db)
    .where(where)
    .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
    .limit(filters.pageSize)
    .offset((filters.page - 1) * filters.pageSize);
  return {
    rows: rows.map((r) => toView(r, caller)),
    total: totals?.n ?? 0,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

/** The requests among these ids the caller may see, as it sees them. */
export async function approvalViews(db: Db, caller: SessionUser, ids: number[]): Promise<ApprovalView[]> {
  if (ids.length === 0) return [];
  const rows = await query(db).where(and(visibleTo(caller), inArray(approvalRequests.id, ids)));
  return rows.map((r) => toView(r, caller));
}

/** Every pending request the caller may follow, oldest first, with who made it and for which bank. */
export async function waitingApprovals(db: Db, caller: SessionUser, limit: number) {
  const rows = await query(db)
    .where(and(visibleTo(caller), eq(approvalRequests.status, 'pending')))
    .orderBy(approvalRequests.createdAt, approvalRequests.id)
    .limit(limit);
  return rows.map((row) => ({ view: toView(row, caller), makerUserId: row.makerUserId, bankId: row.bankId }));
}
