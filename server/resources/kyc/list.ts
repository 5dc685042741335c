import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { KycDecision, KycStatus, ReviewedAccountKind, kycListQuerySchema } from '../../../contract/kyc';
import type { KycListPage, KycListRow } from '../../../contract/api/kyc';
import { NATIONAL_ID_PATTERN } from '../../../contract/senegal-formats';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/query';
import { accountMatch, digitsOf, nameContains } from '../../domain/search/patterns';
import { notHeldByOthers } from '../../domain/presence/presence';

/** Who is asking, and when: "approve and next" skips the accounts others have open at that moment. */
interface Caller {
  userId: number;
  now: Date;
}

type ListQuery = z.output<typeof kycListQuerySchema>;

/** Sort keys of the contract and what they order by, over `a`/`p` (the page) or `page` (its rows). */
const SORT_COLUMNS: Record<ListQuery['sort'], [inner: string, outer: string]> = {
  createdAt: ['a.created_at', 'page.created_at'],
  name: ['lower(a.label)', 'lower(page.label)'],
  number: ['a.number', 'page.number'],
  kycStatus: ['a.kyc_status', 'page.kyc_status'],
  region: ['lower(coalesce(p.region, a.region))', 'lower(page.region)'],
};

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/**
 * What the search box finds: the end of a phone number, an account number or holder name
 * (the reports' own matching, served by the same indexes), a whole national ID number, or the
 * first and last names of the profile.
 */
function searchCondition(q: string): SQL {
  const byAccount = accountMatch(q, sql`a`);
  const nationalId = digitsOf(q);
  if (/^[\d\s+]+$/.test(q)) {
    return NATIONAL_ID_PATTERN.test(nationalId) ? sql`(${byAccount} OR p.national_id = ${nationalId})` : byAccount;
  }
  return sql`(${byAccount} OR ${nameContains(sql`(p.first_name || ' ' || p.last_name)`, q)})`;
}

function filters(kind: ReviewedAccountKind, query: ListQuery, caller: Caller): SQL {
  const where: SQL[] = [sql`a.kind = ${kind}`];
  if (query.skipHeld === 'true') where.push(notHeldByOthers(sql`a.number`, caller.userId, caller.now));
  if (query.q) where.push(searchCondition(query.q));
  if (query.kycStatus) where.push(sql`a.kyc_status = ${query.kycStatus}`);
  if (query.from) where.push(sql`a.created_at >= ${`${query.from}T00:00:00.000Z`}::timestamptz`);
  if (query.to) where.push(sql`a.created_at < ${nextDay(query.to)}::timestamptz`);
  if (query.region) {
    where.push(sql`(lower(a.region) = lower(${query.region}) OR lower(p.region) = lower(${query.region}))`);
  }
  if (query.agent) {
    const agent = sql`(SELECT id FROM accounts WHERE number = ${query.agent.toUpperCase()} AND kind = 'agent')`;
    where.push(sql`(p.enrolling_agent_account_id = ${agent} OR a.parent_account_id = ${agent})`);
  }
  return sql.join(where, sql` AND `);
}

interface Row {
  number: string;
  label: string;
  phone: string | null;
  region: string | null;
  national_id: string | null;
  kyc_status: KycStatus;
  status: string;
  created_at: Date | string;
  documents: number | string;
  decision_id: number | null;
  decision: KycDecision | null;
  reason: string | null;
  decided_at: Date | string | null;
  reviewer: string | null;
  reviewer_username: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toRow(r: Row): KycListRow {
  return {
    number: r.number,
    name: r.label,
    phone: r.phone,
    region: r.region,
    nationalId: r.national_id,
    kycStatus: r.kyc_status,
    status: r.status,
    createdAt: iso(r.created_at),
    documents: Number(r.documents),
    lastDecision:
      r.decision && r.decided_at && r.decision_id !== null
        ? {
            id: Number(r.decision_id),
            decision: r.decision,
            reason: r.reason,
            reviewer: r.reviewer ?? '',
            reviewerUsername: r.reviewer_username ?? '',
            at: iso(r.decided_at),
          }
        : null,
  };
}

/**
 * One page of a review list. The page's accounts are chosen first; their document counts and
 * latest decisions are then read for those rows only, so a large list costs one page's worth.
 */
export async function listKycAccounts(
  db: Db,
  kind: ReviewedAccountKind,
  query: ListQuery,
  caller: Caller,
): Promise<KycListPage> {
  const where = filters(kind, query, caller);
  const [inner, outer] = SORT_COLUMNS[query.sort];
  const dir = query.dir === 'asc' ? 'ASC' : 'DESC';
  const [count] = await queryRows<{ total: number | string }>(
    db,
    sql`SELECT count(*) AS total FROM accounts a LEFT JOIN account_profiles p ON p.account_id = a.id WHERE ${where}`,
  );
  const rows = await queryRows<Row>(
    db,
    sql`
      WITH page AS (
        SELECT a.id, a.number, a.label, a.phone, coalesce(p.region, a.region) AS region, p.national_id,
               a.kyc_status, a.status, a.created_at
        FROM accounts a LEFT JOIN account_profiles p ON p.account_id = a.id
        WHERE ${where}
        ORDER BY ${sql.raw(`${inner} ${dir}, a.id ${dir}`)}
        LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}
      )
      SELECT page.*,
             (SELECT count(*) FROM kyc_documents d WHERE d.account_id = page.id) AS documents,
             last.id AS decision_id, last.decision, last.reason, last.created_at AS decided_at,
             u.name AS reviewer, u.username AS reviewer_username
      FROM page
      LEFT JOIN LATERAL (
        SELECT k.id, k.decision, k.reason, k.created_at, k.reviewer_user_id FROM kyc_decisions k
        WHERE k.account_id = page.id ORDER BY k.created_at DESC, k.id DESC LIMIT 1
      ) last ON true
      LEFT JOIN users u ON u.id = last.reviewer_user_id
      ORDER BY ${sql.raw(`${outer} ${dir}, page.id ${dir}`)}
    `,
  );
  return { rows: rows.map(toRow), total: Number(count?.total ?? 0), page: query.page, pageSize: query.pageSize };
}
