import type { getBalance, getRepartition } from '../../../contract/api/balances';
import type { ApiClient } from '../../api/client';
import type { BalanceQuery, RepartitionQuery } from './balance-machine';

/** The balance pages' operations (contract/api/balances.ts). */
export const balancesApi = (api: ApiClient) => ({
  balance: ({ balanceId, ...query }: BalanceQuery, signal: AbortSignal) =>
    api.call<typeof getBalance>('GET /balances/{balanceId}', { params: { balanceId }, query, signal }),
  repartition: ({ bankCode }: RepartitionQuery, signal: AbortSignal) =>
    api.call<typeof getRepartition>('GET /balances/repartition/{bankCode}', { params: { bankCode }, signal }),
});
