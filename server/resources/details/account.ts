import { eq, sql } from 'drizzle-orm';
import { listKindOf, mayReview } from '../../../contract/kyc';
import type { AccountDetail } from '../../../contract/details';
import type { Db } from '../../db/database';
import { isoTimestamp, queryRows } from '../../db/query';
import { accounts } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import type { SessionUser } from '../../lib/session-user';
import { loadAccountDetail as loadKycDetail } from '../../domain/kyc/detail';
import type { Visibility } from '../../domain/report-scope/visibility';

const accountNotFound = (number: string) =>
  new ApiError(404, 'ACCOUNT_NOT_FOUND', 'Account not found', `None of your reports lists the account ${number}.`);

const iso = (value: string | Date | null) => (value === null ? null : isoTimestamp(value));

/** The account's transactions that the caller's reports list, newest first. */
async function historyOf(db: Db, accountId: number, visible: Visibility, page: number, pageSize: number) {
  const where = sql`(t.from_account_id = ${accountId} OR t.to_account_id = ${accountId}) AND ${visible.transactions}`;
  const from = sql`transactions t LEFT JOIN accounts fa ON fa.id = t.from_account_id LEFT JOIN accounts ta ON ta.id = t.to_account_id`;
  const [rows, [count]] = await Promise.all([
    queryRows<{
      reference: string;
      created_at: Date | string;
      type: string;
      status: string;
      amount: string | number;
      fee: string | number;
      incoming: boolean;
      number: string | null;
      name: string | null;
      phone: string | null;
      kind: string | null;
    }>(
      db,
      sql`SELECT t.reference, t.created_at, t.type, t.status, t.amount, t.fee, t.to_account_id = ${accountId} AS incoming,
                 CASE WHEN t.to_account_id = ${accountId} THEN fa.number ELSE ta.number END AS number,
                 CASE WHEN t.to_account_id = ${accountId} THEN fa.label ELSE ta.label END AS name,
                 CASE WHEN t.to_account_id = ${accountId} THEN fa.phone ELSE ta.phone END AS phone,
                 CASE WHEN t.to_account_id = ${accountId} THEN fa.kind ELSE ta.kind END AS kind
          FROM ${from} WHERE ${where} ORDER BY t.created_at DESC, t.id DESC
          LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    ),
    queryRows<{ n: string | number }>(db, sql`SELECT count(*) AS n FROM ${from} WHERE ${where}`),
  ]);
  return {
    rows: rows.map((r) => ({
      reference: r.reference,
      createdAt: isoTimestamp(r.created_at),
      type: r.type,
      status: r.status,
      amount: Number(r.amount),
      fee: Number(r.fee),
      direction: r.incoming ? ('in' as const) : ('out' as const),
      counterparty: r.number
        ? { number: r.number, name: r.name ?? r.number, phone: r.phone, kind: r.kind ?? '' }
        : null,
    })),
    total: Number(count?.n ?? 0),
    page,
    pageSize,
  };
}

async function migrationsOf(db: Db, accountId: number) {
  const rows = await queryRows<{
    kind: string;
    from_value: string;
    to_value: string;
    reason: string;
    by: string;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT m.kind, m.from_value, m.to_value, m.reason, u.name AS by, m.created_at FROM wallet_migrations m
        JOIN users u ON u.id = m.user_id WHERE m.account_id = ${accountId} ORDER BY m.created_at DESC, m.id DESC`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    fromValue: r.from_value,
    toValue: r.to_value,
    reason: r.reason,
    by: r.by,
    at: isoTimestamp(r.created_at),
  }));
}

async function qrCodesOf(db: Db, accountId: number) {
  const rows = await queryRows<{
    code: string;
    amount: string | number | null;
    created_at: Date | string;
    unlinked_at: Date | string | null;
  }>(
    db,
    sql`SELECT code, amount, created_at, unlinked_at FROM merchant_qr_codes WHERE account_id = ${accountId} ORDER BY created_at DESC, id DESC`,
  );
  return rows.map((r) => ({
    code: r.code,
    amount: r.amount === null ? null : Number(r.amount),
    createdAt: isoTimestamp(r.created_at),
    unlinkedAt: iso(r.unlinked_at),
  }));
}

/** One account, if a report the caller can open lists it; 404 otherwise. */
export async function loadAccountDetail(
  db: Db,
  input: { number: string; page: number; pageSize: number },
  caller: SessionUser,
  visible: Visibility,
  links: readonly string[],
  customerDailyLimit: number,
): Promise<AccountDetail> {
  const [found] = await queryRows<{ id: number; bank: string | null; last_activity_at: Date | string | null }>(
    db,
    sql`SELECT a.id, b.name AS bank, a.last_activity_at FROM accounts a LEFT JOIN banks b ON b.id = a.bank_id
        WHERE a.number = ${input.number} AND ${visible.accounts}`,
  );
  if (!found) throw accountNotFound(input.number);
  const [account] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.id, Number(found.id)));
  if (!account) throw accountNotFound(input.number);
  const [kyc, history, migrations, qrCodes] = await Promise.all([
    loadKycDetail(db, account, caller, customerDailyLimit),
    historyOf(db, account.id, visible, input.page, input.pageSize),
    migrationsOf(db, account.id),
    qrCodesOf(db, account.id),
  ]);
  const reviewList = listKindOf(account.kind);
  const actions: AccountDetail['actions'] =
    reviewList && mayReview(caller.group, account.kind) && links.includes(`/${reviewList}`)
      ? [{ id: 'kycReview', path: `/${reviewList}` }]
      : [];
  return {
    number: account.number,
    holder: account.label,
    phone: account.phone,
    kind: account.kind,
    status: account.status,
    kycStatus: account.kycStatus,
    pinStatus: account.pinStatus,
    region: account.region,
    network: account.network,
    bank: found.bank,
    parent: kyc.account.parent ? { number: kyc.account.parent.number, name: kyc.account.parent.label } : null,
    balance: account.balance,
    createdAt: account.createdAt.toISOString(),
    activatedAt: account.activatedAt?.toISOString() ?? null,
    lastActivityAt: iso(found.last_activity_at),
    limits: kyc.account.limits,
    registration: kyc.identity
      ? {
          firstName: kyc.identity.firstName,
          lastName: kyc.identity.lastName,
          nationalId: kyc.identity.nationalId,
          registeredBy: kyc.identity.registeredBy,
          registeredAt: kyc.identity.registeredAt,
          enrollingAgent: kyc.identity.enrollingAgent,
        }
      : null,
    documents: kyc.documents.map((d) => ({
      id: d.id,
      type: d.type,
      fileName: d.fileName,
      uploadedBy: d.uploadedBy,
      createdAt: d.createdAt,
    })),
    kycDecisions: kyc.decisions.map((d) => ({
      decision: d.decision,
      reason: d.reason,
      reviewer: d.reviewer,
      at: d.at,
    })),
    migrations,
    qrCodes,
    transactions: history,
    actions,
  };
}
