import type { WithdrawalCodeCheck } from '../../contract/api/transfers';
import type { TransferFlowDef } from '../../contract/transfers';
import type { Db } from '../db/database';
import type { SessionUser } from '../lib/session-user';
import { notFoundError } from '../lib/api-error';
import { flowForbidden } from './errors';
import { resolveParties } from './parties';
import { verifyWithdrawalCode } from './withdrawal-codes';

/**
 * The form's check of a customer's withdrawal code before the review step. The code is only
 * spent by the submission, which checks it again under its own lock.
 */
export async function checkWithdrawalCode(
  db: Db,
  input: { flow: TransferFlowDef; caller: SessionUser; request: WithdrawalCodeCheck; now: Date },
): Promise<{ valid: boolean }> {
  const { flow, caller, request } = input;
  if (!flow.groups.includes(caller.group)) throw flowForbidden();
  if (!flow.needsWithdrawalCode) throw notFoundError(`The ${flow.id} flow takes no withdrawal code.`);
  const { source } = await resolveParties(db, flow, caller, { ...request, amount: 1 });
  return { valid: await verifyWithdrawalCode(db, source.id, request.withdrawalCode, input.now) };
}
