import { assign, fromPromise } from 'xstate';
import type { TransferOptions, TransferQuote, TransferRequest, TransferResult } from '../../../contract/api/transfers';
import type { TransferFlowId } from '../../../contract/transfers';
import type { ApiClient } from '../../api/client';
import { newIdempotencyKey } from './idempotency';
import type { CodeCheckInput, SubmitInput, TransferFlowContext, TransferFlowEvent } from './transfer-flow-machine';
import { transfersApi } from './transfers-api';

/** The transfer machine's actors over the feature's operations, and its other effects. */
export function transferActors(client: ApiClient) {
  const api = transfersApi(client);
  return {
    actors: {
      loadOptions: fromPromise<TransferOptions, { flowId: TransferFlowId }>(({ input, signal }) =>
        api.options(input.flowId, signal),
      ),
      quoteTransfer: fromPromise<TransferQuote, { flowId: TransferFlowId; request: TransferRequest }>(({ input }) =>
        api.quote(input.flowId, input.request),
      ),
      checkWithdrawalCode: fromPromise<{ valid: boolean }, CodeCheckInput>(({ input }) =>
        api.checkWithdrawalCode(input.flowId, input.request),
      ),
      submitTransfer: fromPromise<TransferResult, SubmitInput>(({ input }) =>
        api.submit(input.flowId, input.request, input.idempotencyKey),
      ),
    },
    actions: transferEffects,
  };
}

/** The flow machine's effects that are not requests, whatever answers them. */
export const transferEffects = {
  issueIdempotencyKey: assign<TransferFlowContext, TransferFlowEvent, unknown, TransferFlowEvent, never>({
    idempotencyKey: () => newIdempotencyKey(),
  }),
  printReceipt: () => window.print(),
};
