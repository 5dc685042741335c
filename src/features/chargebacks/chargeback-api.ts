/** The chargeback endpoints over the one API client; the machines get them as actors. */
import type { ChargebackLookup, ChargebackPage, ChargebackView } from '../../../contract/api/chargebacks';
import type { ChargebackDecision, ChargebackRequest } from '../../../contract/chargebacks';
import type { ApiClient } from '../../api/client';
import type { ChargebackQuery } from './list-machine';

/** `GET chargebacks` parameters: empty filters are left out. */
export function listParams(query: ChargebackQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { page: query.page, pageSize: query.pageSize };
  params.status = query.status === '' ? 'all' : query.status;
  for (const key of ['from', 'to', 'q'] as const) {
    const value = query[key].trim();
    if (value) params[key] = value;
  }
  return params;
}

export const chargebackApi = (api: ApiClient) => ({
  lookup: (reference: string, signal?: AbortSignal) =>
    api.get<ChargebackLookup>(`chargeback-transactions/${encodeURIComponent(reference)}`, { signal }),
  request: (body: ChargebackRequest) => api.post<ChargebackView>('chargebacks', body),
  list: (query: ChargebackQuery, signal?: AbortSignal) =>
    api.get<ChargebackPage>('chargebacks', { query: listParams(query), signal }),
  decide: (id: number, decision: ChargebackDecision, reason: string) =>
    api.post<ChargebackView>(`chargebacks/${id}/decision`, { decision, reason }),
});
