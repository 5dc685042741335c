import { fromCallback, fromPromise } from 'xstate';
import type { BulkKind, BulkRow, RowError } from '../../../contract/bulk';
import type { BulkBatchView, BulkCheckRequest, BulkCheckResult, BulkSubmitResult } from '../../../contract/api/bulk';
import type { BulkApi } from './bulk-api';
import type { BulkEvent } from './bulk-machine';
import { parseFileInWorker } from './parse-file';

/** How often a batch's progress is asked while it waits or runs: light on a slow link. */
export const WATCH_INTERVAL_MS = 2_000;

/** The bulk machine's actors: its operations (bulk-api.ts), the parsing worker, and the watch of a batch. */
export function bulkActors(
  api: BulkApi,
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
      api.check(input.kind, input.request, signal),
    ),
    submitBatch: fromPromise<BulkSubmitResult, { kind: BulkKind; request: BulkCheckRequest }>(({ input }) =>
      api.submit(input.kind, input.request),
    ),
    loadBatch: fromPromise<BulkBatchView, { id: string }>(({ input, signal }) => api.batch(input.id, signal)),
    decideBatch: fromPromise<
      BulkBatchView,
      { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string }
    >(({ input }) => {
      const { id, ...body } = input;
      return api.decide(id, body);
    }),
    watchBatch: fromCallback<BulkEvent, { id: string }>(({ input, sendBack }) => {
      const controller = new AbortController();
      let last = '';
      const tick = async () => {
        try {
          const batch = await api.batch(input.id, controller.signal);
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
