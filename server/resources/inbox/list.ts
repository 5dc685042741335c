import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { CHANGE_KINDS } from '../../../contract/change-requests';
import { CHARGEBACK_GROUPS } from '../../../contract/chargebacks';
import { hasAdminMenu } from '../../../contract/groups';
import { type BulkKind, bulkOperation } from '../../../contract/bulk';
import type { ChangeKind } from '../../../contract/change-requests';
import type { ExpiredRequest, InboxItem, InboxPage } from '../../../contract/api/inbox';
import { EXPIRED_NOTICE_DAYS, INBOX_KINDS, type InboxKind } from '../../../contract/inbox';
import { ACCOUNT_DETAIL_PATH, TRANSACTION_DETAIL_PATH } from '../../../contract/navigation/detail-routes';
import { MIGRATION_GROUPS } from '../../../contract/wallet-migrations';
import type { Db } from '../../db/database';
import { isoTimestamp, queryRows } from '../../db/query';
import { banks, bulkBatches } from '../../db/schema';
import { isBankFlow } from '../../ledger/approval-requests';
import type { SessionUser } from '../../lib/session-user';
import { waitingApprovals } from '../approvals/index';
import { isAboutCaller } from '../../domain/change-requests/decide';
import { pendingChanges } from '../../domain/change-requests/requests';
import { batchesQuery, batchView, furthestOutsideBands, mayDecideBatches } from '../bulk/index';
import { mayDecideChargeback } from '../chargebacks/index';
import { listMigrations } from '../wallet-migrations/index';
import { isMaker } from '../../lib/maker-checker';
import { expiryOf } from '../../lib/request-lifetime';
import { NO_FACTS } from '../../../contract/api/inbox-facts';
import { changeAbout } from './change-about';
import { changeFacts, type FactsContext, transferFacts, walletFacts } from './facts';
import { nameWarnings } from '../bulk/index';

/** Per kind, at most this many waiting requests are listed: an inbox is worked through, not browsed. */
const LIMIT = 200;

/**
 * An item as its kind reads it: only a transfer request stores its deadline, the others get
 * theirs from the one lifetime; a batch keeps its operation for the fee warnings, and an
 * administrative change its payload, read against the settings in force only for the page.
 */
type Waiting = Omit<InboxItem, 'expiresAt' | 'outsideBands' | 'change'> & {
  expiresAt: string | null;
  bulkKind?: BulkKind;
  asked?: { kind: ChangeKind; payload: unknown };
};

const detail = (pattern: string, value: string) => pattern.replace(/\$\w+$/, encodeURIComponent(value));

async function bankNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: banks.id, name: banks.name }).from(banks);
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function transfers(db: Db, caller: SessionUser): Promise<Waiting[]> {
  const rows = await waitingApprovals(db, caller, LIMIT);
  const names = await bankNames(db);
  return rows.map(({ view, makerUserId, bankId }) => {
    const bank = isBankFlow(view.flow);
    return {
      kind: 'transfer',
      id: String(view.id),
      subject: view.flow,
      reference: view.reference,
      party: view.source.name,
      maker: view.maker,
      mine: isMaker(caller.userId, makerUserId),
      amount: view.amount,
      createdAt: view.createdAt,
      expiresAt: view.expiresAt,
      canDecide: view.canDecide,
      decider: bank ? 'bank-checker' : 'admin',
      deciderBank: bank && bankId !== null ? (names.get(bankId) ?? null) : null,
      detailPath: detail(TRANSACTION_DETAIL_PATH, view.reference),
      facts: transferFacts(view),
    };
  });
}

