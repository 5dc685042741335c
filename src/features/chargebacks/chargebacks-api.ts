import type {
  decideChargeback,
  listChargebacks,
  lookupChargebackTransaction,
  requestChargeback,
} from '../../../contract/api/chargebacks';
import type { ChargebackDecision, ChargebackRequest } from '../../../contract/chargebacks';
import type { ApiClient } from '../../api/client';
import type { ChargebackQuery } from './list-machine';

/** `GET /chargebacks` filters: empty ones are left out; no status asks for every one. */
export function listParams(query: ChargebackQuery) {
  const [from, to, q] = [query.from.trim(), query.to.trim(), query.q.trim()];
  return {
    page: query.page,
    pageSize: query.pageSize,
    status: query.status === '' ? ('all' as const) : query.status,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(q ? { q } : {}),
  };
}

/** The chargeback page's operations (contract/api/chargebacks.ts); its machines get them as actors. */
export const chargebacksApi = (api: ApiClient) => ({
  lookup: (reference: string, signal?: AbortSignal) =>
    api.call<typeof lookupChargebackTransaction>('GET /chargeback-transactions/{reference}', {
      params: { reference },
      signal,
    }),
  request: (body: ChargebackRequest) => api.call<typeof requestChargeback>('POST /chargebacks', { body }),
  list: (query: ChargebackQuery, signal?: AbortSignal) =>
    api.call<typeof listChargebacks>('GET /chargebacks', { query: listParams(query), signal }),
  decide: (id: number, decision: ChargebackDecision, reason: string) =>
    api.call<typeof decideChargeback>('POST /chargebacks/{id}/decision', {
      params: { id },
      body: { decision, reason },
    }),
});
