import type { Context } from 'hono';
import type { AuditAction } from '../../../contract/audit-actions';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema';
import type { AppEnv } from '../../http/env';

export type AuthAction = Extract<
  AuditAction,
  'auth.login' | 'auth.logout' | 'auth.loginFailed' | 'auth.loginThrottled'
>;

/**
 * Sign-ins and sign-outs for the audit trail. recordAudit reads the user from the session,
 * which a sign-in does not have yet, so these name the user themselves (null for a name
 * nobody has).
 */
export async function recordAuthEvent(
  c: Context<AppEnv>,
  action: AuthAction,
  userId: number | null,
  details?: Record<string, unknown>,
  db: Db = c.get('deps').db,
): Promise<void> {
  await db.insert(auditEvents).values({
    at: c.get('deps').clock.now(),
    userId,
    channel: c.get('channel'),
    action,
    // The user is the actor; the trail shows who, so there is no separate target.
    targetType: null,
    targetId: null,
    details: details ?? null,
    requestId: c.get('requestId') ?? null,
  });
}
