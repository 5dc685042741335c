import type { getFees, listFeeHistory, previewFee, requestFeeChange } from '../../../contract/api/fees';
import type { getLimits, requestLimitsChange } from '../../../contract/api/limits';
import type { FeeBandBody } from '../../../contract/fees';
import type { TransferLimits } from '../../../contract/change-requests';
import type { TransferFlowId } from '../../../contract/transfers';
import type { ApiClient } from '../../api/client';

/** The fees page's operations (contract/api/fees.ts and limits.ts): schedules, preview and limits. */
export const feesApi = (api: ApiClient) => ({
  /** The schedules in force with the changes waiting, and every schedule's history. */
  load: async () => {
    const [overview, history] = await Promise.all([
      api.call<typeof getFees>('GET /fees'),
      api.call<typeof listFeeHistory>('GET /fees/history'),
    ]);
    return { overview, history: history.schedules };
  },
  requestChange: (input: { flowId: TransferFlowId; bands: FeeBandBody[] }) =>
    api.call<typeof requestFeeChange>('PUT /fees/{flowId}', {
      params: { flowId: input.flowId },
      body: { bands: input.bands },
    }),
  preview: (body: { flowId: TransferFlowId; amount: number }) =>
    api.call<typeof previewFee>('POST /fees/preview', { body }),
  limits: () => api.call<typeof getLimits>('GET /settings/limits'),
  requestLimits: (body: TransferLimits) => api.call<typeof requestLimitsChange>('PUT /settings/limits', { body }),
});
