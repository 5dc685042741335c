import { type SQL, sql } from 'drizzle-orm';
import { readDashboardSummary } from '../../../contract/api/dashboard';
import { OWN_ACCOUNT_GROUPS, type SummaryCardId, summaryCardIds } from '../../../contract/dashboard';
import type { GroupKey } from '../../../contract/groups';
import { ACCOUNT_KIND_OF_LIST, mayReview } from '../../../contract/kyc';
import { REPORTS, type TransactionReport } from '../../../contract/reports';
import { SUCCESSFUL_STATUS } from '../../../contract/totals';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/query';
import type { SessionUser } from '../../lib/session-user';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';

/**
 * The services a report-only group's reports cover (Rapido, Orange top-up...), or null when
 * one of its reports spans every service.
 */
function servicesOf(group: GroupKey): string[] | null {
  const reports = REPORTS.filter((r) => r.source === 'transactions' && r.groups.includes(group)) as TransactionReport[];
  if (reports.length === 0 || reports.some((r) => !r.slice.services?.length)) return null;
  return [...new Set(reports.flatMap((r) => r.slice.services ?? []))];
}

function txScope(user: SessionUser): SQL {
  if (OWN_ACCOUNT_GROUPS.includes(user.group)) {
    const own = sql`(SELECT id FROM accounts WHERE owner_user_id = ${user.userId})`;
    return sql`(t.from_account_id IN ${own} OR t.to_account_id IN ${own})`;
  }
  if (user.bankId !== null) return sql`t.bank_id = ${user.bankId}`;
  if (user.group === 'aftuMaster') {
    return sql`t.member_id IN (SELECT member_id FROM associated_members WHERE broker_user_id = ${user.userId})`;
  }
  const services = servicesOf(user.group);
  if (services) {
    return sql`t.service IN (${sql.join(
      services.map((x) => sql`${x}`),
      sql`, `,
    )})`;
  }
  return sql`TRUE`;
}

async function figures(db: Db, user: SessionUser, now: Date) {
  const scope = txScope(user);
  const today = now.toISOString().slice(0, 10);
  const [todayRow] = await queryRows<{ count: string; amount: string | null }>(
    db,
    sql`SELECT count(*) AS count, sum(t.amount) AS amount FROM transactions t
        WHERE t.type <> 'opening' AND t.status = ${SUCCESSFUL_STATUS} AND ${scope}
          AND t.created_at >= ${today}::date::timestamptz AND t.created_at < (${today}::date + 1)::timestamptz`,
  );
  const value: Record<SummaryCardId, () => Promise<{ kind: 'amount' | 'number'; value: number }>> = {
    balance: async () => {
      const [own] = await queryRows<{ balance: string | null }>(
        db,
        sql`SELECT sum(balance) AS balance FROM accounts WHERE owner_user_id = ${user.userId}`,
      );
      return { kind: 'amount', value: Number(own?.balance ?? 0) };
    },
    bankFloat: async () => {
      const [float] = await queryRows<{ balance: string | null }>(
        db,
        sql`SELECT sum(balance) AS balance FROM accounts WHERE bank_id = ${user.bankId} AND kind = 'bank_float'`,
      );
      return { kind: 'amount', value: Number(float?.balance ?? 0) };
    },
    todayCount: async () => ({ kind: 'number', value: Number(todayRow?.count ?? 0) }),
    todayVolume: async () => ({ kind: 'amount', value: Number(todayRow?.amount ?? 0) }),
    // What waits for this reviewer: accounts pending review, of the kinds the group reviews
    // (an account asked for more documents waits for its holder, not for a reviewer).
    pendingKyc: async () => {
      const kinds = Object.values(ACCOUNT_KIND_OF_LIST).filter((kind) => mayReview(user.group, kind));
      const [row] = await queryRows<{ count: string }>(
        db,
        sql`SELECT count(*) AS count FROM accounts WHERE kyc_status = 'pending'
            AND kind IN (${sql.join(
              kinds.map((k) => sql`${k}`),
              sql`, `,
            )})`,
      );
      return { kind: 'number', value: Number(row?.count ?? 0) };
    },
    pendingClosures: async () => {
      const [row] = await queryRows<{ count: string }>(
        db,
        sql`SELECT count(*) AS count FROM closure_requests WHERE status = 'pending'`,
      );
      return { kind: 'number', value: Number(row?.count ?? 0) };
    },
  };
  const cards = [];
  for (const id of summaryCardIds(user)) cards.push({ id, ...(await value[id]()) });
  const days = await queryRows<{ date: string; value: string }>(
    db,
    sql`SELECT to_char(d, 'YYYY-MM-DD') AS date, coalesce(sum(t.amount), 0) AS value
        FROM generate_series(${today}::date - 13, ${today}::date, interval '1 day') d
        LEFT JOIN transactions t ON t.created_at >= d AND t.created_at < d + interval '1 day'
          AND t.type <> 'opening' AND t.status = ${SUCCESSFUL_STATUS} AND ${scope}
        GROUP BY d ORDER BY d`,
  );
  return {
    day: today,
    cards,
    chart: { metric: 'volume' as const, days: days.map((d) => ({ date: d.date, value: Number(d.value) })) },
  };
}

export function dashboardRoutes() {
  const router = createRouter();
  router.use('/dashboard/*', requireSession());
  router.openapi(routeFor(readDashboardSummary), async (c) => {
    const { db, clock } = c.get('deps');
    return c.json({ status: true as const, payload: await figures(db, c.get('user'), clock.now()) }, 200);
  });
  return router;
}