async function batches(db: Db, caller: SessionUser): Promise<Waiting[]> {
  const waiting = eq(bulkBatches.status, 'awaiting_approval');
  const rows = await batchesQuery(db)
    .where(mayDecideBatches(caller) ? waiting : and(waiting, eq(bulkBatches.userId, caller.userId)))
    .orderBy(bulkBatches.createdAt)
    .limit(LIMIT);
  return rows.map((row) => {
    const view = batchView(row, caller);
    const page = bulkOperation(view.kind)?.path ?? '/bulk-payment';
    return {
      kind: 'bulk',
      id: view.id,
      subject: view.fileName,
      reference: null,
      party: view.sourceName ?? view.source,
      maker: view.maker,
      mine: view.mine,
      // A settings batch moves no money: its amount is not a figure to show.
      amount: view.kind === 'payment' ? view.totalAmount : null,
      createdAt: view.createdAt,
      expiresAt: null,
      canDecide: view.canDecide,
      decider: 'admin',
      deciderBank: null,
      detailPath: `${page}?batch=${encodeURIComponent(view.id)}`,
      bulkKind: view.kind,
      facts:
        view.kind === 'payment' && view.source
          ? {
              ...NO_FACTS,
              payer: { name: view.sourceName ?? view.source, number: view.source, phone: null },
              fee: view.totalFees,
            }
          : NO_FACTS,
    };
  });
}

interface ChargebackRow {
  id: number | string;
  maker_user_id: number | string;
  maker: string;
  created_at: string | Date;
  reference: string;
  amount: number | string;
  from_name: string | null;
  from_number: string | null;
  from_phone: string | null;
  to_name: string | null;
  to_number: string | null;
  to_phone: string | null;
}

/** A chargeback takes the money back: the original receiver pays, the original payer receives. */
const chargebackParty = (name: string | null, number: string | null, phone: string | null) =>
  name === null ? null : { name, number, phone };

async function chargebacks(db: Db, caller: SessionUser): Promise<Waiting[]> {
  if (!CHARGEBACK_GROUPS.includes(caller.group)) return [];
  const rows = await queryRows<ChargebackRow>(
    db,
    sql`SELECT c.id, c.maker_user_id, mu.name AS maker, c.created_at, o.reference, o.amount,
          fa.label AS from_name, fa.number AS from_number, fa.phone AS from_phone,
          ta.label AS to_name, ta.number AS to_number, ta.phone AS to_phone
        FROM chargebacks c
        JOIN transactions o ON o.id = c.original_transaction_id
        JOIN users mu ON mu.id = c.maker_user_id
        LEFT JOIN accounts fa ON fa.id = o.from_account_id
        LEFT JOIN accounts ta ON ta.id = o.to_account_id
        WHERE c.status = 'pending'
        ORDER BY c.created_at, c.id
        LIMIT ${LIMIT}`,
  );
  return rows.map((r) => {
    const mine = !mayDecideChargeback(caller, Number(r.maker_user_id));
    return {
      kind: 'chargeback',
      id: String(r.id),
      subject: r.reference,
      reference: r.reference,
      party: r.from_name,
      maker: r.maker,
      mine,
      amount: Number(r.amount),
      createdAt: isoTimestamp(r.created_at),
      expiresAt: null,
      canDecide: !mine,
      decider: 'chargeback-handler',
      deciderBank: null,
      detailPath: detail(TRANSACTION_DETAIL_PATH, r.reference),
      facts: {
        ...NO_FACTS,
        payer: chargebackParty(r.to_name, r.to_number, r.to_phone),
        payee: chargebackParty(r.from_name, r.from_number, r.from_phone),
      },
    };
  });
}

async function walletChanges(db: Db, caller: SessionUser): Promise<Waiting[]> {
  if (!MIGRATION_GROUPS.includes(caller.group)) return [];
  const page = await listMigrations(db, { status: 'pending', page: 1, pageSize: LIMIT }, caller.userId);
  return page.rows.map((m) => ({
    kind: 'wallet',
    id: String(m.id),
    subject: m.kind,
    reference: m.number,
    party: m.name,
    maker: m.by,
    // A pending change the caller may not decide is one it asked for (canDecide is "not the maker").
    mine: !m.canDecide,
    amount: null,
    createdAt: m.createdAt,
    expiresAt: null,
    canDecide: m.canDecide,
    decider: 'migration-handler',
    deciderBank: null,
    detailPath: detail(ACCOUNT_DETAIL_PATH, m.number),
    facts: walletFacts(m),
  }));
}

