import type {
  BatchDecision,
  BulkCheckRequest,
  bulkBatchResults,
  checkBulkRows,
  decideBulkBatch,
  getBulkBatch,
  listBulkBatches,
  listBulkPayers,
  submitBulkBatch,
} from '../../../contract/api/bulk';
import type { BulkKind } from '../../../contract/bulk';
import type { ApiClient } from '../../api/client';

/** The bulk pages' operations (contract/api/bulk.ts). */
export const bulkApi = (api: ApiClient) => ({
  check: (kind: BulkKind, body: BulkCheckRequest, signal?: AbortSignal) =>
    api.call<typeof checkBulkRows>('POST /bulk/{kind}/check', { params: { kind }, body, signal }),
  submit: (kind: BulkKind, body: BulkCheckRequest) =>
    api.call<typeof submitBulkBatch>('POST /bulk/{kind}/batches', { params: { kind }, body }),
  list: (kind: BulkKind, signal?: AbortSignal) =>
    api.call<typeof listBulkBatches>('GET /bulk/{kind}/batches', { params: { kind }, signal }),
  batch: (id: string, signal?: AbortSignal) =>
    api.call<typeof getBulkBatch>('GET /bulk-batches/{id}', { params: { id }, signal }),
  decide: (id: string, body: BatchDecision) =>
    api.call<typeof decideBulkBatch>('POST /bulk-batches/{id}/decision', { params: { id }, body }),
  payers: (signal?: AbortSignal) => api.call<typeof listBulkPayers>('GET /bulk/payment/payers', { signal }),
  results: (id: string) =>
    api.call<typeof bulkBatchResults>('GET /bulk-batches/{id}/results', { params: { id }, read: 'blob' }),
});

export type BulkApi = ReturnType<typeof bulkApi>;
