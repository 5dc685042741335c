import type {
  activateBank,
  createBank,
  deactivateBank,
  listBanks,
  listFloatAccountChoices,
  updateBank,
} from '../../../contract/api/banks';
import type { BankBody } from '../../../contract/banks';
import type { ApiClient } from '../../api/client';

/** The banks page's operations (contract/api/banks.ts). */
export const banksApi = (api: ApiClient) => ({
  list: async () => (await api.call<typeof listBanks>('GET /banks')).banks,
  floatChoices: async (bankId: number | null) =>
    (
      await api.call<typeof listFloatAccountChoices>('GET /banks/float-accounts', {
        query: bankId === null ? {} : { bankId },
      })
    ).accounts,
  save: (id: number | null, body: BankBody) =>
    id === null
      ? api.call<typeof createBank>('POST /banks', { body })
      : api.call<typeof updateBank>('PUT /banks/{id}', { params: { id }, body }),
  switchState: (id: number, verb: 'activate' | 'deactivate') =>
    verb === 'activate'
      ? api.call<typeof activateBank>('POST /banks/{id}/activate', { params: { id } })
      : api.call<typeof deactivateBank>('POST /banks/{id}/deactivate', { params: { id } }),
});
