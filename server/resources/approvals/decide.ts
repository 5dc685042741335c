import type { Context } from 'hono';
import { acting } from '../../http/acting';
import type { AppEnv } from '../../http/env';
import { type Decision, decideApproval } from '../../ledger/decide';
import { transferSettings } from '../../ledger/limits';

/** Decides one transfer request as the caller: the approvals routes and the inbox both call it. */
export async function decideTransferRequest(c: Context<AppEnv>, id: number, decision: Decision, reason: string | null) {
  const { db, config, clock, reportTotals } = c.get('deps');
  try {
    await decideApproval(db, await transferSettings(db, config.transfers, clock.now()), {
      id,
      decision,
      reason,
      ...acting(c),
    });
  } finally {
    // An expiry may have been recorded even when the decision itself was refused.
    reportTotals.invalidate();
  }
}
