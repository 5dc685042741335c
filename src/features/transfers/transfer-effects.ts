import { assign, fromPromise } from 'xstate';
import { HEADER } from '../../../contract/http';
import type { TransferOptions, TransferQuote, TransferRequest, TransferResult } from '../../../contract/api/transfers';
import type { TransferFlowId } from '../../../contract/transfers';
import type { ApiClient } from '../../api/client';
import { newIdempotencyKey } from './idempotency';
import type { CodeCheckInput, SubmitInput, TransferFlowContext, TransferFlowEvent } from './transfer-flow-machine';

const flowPath = (flowId: TransferFlowId) => `transfers/${encodeURIComponent(flowId)}`;

/** The transfer machine's effects over the one API client (docs/architecture.md: pages never fetch). */
export function transferEffects(api: ApiClient, effects: { print?: () => void; newKey?: () => string } = {}) {
  const print = effects.print ?? (() => window.print());
  const newKey = effects.newKey ?? newIdempotencyKey;
  return {
    actors: {
      loadOptions: fromPromise<TransferOptions, { flowId: TransferFlowId }>(({ input, signal }) =>
        api.get<TransferOptions>(`${flowPath(input.flowId)}/options`, { signal }),
      ),
      quoteTransfer: fromPromise<TransferQuote, { flowId: TransferFlowId; request: TransferRequest }>(({ input }) =>
        api.post<TransferQuote>(`${flowPath(input.flowId)}/quote`, input.request),
      ),
      // Flows without a withdrawal code have nothing to check: right at once, no request.
      checkWithdrawalCode: fromPromise<{ valid: boolean }, CodeCheckInput>(async ({ input }) => {
        const { counterparty, source, withdrawalCode } = input.request;
        if (!withdrawalCode || !counterparty) return { valid: true };
        return api.post<{ valid: boolean }>(`${flowPath(input.flowId)}/withdrawal-code`, {
          counterparty,
          withdrawalCode,
          ...(source ? { source } : {}),
        });
      }),
      // The client never retries a write; the machine decides when the same key goes again.
      submitTransfer: fromPromise<TransferResult, SubmitInput>(({ input }) =>
        api.post<TransferResult>(flowPath(input.flowId), input.request, {
          headers: { [HEADER.idempotencyKey]: input.idempotencyKey },
        }),
      ),
    },
    actions: {
      issueIdempotencyKey: assign<TransferFlowContext, TransferFlowEvent, unknown, TransferFlowEvent, never>({
        idempotencyKey: () => newKey(),
      }),
      printReceipt: () => print(),
    },
  };
}
