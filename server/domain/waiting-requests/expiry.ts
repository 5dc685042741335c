import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/database';
import type { AppEnv } from '../../http/env';
import { queryRows } from '../../db/query';
import { expireOverdueApprovals } from '../../ledger/approval-requests';
import { overdueBefore } from '../../lib/request-lifetime';

/**
 * Every other kind of waiting request whose lifetime has run out becomes `expired`, and the audit
 * trail records each with its maker, which is how the maker is told (inbox `expired`). One
 * statement: the requests and their records commit together, and two servers sweeping at once
 * expire each request once (the second finds it no longer waiting). An expired batch gives its
 * file back (its content hash is set aside), so the maker can send the same file again.
 */
async function expireOverdueRequests(db: Db, now: Date, lifetimeMs: number): Promise<number> {
  const at = now.toISOString();
  const before = overdueBefore(now, lifetimeMs).toISOString();
  const rows = await queryRows<{ expired: number | string }>(
    db,
    sql`WITH changes AS (
          UPDATE change_requests SET status = 'expired', decided_at = ${at}::timestamptz
          WHERE status = 'pending' AND created_at <= ${before}::timestamptz
          RETURNING 'change'::text AS kind, id::text AS id, maker_user_id, created_at,
                    jsonb_build_object('subject', kind, 'summary', summary, 'about', jsonb_strip_nulls(jsonb_build_object(
                      'userId', payload->'userId', 'username', payload->'username', 'name', payload->'name',
                      'flowId', payload->'flowId'))) AS details
        ),
        batches AS (
          UPDATE bulk_batches SET status = 'expired', decided_at = ${at}::timestamptz,
                 finished_at = ${at}::timestamptz, content_hash = content_hash || '/expired/' || id
          WHERE status = 'awaiting_approval' AND created_at <= ${before}::timestamptz
          RETURNING 'bulk'::text, id, user_id, created_at,
                    jsonb_build_object('subject', file_name, 'bulkKind', kind, 'amount', total_amount)
        ),
        migrations AS (
          UPDATE wallet_migrations m SET status = 'expired', decided_at = ${at}::timestamptz
          FROM accounts a
          WHERE a.id = m.account_id AND m.status = 'pending' AND m.created_at <= ${before}::timestamptz
          RETURNING 'wallet'::text, m.id::text, m.user_id, m.created_at,
                    jsonb_build_object('subject', m.kind, 'reference', a.number)
        ),
        reversals AS (
          UPDATE chargebacks c SET status = 'expired', decided_at = ${at}::timestamptz
          FROM transactions t
          WHERE t.id = c.original_transaction_id AND c.status = 'pending' AND c.created_at <= ${before}::timestamptz
          RETURNING 'chargeback'::text, c.id::text, c.maker_user_id, c.created_at,
                    jsonb_build_object('subject', t.reference, 'reference', t.reference, 'amount', t.amount)
        ),
        recorded AS (
          INSERT INTO audit_events (at, user_id, channel, action, target_type, target_id, details)
          SELECT ${at}::timestamptz, NULL, 'system', 'request.expire', e.kind, e.id,
                 e.details || jsonb_build_object('makerUserId', e.maker_user_id, 'createdAt', e.created_at)
          FROM (SELECT * FROM changes UNION ALL SELECT * FROM batches
                UNION ALL SELECT * FROM migrations UNION ALL SELECT * FROM reversals) e
          RETURNING id
        )
        SELECT count(*) AS expired FROM recorded`,
  );
  return Number(rows[0]?.expired ?? 0);
}

/**
 * Expires every waiting request of every kind whose time is up, before anything reads or decides
 * one; the minute's maintenance runs it too, for what nobody reads. Transfer requests keep
 * the deadline written when they were made; a failed transaction changes report totals.
 */
export async function expireBeforeReading(deps: {
  db: Db;
  clock: { now(): Date };
  reportTotals: { invalidate(): void };
  config: { transfers: { approvalTtlMs: number } };
}): Promise<void> {
  const now = deps.clock.now();
  if ((await expireOverdueApprovals(deps.db, now)) > 0) deps.reportTotals.invalidate();
  await expireOverdueRequests(deps.db, now, deps.config.transfers.approvalTtlMs);
}

/** For a kind's own routes: its lists and decisions see what expired, whether or not the job ran. */
export const expireFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  await expireBeforeReading(c.get('deps'));
  await next();
};
