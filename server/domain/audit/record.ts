import type { Context } from 'hono';
import type { AuditAction } from '../../../contract/audit-actions';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema';
import type { AppEnv } from '../../http/env';

export interface AuditEntry {
  /** Dot-namespaced verb, one of the labelled actions (contract/audit-actions.ts). */
  action: AuditAction;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
}

/**
 * Records who did what through which channel. Pass the transaction (`tx`) that makes the
 * change, so the change and its audit record commit or roll back together.
 */
export async function recordAudit(c: Context<AppEnv>, db: Db, entry: AuditEntry): Promise<void> {
  const user = c.get('user') as AppEnv['Variables']['user'] | undefined;
  await db.insert(auditEvents).values({
    at: c.get('deps').clock.now(),
    userId: user?.userId ?? null,
    channel: c.get('channel'),
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    details: entry.details ?? null,
    requestId: c.get('requestId') ?? null,
  });
}
