import { fromPromise } from 'xstate';
import type { ApprovalDecisionResult } from '../../../contract/api/approvals';
import { ApiRequestError, type ApiClient } from '../../api/client';
import type { ApprovalPage, ApprovalQuery, DecisionInput } from './authorize-machine';

/** `GET approvals` parameters: empty filters are left out. */
export function approvalParams(query: ApprovalQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { page: query.page, pageSize: query.pageSize };
  for (const key of ['status', 'flow', 'from', 'to', 'q'] as const) {
    const value = query[key].trim();
    if (value) params[key] = value;
  }
  return params;
}

/**
 * One row goes to its own endpoint; its refusal (maker cannot approve, expired…) is a result
 * like a bulk item's, so the page shows both the same way. Only "no answer" is an error.
 */
async function decideOne(api: ApiClient, input: DecisionInput): Promise<ApprovalDecisionResult[]> {
  const id = input.ids[0] as number;
  try {
    await api.post(`approvals/${id}/${input.decision}`, input.decision === 'reject' ? { reason: input.reason } : {});
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

export function approvalEffects(api: ApiClient) {
  return {
    actors: {
      listRows: fromPromise<ApprovalPage, ApprovalQuery>(({ input, signal }) =>
        api.get<ApprovalPage>('approvals', { query: approvalParams(input), signal }),
      ),
      decideRows: fromPromise<ApprovalDecisionResult[], DecisionInput>(({ input }) =>
        input.scope === 'row'
          ? decideOne(api, input)
          : api.post<ApprovalDecisionResult[]>('approvals/decisions', {
              ids: input.ids,
              decision: input.decision,
              ...(input.decision === 'reject' ? { reason: input.reason } : {}),
            }),
      ),
    },
  };
}
