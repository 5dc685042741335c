import type { TransferRequest, TransferResult } from '../../contract/api/transfers';
import type { TransferFlowDef } from '../../contract/transfers';
import type { TransferSettings } from '../config';
import type { Db } from '../db/database';
import type { SessionUser } from '../lib/session-user';
import { fieldRequired } from './errors';
import { createApprovalRequest } from './approval-requests';
import { claimIdempotencyKey, requestHash, storeIdempotentResponse } from './idempotency';
import { lockAndVerify } from './locked-plan';
import { prepareTransfer } from './plan';
import { insertTransaction, postTransaction } from './posting';
import { nextReference } from './reference';
import { resultView } from './views';
import {
  claimWithdrawalCode,
  markWithdrawalCodeUsed,
  recordWrongWithdrawalCode,
  WrongWithdrawalCode,
} from './withdrawal-codes';

export interface Submission {
  flow: TransferFlowDef;
  caller: SessionUser;
  request: TransferRequest;
  idempotencyKey: string;
  channel: string;
  requestId: string | null;
  now: Date;
}

/** 201 for the first submission of a key, 200 with the very same result for a repeat. */
export interface SubmissionOutcome {
  httpStatus: 200 | 201;
  result: TransferResult;
  /** Whether this call changed the ledger (report totals must then be recomputed). */
  changed: boolean;
}

/**
 * One submitted transfer, all in one database transaction: claim the idempotency key, resolve
 * and price the transfer, lock and check its accounts, take the customer's withdrawal code,
 * then either post it or leave it pending for a checker, and store the answer under the key.
 * Any refusal rolls all of it back, so the same key can be sent again.
 */
export async function submitTransfer(db: Db, settings: TransferSettings, s: Submission): Promise<SubmissionOutcome> {
  try {
    return await db.transaction(async (tx): Promise<SubmissionOutcome> => {
      const claim = await claimIdempotencyKey(tx, {
        userId: s.caller.userId,
        key: s.idempotencyKey,
        flowId: s.flow.id,
        requestHash: requestHash(s.flow.id, s.request),
        now: s.now,
      });
      if (!claim.claimed) return { httpStatus: 200, result: claim.response as TransferResult, changed: false };

      const prepared = await prepareTransfer(tx, s.flow, s.caller, s.request, settings);
      const code = s.request.withdrawalCode;
      if (s.flow.needsWithdrawalCode && !code) {
        throw fieldRequired(
          'WITHDRAWAL_CODE_REQUIRED',
          'withdrawalCode',
          'Enter the 6-digit code the customer generated.',
        );
      }
      const { plan, house } = await lockAndVerify(tx, prepared, { now: s.now, settings });
      const codeId =
        s.flow.needsWithdrawalCode && code ? await claimWithdrawalCode(tx, plan.parties.source.id, code, s.now) : null;

      const reference = await nextReference(tx, s.now);
      const status = plan.needsApproval ? 'pending' : 'success';
      const transactionId = await insertTransaction(tx, plan, { reference, status, channel: s.channel, now: s.now });
      // A code is spent when the customer authorises, even if a checker must still approve.
      if (codeId !== null) await markWithdrawalCodeUsed(tx, codeId, transactionId, s.now);
      const approvalId = plan.needsApproval
        ? await createApprovalRequest(tx, plan, {
            transactionId,
            now: s.now,
            ttlMs: settings.approvalTtlMs,
            bankId: s.caller.bankId,
          })
        : null;
      const changes = plan.needsApproval
        ? null
        : await postTransaction(tx, plan, house, transactionId, {
            userId: s.caller.userId,
            channel: s.channel,
            requestId: s.requestId,
            now: s.now,
          });
      const result = resultView(plan, s.caller, {
        status,
        reference,
        approvalId,
        createdAt: s.now,
        initiator: s.caller.name,
        channel: s.channel,
        changes,
      });
      await storeIdempotentResponse(tx, claim.id, 201, result);
      return { httpStatus: 201, result, changed: true };
    });
  } catch (error) {
    if (error instanceof WrongWithdrawalCode) {
      await recordWrongWithdrawalCode(db, error.codeId);
      throw error.error;
    }
    throw error;
  }
}
