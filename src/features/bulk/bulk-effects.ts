import { fromCallback, fromPromise } from 'xstate';
import type { BulkKind, BulkRow, RowError } from '../../../contract/bulk';
import type { BulkBatchView, BulkCheckRequest, BulkCheckResult, BulkSubmitResult } from '../../../contract/api/bulk';
import type { ApiClient } from '../../api/client';
import type { BulkEvent } from './bulk-machine';
import { parseFileInWorker } from './parse-file';

/** How often a batch's progress is asked while it waits or runs: light on a slow link. */
export const WATCH_INTERVAL_MS = 2_000;

export const bulkApi = (api: ApiClient) => ({
  check: (kind: BulkKind, request: BulkCheckRequest, signal?: AbortSignal) =>
    api.post<BulkCheckResult>(`bulk/${kind}/check`, request, { signal }),
  submit: (kind: BulkKind, request: BulkCheckRequest) => api.post<BulkSubmitResult>(`bulk/${kind}/batches`, request),
  list: (kind: BulkKind, signal?: AbortSignal) =>
    api.get<{ batches: BulkBatchView[] }>(`bulk/${kind}/batches`, { signal }),
  batch: (id: string, signal?: AbortSignal) =>
    api.get<BulkBatchView>(`bulk-batches/${encodeURIComponent(id)}`, { signal }),
  decide: (id: string, body: { decision: 'approve' } | { decision: 'reject'; reason: string }) =>
    api.post<BulkBatchView>(`bulk-batches/${encodeURIComponent(id)}/decision`, body),
  payers: (signal?: AbortSignal) =>
    api.get<{ own: { number: string; label: string } | null; partners: { number: string; label: string }[] }>(
      'bulk/payment/payers',
      { signal },
    ),
  results: (id: string) => api.get<Blob>(`bulk-batches/${encodeURIComponent(id)}/results`, { responseType: 'blob' }),
});

export type BulkApi = ReturnType<typeof bulkApi>;

/** The machine's effects over the API client and the parsing worker. */
export function bulkActors(
  client: BulkApi,
  options: {
    parse?: (file: Blob, kind: BulkKind, signal: AbortSignal) => Promise<{ rows: BulkRow[]; errors: RowError[] }>;
    intervalMs?: number;
  } = {},
) {
  const parse = options.parse ?? parseFileInWorker;
  const interval = options.intervalMs ?? WATCH_INTERVAL_MS;
  return {
    parseFile: fromPromise<{ rows: BulkRow[]; errors: RowError[] }, { file: Blob; kind: BulkKind }>(
      ({ input, signal }) => parse(input.file, input.kind, signal),
    ),
    checkRows: fromPromise<BulkCheckResult, { kind: BulkKind; request: BulkCheckRequest }>(({ input, signal }) =>
      client.check(input.kind, input.request, signal),
    ),
    submitBatch: fromPromise<BulkSubmitResult, { kind: BulkKind; request: BulkCheckRequest }>(({ input }) =>
      client.submit(input.kind, input.request),
    ),
    loadBatch: fromPromise<BulkBatchView, { id: string }>(({ input, signal }) => client.batch(input.id, signal)),
    decideBatch: fromPromise<
      BulkBatchView,
      { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string }
    >(({ input }) => {
      const { id, ...body } = input;
      return client.decide(id, body);
    }),
    watchBatch: fromCallback<BulkEvent, { id: string }>(({ input, sendBack }) => {
      const controller = new AbortController();
      let last = '';
      const tick = async () => {
        try {
          const batch = await client.batch(input.id, controller.signal);
          const key = `${batch.status}:${batch.rowsDone}:${batch.rowsFailed}`;
          if (key !== last) {
            last = key;
            sendBack({ type: 'bulk.batch.updated', batch });
          }
        } catch {
          // A missed poll is retried at the next tick; an expired session is the session's business.
        }
      };
      const timer = setInterval(() => void tick(), interval);
      return () => {
        clearInterval(timer);
        controller.abort();
      };
    }),
  };
}

/** Saves a Blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
