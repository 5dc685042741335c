import type {
  ApprovalDecisionResult,
  approveApproval,
  decideApprovals,
  listApprovals,
  rejectApproval,
} from '../../../contract/api/approvals';
import type { decideInboxItem, listInbox } from '../../../contract/api/inbox';
import type {
  checkWithdrawalCode,
  getTransferOptions,
  quoteTransfer,
  submitTransfer,
  TransferRequest,
} from '../../../contract/api/transfers';
import { HEADER } from '../../../contract/http';
import type { InboxKind } from '../../../contract/inbox';
import type { TransferFlowId } from '../../../contract/transfers';
import { ApiRequestError, type ApiClient } from '../../api/client';
import type { ApprovalQuery, DecisionInput } from './authorize-machine';
import type { DecideItemInput } from './inbox-machine';

/** `GET /approvals` filters: empty ones are left out. */
export function approvalParams(query: ApprovalQuery) {
  const [from, to, q] = [query.from.trim(), query.to.trim(), query.q.trim()];
  return {
    page: query.page,
    pageSize: query.pageSize,
    ...(query.status ? { status: query.status } : {}),
    ...(query.flow ? { flow: query.flow } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(q ? { q } : {}),
  };
}

/**
 * One row goes to its own endpoint; its refusal (maker cannot approve, expired…) is a result
 * like a bulk item's, so the page shows both the same way. Only "no answer" is an error.
 */
async function decideOne(api: ApiClient, input: DecisionInput): Promise<ApprovalDecisionResult[]> {
  const id = input.ids[0] as number;
  try {
    if (input.decision === 'reject') {
      await api.call<typeof rejectApproval>('POST /approvals/{id}/reject', {
        params: { id },
        body: { reason: input.reason },
      });
    } else {
      await api.call<typeof approveApproval>('POST /approvals/{id}/approve', { params: { id }, body: {} });
    }
    return [
      { id, ok: true, status: input.decision === 'approve' ? 'approved' : 'rejected', reference: null, message: null },
    ];
  } catch (error) {
    if (error instanceof ApiRequestError && error.status !== undefined && error.status < 500 && !error.sessionExpired) {
      return [{ id, ok: false, status: null, reference: null, message: error.message }];
    }
    throw error;
  }
}

/**
 * The money pages' operations (contract/api/transfers.ts, approvals.ts, inbox.ts): a transfer
 * flow, the transfer requests a checker decides, and the approvals inbox.
 */
export const transfersApi = (api: ApiClient) => ({
  options: (flowId: TransferFlowId, signal?: AbortSignal) =>
    api.call<typeof getTransferOptions>('GET /transfers/{flowId}/options', { params: { flowId }, signal }),
  quote: (flowId: TransferFlowId, request: TransferRequest) =>
    api.call<typeof quoteTransfer>('POST /transfers/{flowId}/quote', { params: { flowId }, body: request }),
  /** Flows without a withdrawal code have nothing to check: right at once, no request. */
  checkWithdrawalCode: async (flowId: TransferFlowId, request: TransferRequest) => {
    const { counterparty, source, withdrawalCode } = request;
    if (!withdrawalCode || !counterparty) return { valid: true };
    return api.call<typeof checkWithdrawalCode>('POST /transfers/{flowId}/withdrawal-code', {
      params: { flowId },
      body: { counterparty, withdrawalCode, ...(source ? { source } : {}) },
    });
  },
  /** The client never retries a write; the machine decides when the same key goes again. */
  submit: (flowId: TransferFlowId, request: TransferRequest, idempotencyKey: string) =>
    api.call<typeof submitTransfer>('POST /transfers/{flowId}', {
      params: { flowId },
      body: request,
      headers: { [HEADER.idempotencyKey]: idempotencyKey },
    }),

  approvals: (query: ApprovalQuery, signal?: AbortSignal) =>
    api.call<typeof listApprovals>('GET /approvals', { query: approvalParams(query), signal }),
  decideApprovals: (input: DecisionInput) =>
    input.scope === 'row'
      ? decideOne(api, input)
      : api.call<typeof decideApprovals>('POST /approvals/decisions', {
          body: {
            ids: input.ids,
            decision: input.decision,
            ...(input.decision === 'reject' ? { reason: input.reason } : {}),
          },
        }),

  inbox: (kind: InboxKind | '', signal?: AbortSignal) =>
    api.call<typeof listInbox>('GET /inbox', { query: kind ? { kind } : {}, signal }),
  /** A decision, and the second half of a one-time password it may hand over (decision 031). */
  decideInboxItem: async (input: DecideItemInput) => {
    const { secondHalf } = await api.call<typeof decideInboxItem>('POST /inbox/{kind}/{id}/decision', {
      params: { kind: input.item.kind, id: input.item.id },
      body: { decision: input.decision, ...(input.reason ? { reason: input.reason } : {}) },
    });
    return secondHalf ? { secondHalf } : {};
  },
});