async function administrativeChanges(db: Db, caller: SessionUser): Promise<Waiting[]> {
  if (!hasAdminMenu(caller.group)) return [];
  const rows = await pendingChanges(db, CHANGE_KINDS, caller.userId, LIMIT);
  return rows.map((r) => ({
    kind: 'change',
    id: String(r.id),
    subject: r.kind,
    reference: null,
    party: r.summary,
    maker: r.maker,
    mine: r.mine,
    amount: null,
    createdAt: r.createdAt,
    expiresAt: null,
    // Nobody decides a change of their own account either.
    canDecide: !r.mine && !isAboutCaller(r.kind, r.payload, caller.userId),
    decider: 'second-admin',
    deciderBank: null,
    // Where the change's own item is opened comes with what it is about, from its payload.
    detailPath: null,
    facts: NO_FACTS,
    asked: { kind: r.kind, payload: r.payload },
  }));
}

const byUrgency = (a: Waiting, b: Waiting) =>
  Number(b.canDecide) - Number(a.canDecide) || a.createdAt.localeCompare(b.createdAt);

/** Everything that waits and the caller may follow: what it may decide first, then the oldest first. */
async function waitingItems(db: Db, caller: SessionUser): Promise<Waiting[]> {
  // One after another: on PGlite the queries share one connection.
  const lists = [
    await transfers(db, caller),
    await batches(db, caller),
    await chargebacks(db, caller),
    await walletChanges(db, caller),
    await administrativeChanges(db, caller),
  ];
  return lists.flat().sort(byUrgency);
}

/**
 * Every item with its deadline, a fee override's rows outside their bands, a payment batch's
 * name warnings and an administrative change's before → after, what it is about and the link
 * that opens it: what its decider reads.
 */
async function complete(db: Db, items: Waiting[], ctx: FactsContext & { lifetimeMs: number }): Promise<InboxItem[]> {
  const overrides = items.filter((i) => i.bulkKind === 'fee-override').map((i) => i.id);
  const outside = await furthestOutsideBands(db, overrides);
  const payments = items.filter((i) => i.bulkKind === 'payment').map((i) => i.id);
  const warnings = await nameWarnings(db, payments);
  const done: InboxItem[] = [];
  for (const { bulkKind, asked, ...item } of items) {
    const facts = asked ? await changeFacts(db, asked.kind, asked.payload, ctx) : item.facts;
    const about = asked ? await changeAbout(db, asked.kind, asked.payload) : null;
    done.push({
      ...item,
      detailPath: about?.detailPath ?? item.detailPath,
      change: about?.change ?? null,
      expiresAt: item.expiresAt ?? expiryOf(new Date(item.createdAt), ctx.lifetimeMs).toISOString(),
      outsideBands: (bulkKind && outside.get(item.id)) || null,
      facts: { ...facts, warnings: warnings.get(item.id) ?? facts.warnings },
    });
  }
  return done;
}

