import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { CHARGEBACK_GROUPS, chargebackDecisionSchema } from '../../../contract/chargebacks';
import type { InboxKind } from '../../../contract/inbox';
import { MIGRATION_GROUPS, migrationDecisionSchema } from '../../../contract/wallet-migrations';
import { recordAudit } from '../../domain/audit/record';
import type { AppEnv } from '../../http/env';
import { validationFailed } from '../../http/openapi';
import { idSchema as idParam } from '../../../contract/api/schema-parts';
import { expireBeforeReading } from '../../domain/waiting-requests/expiry';
import { ApiError, forbiddenError } from '../../lib/api-error';
import { decideTransferRequest } from '../approvals/index';
import { approveBody, rejectBody } from '../../../contract/api/approvals';
import { batchDecisionBody } from '../../../contract/api/bulk';
import { decideBatch, findBatch, mayRead } from '../bulk/index';
import { decideChange } from '../../domain/change-requests/decide';
import { changeDecisionSchema } from '../../../contract/change-requests';
import { decideChargeback } from '../chargebacks/index';
import { decideMigration } from '../wallet-migrations/index';
import { acting } from '../../http/acting';

export interface InboxDecision {
  decision: 'approve' | 'reject';
  reason?: string | undefined;
}

/** Each kind's own schema judges the body, so a reason is asked for exactly as on the kind's own page. */
function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(result.error);
  return result.data;
}

function numericId(id: string): number {
  return parse(idParam(), id);
}

const batchNotFound = () =>
  new ApiError(404, 'BATCH_NOT_FOUND', 'Batch not found', 'There is no batch with this id that you may see.');

/**
 * Decides one waiting request of any kind by handing it to that kind's own decision code: the
 * rules (never the maker, which group or bank decides, what must still hold) stay in one place.
 */
/**
 * What a decision hands the decider, once: an administrative change's second half of a one-time
 * password (decision 031).
 */
export interface InboxDecided {
  secondHalf?: string;
}

export async function decideInboxItem(
  c: Context<AppEnv>,
  kind: InboxKind,
  id: string,
  body: InboxDecision,
): Promise<InboxDecided> {
  const deps = c.get('deps');
  const user = c.get('user');
  const audit = (tx: Parameters<typeof recordAudit>[1], entry: Parameters<typeof recordAudit>[2]) =>
    recordAudit(c, tx, entry);
  // Committed first, so a request whose time is up reads as expired whatever its kind.
  await expireBeforeReading(deps);
  const lifetimeMs = deps.config.transfers.approvalTtlMs;
  switch (kind) {
    case 'transfer': {
      const { reason } = body.decision === 'reject' ? parse(rejectBody, body) : parse(approveBody, body);
      await decideTransferRequest(c, numericId(id), body.decision, reason || null);
      return {};
    }
    case 'bulk': {
      const decision = parse(batchDecisionBody, body);
      const row = z.string().uuid().safeParse(id).success ? await findBatch(deps.db, id) : undefined;
      if (!row || !mayRead(user, row.batch)) throw batchNotFound();
      await decideBatch(c, row.batch, decision);
      return {};
    }
    case 'chargeback': {
      if (!CHARGEBACK_GROUPS.includes(user.group)) {
        throw forbiddenError('Only support-plus and administrators handle chargebacks.');
      }
      const decision = parse(chargebackDecisionSchema, body);
      await decideChargeback(deps.db, {
        id: numericId(id),
        ...decision,
        ...acting(c),
        lifetimeMs,
        audit,
      });
      // A reversal is a new transaction and moves balances: cached report totals are stale.
      if (decision.decision === 'approve') deps.reportTotals.invalidate();
      return {};
    }
    case 'wallet': {
      if (!MIGRATION_GROUPS.includes(user.group)) {
        throw forbiddenError('Only administrators and support supervisors migrate wallets.');
      }
      const decision = parse(migrationDecisionSchema, body);
      const migration = await decideMigration(deps.db, numericId(id), decision, {
        caller: user,
        now: deps.clock.now(),
        lifetimeMs,
        audit,
      });
      if (migration.status === 'applied') deps.reportTotals.invalidate();
      return {};
    }
    case 'change': {
      const decision = parse(changeDecisionSchema, body);
      const { secondHalf } = await decideChange(deps.db, numericId(id), decision, {
        caller: user,
        now: deps.clock.now(),
        lifetimeMs,
        audit,
        sealKey: deps.config.twoFactor.key,
      });
      return secondHalf ? { secondHalf } : {};
    }
  }
}
