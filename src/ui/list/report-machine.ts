import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { ReportResult } from './report-result';
import { notProvided } from '../../machines/not-provided';

/**
 * Loading one query's answer: idle → loading → loaded | empty | failed.
 *
 * - `report.query` (from any state) stores the new query and (re-)enters loading. Leaving
 *   loading stops the request in flight (its AbortSignal fires), so a slow old answer can
 *   never overwrite a newer one.
 * - `report.retry` repeats the last query after a failure.
 * - The fetch is the injected actor `fetchReport` (the page provides it from `services.api`);
 *   the guard `isEmpty` says which answers count as "nothing to show".
 *
 * The machine is shared by the report page and the balance pages, so its query and answer
 * are untyped here; each page reads them through its own typed selector.
 */
export type LoadEvent<Q = object> = { type: 'report.query'; query: Q } | { type: 'report.retry' };

export interface LoadContext<Q = object, R = unknown> {
  query: Q | null;
  result: R | null;
  error: string | null;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'Something went wrong.';
}

export const loadMachine = setup({
  types: {
    context: {} as LoadContext,
    events: {} as LoadEvent,
  },
  actors: {
    fetchReport: notProvided<unknown, object>('fetchReport'),
  },
  guards: {
    isEmpty: (_, _params: { output: unknown }) => false,
  },
}).createMachine({
  id: 'load',
  initial: 'idle',
  context: { query: null, result: null, error: null },
  on: {
    'report.query': {
      target: '.loading',
      actions: assign({ query: ({ event }) => event.query }),
    },
  },
  states: {
    idle: {},
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        src: 'fetchReport',
        input: ({ context }) => context.query ?? {},
        onDone: [
          {
            guard: { type: 'isEmpty', params: ({ event }) => ({ output: event.output }) },
            target: 'empty',
            actions: assign({ result: ({ event }) => event.output }),
          },
          { target: 'loaded', actions: assign({ result: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    loaded: { tags: ['settled', 'hasRows'] },
    empty: { tags: ['settled', 'empty'] },
    failed: {
      tags: ['settled', 'failed'],
      // A load always had a query (only `report.query` starts one), so Retry always has one to repeat.
      on: { 'report.retry': 'loading' },
    },
  },
});

/** The fetch actor for a typed query and answer. */
export function fetchActor<Q extends object, R>(fetch: (query: Q, signal: AbortSignal) => Promise<R>) {
  return fromPromise<unknown, object>(({ input, signal }) => fetch(input as Q, signal));
}

/** A load machine whose answers are "empty" when `isEmpty` says so. */
export function withEmpty<R>(isEmpty: (result: R) => boolean) {
  return loadMachine.provide({ guards: { isEmpty: (_, { output }) => isEmpty(output as R) } });
}

/** The report page's machine: a query of `GET reports/{id}`; no rows at all is "empty". */
export const reportMachine = withEmpty<ReportResult>((r) => r.rows.length === 0 && r.total === 0);

export type LoadSnapshot = SnapshotFrom<typeof loadMachine>;

export const selectIsLoading = (s: LoadSnapshot) => s.hasTag('loading');
export const selectIsEmpty = (s: LoadSnapshot) => s.hasTag('empty');
export const selectIsFailed = (s: LoadSnapshot) => s.hasTag('failed');
export const selectError = (s: LoadSnapshot) => s.context.error;
/** The answer, typed by its page. */
export const resultOf =
  <R>() =>
  (s: LoadSnapshot) =>
    s.context.result as R | null;
export const selectReportResult = resultOf<ReportResult>();
