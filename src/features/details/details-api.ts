/** The detail endpoints over the one API client; the machines get them as actors. */
import type { AccountDetail, TransactionDetail } from '../../../contract/details';
import type { ApiClient } from '../../api/client';

export const detailsApi = (api: ApiClient) => ({
  transaction: (reference: string, signal?: AbortSignal) =>
    api.get<TransactionDetail>(`transactions/${encodeURIComponent(reference)}`, { signal }),
  account: (number: string, page: number, signal?: AbortSignal) =>
    api.get<AccountDetail>(`accounts/${encodeURIComponent(number)}`, { query: { page, pageSize: 10 }, signal }),
});
