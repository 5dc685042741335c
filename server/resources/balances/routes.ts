import { sql } from 'drizzle-orm';
import * as operations from '../../../contract/api/balances';
import type { GroupKey } from '../../../contract/groups';
import { queryRows } from '../../db/query';
import { ApiError, forbiddenError, notFoundError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';

/** Which account each balance page shows, and which groups may see it. */
const BALANCES: Record<string, { account: (memberId?: string) => string; groups: readonly GroupKey[] }> = {
  'edk-distribution': { account: () => 'NET-EDK-DISTRIBUTION', groups: ['edkMaster'] },
  'edk-tefess': { account: () => 'NET-TEFESS', groups: ['edkMaster', 'tefessMaster'] },
  'edk-low-price': { account: () => 'NET-LOW-PRICE', groups: ['edkMaster', 'lowPriceMaster'] },
  'edk-djoloff': { account: () => 'NET-DJOLOFF', groups: ['edkMaster', 'djoloffMaster'] },
  'gerant-low-price': { account: () => 'STN-LOW-PRICE', groups: ['gerantLowPrice'] },
  'gerant-tefess': { account: () => 'STN-TEFESS', groups: ['gerantTefess'] },
  'gerant-djoloff': { account: () => 'STN-DJOLOFF', groups: ['gerantDjoloff'] },
  'dakar-dem-dikk': { account: () => 'PRT-DAKAR_DEM_DIKK', groups: ['dddReportAdmin'] },
  'aftu-partner': { account: (memberId) => `AFTU-${memberId ?? ''}`, groups: ['aftuMaster'] },
  'remaining-bank-bbg': { account: () => 'BNK-BBG', groups: ['admin'] },
  'remaining-bank-bis': { account: () => 'BNK-BIS', groups: ['admin'] },
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function balanceRoutes() {
  const router = createRouter();
  router.use('/balances/*', requireSession());

  router.openapi(routeFor(operations.getBalance), async (c) => {
    const { balanceId } = c.req.valid('param');
    const query = c.req.valid('query');
    const def = BALANCES[balanceId];
    if (!def) throw notFoundError('There is no such balance page.');
    const user = c.get('user');
    const { db, clock } = c.get('deps');
    if (!def.groups.includes(user.group)) throw forbiddenError('Your user group may not see this balance.');
    if (balanceId === 'aftu-partner') {
      if (!query.memberId) throw new ApiError(400, 'MEMBER_REQUIRED', 'Member required', 'Choose a member.');
      const owned = await queryRows(
        db,
        sql`SELECT 1 FROM associated_members WHERE broker_user_id = ${user.userId} AND member_id = ${query.memberId}`,
      );
      if (owned.length === 0) throw forbiddenError('This member is not associated with your account.');
    }
    const today = clock.now();
    const to = query.to ?? isoDay(today);
    const from = query.from ?? isoDay(new Date(today.getTime() - 29 * 86_400_000));
    if (from > to)
      throw new ApiError(400, 'VALIDATION_FAILED', 'Invalid input', 'from: The start date is after the end date');
    const [account] = await queryRows<{ id: number; number: string; label: string; balance: string | number }>(
      db,
      sql`SELECT id, number, label, balance FROM accounts WHERE number = ${def.account(query.memberId)}`,
    );
    if (!account) throw notFoundError('This account does not exist.');
    const end = sql`(${to}::date + 1)::timestamptz`;
    const [after] = await queryRows<{ net: string | null }>(
      db,
      sql`SELECT sum(amount) AS net FROM postings WHERE account_id = ${account.id} AND created_at >= ${end}`,
    );
    const rows = await queryRows<{ date: string | Date; credits: string; debits: string }>(
      db,
      sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date,
                 sum(CASE WHEN amount > 0 THEN amount ELSE 0 END) AS credits,
                 sum(CASE WHEN amount < 0 THEN -amount ELSE 0 END) AS debits
          FROM postings
          WHERE account_id = ${account.id} AND created_at >= ${from}::date::timestamptz AND created_at < ${end}
          GROUP BY 1 ORDER BY 1`,
    );
    const byDay = new Map(rows.map((r) => [String(r.date), { credits: Number(r.credits), debits: Number(r.debits) }]));
    const closingAtEnd = Number(account.balance) - Number(after?.net ?? 0);
    const credits = rows.reduce((s, r) => s + Number(r.credits), 0);
    const debits = rows.reduce((s, r) => s + Number(r.debits), 0);
    const opening = closingAtEnd - credits + debits;
    const days: { date: string; credits: number; debits: number; closing: number }[] = [];
    let running = opening;
    for (let d = new Date(`${from}T00:00:00Z`); isoDay(d) <= to; d = new Date(d.getTime() + 86_400_000)) {
      const moves = byDay.get(isoDay(d)) ?? { credits: 0, debits: 0 };
      running += moves.credits - moves.debits;
      days.push({ date: isoDay(d), ...moves, closing: running });
    }
    return c.json(
      {
        status: true as const,
        payload: {
          account: { number: account.number, label: account.label },
          currency: 'XOF' as const,
          balance: Number(account.balance),
          opening,
          credits,
          debits,
          days,
        },
      },
      200,
    );
  });

  router.openapi(routeFor(operations.getRepartition), async (c) => {
    const { bankCode } = c.req.valid('param');
    const user = c.get('user');
    if (user.group !== 'admin') throw forbiddenError('Only administrators see the repartition of a bank.');
    const { db } = c.get('deps');
    const [bank] = await queryRows<{ id: number; code: string; name: string; float: string | null }>(
      db,
      sql`SELECT b.id, b.code, b.name, (SELECT balance FROM accounts WHERE number = 'BNK-' || b.code) AS float
          FROM banks b WHERE b.code = ${bankCode}`,
    );
    if (!bank) throw notFoundError('There is no such bank.');
    const rows = await queryRows<{ kind: string; accounts: string; balance: string }>(
      db,
      sql`SELECT kind, count(*) AS accounts, coalesce(sum(balance), 0) AS balance
          FROM accounts WHERE bank_id = ${bank.id} AND kind <> 'bank_float' GROUP BY kind ORDER BY 3 DESC`,
    );
    return c.json(
      {
        status: true as const,
        payload: {
          bank: { code: bank.code, name: bank.name },
          float: Number(bank.float ?? 0),
          rows: rows.map((r) => ({ kind: r.kind, accounts: Number(r.accounts), balance: Number(r.balance) })),
        },
      },
      200,
    );
  });
  return router;
}
