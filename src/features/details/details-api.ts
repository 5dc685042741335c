import type { getAccountDetail, getTransactionDetail } from '../../../contract/api/details';
import type { ApiClient } from '../../api/client';

/** The detail pages' operations (contract/api/details.ts); the machines get them as actors. */
export const detailsApi = (api: ApiClient) => ({
  transaction: (reference: string, signal?: AbortSignal) =>
    api.call<typeof getTransactionDetail>('GET /transactions/{reference}', { params: { reference }, signal }),
  account: (number: string, page: number, signal?: AbortSignal) =>
    api.call<typeof getAccountDetail>('GET /accounts/{number}', {
      params: { number },
      query: { page, pageSize: 10 },
      signal,
    }),
});