interface ExpiryRecord {
  kind: string;
  id: string;
  at: string | Date;
  details: Record<string, unknown> | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** Where the maker reads a request of theirs that expired, by what its record kept. */
function expiredDetailPath(
  kind: InboxKind,
  id: string,
  details: Record<string, unknown>,
  about: { detailPath: string | null } | null,
): string | null {
  const reference = text(details.reference);
  switch (kind) {
    case 'transfer':
    case 'chargeback':
      return reference && detail(TRANSACTION_DETAIL_PATH, reference);
    case 'wallet':
      return reference && detail(ACCOUNT_DETAIL_PATH, reference);
    case 'bulk': {
      const page = bulkOperation(text(details.bulkKind) ?? '')?.path;
      return page ? `${page}?batch=${encodeURIComponent(id)}` : null;
    }
    case 'change':
      return about?.detailPath ?? null;
  }
}

/**
 * The caller's own requests that nobody decided in time, as the expiry recorded them in the
 * audit trail (inbox/expiry.ts): that record is the maker's notice, so the two never disagree.
 */
async function expiredRequests(db: Db, caller: SessionUser, now: Date): Promise<ExpiredRequest[]> {
  const since = new Date(now.getTime() - EXPIRED_NOTICE_DAYS * 86_400_000);
  const rows = await queryRows<ExpiryRecord>(
    db,
    sql`SELECT target_type AS kind, target_id AS id, at, details FROM audit_events
        WHERE action = 'request.expire' AND at >= ${since.toISOString()}::timestamptz
          AND details->>'makerUserId' = ${String(caller.userId)}
        ORDER BY at DESC, id DESC
        LIMIT ${LIMIT}`,
  );
  const expired: ExpiredRequest[] = [];
  for (const r of rows) {
    const kind = INBOX_KINDS.find((k) => k === r.kind);
    if (!kind) continue;
    const details = r.details ?? {};
    const amount = details.amount;
    const changeKind = CHANGE_KINDS.find((k) => kind === 'change' && k === details.subject);
    // Records kept before what a change is about was are worded by their summary alone.
    const about = changeKind && 'about' in details ? await changeAbout(db, changeKind, details.about) : null;
    expired.push({
      kind,
      id: r.id,
      subject: text(details.subject) ?? '',
      reference: text(details.reference),
      summary: text(details.summary),
      amount: amount === undefined || amount === null ? null : Number(amount),
      createdAt: isoTimestamp(text(details.createdAt) ?? r.at),
      expiredAt: isoTimestamp(r.at),
      detailPath: expiredDetailPath(kind, r.id, details, about),
      change: about?.change ?? null,
    });
  }
  return expired;
}

export async function inboxPage(
  db: Db,
  caller: SessionUser,
  kind: InboxKind | undefined,
  lifetime: FactsContext & { lifetimeMs: number },
): Promise<InboxPage> {
  const items = await complete(db, await waitingItems(db, caller), lifetime);
  const waiting = { transfer: 0, bulk: 0, chargeback: 0, wallet: 0, change: 0 };
  for (const item of items) if (item.canDecide) waiting[item.kind] += 1;
  const names = caller.bankId === null ? null : await bankNames(db);
  return {
    rows: kind ? items.filter((i) => i.kind === kind) : items,
    waiting,
    bank: caller.bankId === null ? null : (names?.get(caller.bankId) ?? null),
    expired: await expiredRequests(db, caller, lifetime.now),
  };
}

/**
 * How many requests wait for the caller's decision, and a version of everything its inbox lists:
 * it changes whenever a request arrives, leaves or becomes the caller's to decide, even when the
 * count stays the same (one decided elsewhere as another arrives), so an open list knows to load.
 * `listed` holds each listed request as `kind:id`: what the caller may see someone else holding.
 */
export async function waitingSnapshot(
  db: Db,
  caller: SessionUser,
): Promise<{ state: { count: number; version: string }; listed: Set<string> }> {
  const items = await waitingItems(db, caller);
  const listed = items.map((i) => `${i.kind}:${i.id}:${i.canDecide ? 1 : 0}`).sort();
  return {
    state: {
      count: items.filter((i) => i.canDecide).length,
      version: createHash('sha256').update(listed.join('\n')).digest('hex').slice(0, 16),
    },
    listed: new Set(items.map((i) => `${i.kind}:${i.id}`)),
  };
}

export async function waitingState(db: Db, caller: SessionUser): Promise<{ count: number; version: string }> {
  return (await waitingSnapshot(db, caller)).state;
}
