/**
 * The state of a list page: its view (filters, sort, page) read from the URL, and the rows of
 * that view loaded through the shared load machine (src/reports/report-machine.ts). The list
 * pages (/audit-trail, /my-students, the KYC lists) and the report page are assembled from it.
 */
import { useHoldScroll } from '../scroll-restoration';
import { useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { pageCount } from './Pager';
import {
  fetchActor,
  type loadMachine,
  resultOf,
  selectError,
  selectIsEmpty,
  selectIsFailed,
  selectIsLoading,
  withEmpty,
} from './report-machine';
import { useSetSearch } from './use-set-search';

/** The page of a view, as the URL holds it. */
export interface PagedView {
  page: number;
  pageSize: number;
}

/** One page of rows as the API answers it. */
export interface RowsPage {
  rows: readonly unknown[];
  total: number;
}

/** Writes a view to the URL: `replace` for a correction the user did not ask for. */
export type Go<V> = (next: V, replace?: boolean) => void;

export interface Loaded<R> {
  loading: boolean;
  empty: boolean;
  failed: boolean;
  error: string | null;
  /** The last answer; it stays while the next one loads. */
  result: R | null;
  retry: () => void;
  /** The answer is out of date: it loads again the next time the list is in view. */
  markStale: () => void;
}

const selectResult = resultOf<unknown>();

/**
 * One query's answer through a load machine. The query is sent when its `key` changes, and
 * only while `active` (a list behind an open detail view waits; once marked stale, it loads
 * again on the way back even if its query is the same).
 */
export function useLoad<Q extends object, R>(
  machine: typeof loadMachine,
  fetch: (query: Q, signal: AbortSignal) => Promise<R>,
  query: Q,
  key: string,
  active = true,
): Loaded<R> {
  const actor = useActorRef(machine.provide({ actors: { fetchReport: fetchActor(fetch) } }));
  const loaded = useRef<{ key: string; stale: boolean } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the query's identity.
  useEffect(() => {
    if (!active) return;
    if (loaded.current?.key === key && !loaded.current.stale) return;
    loaded.current = { key, stale: false };
    actor.send({ type: 'report.query', query });
  }, [key, active, actor]);
  const loading = useSelector(actor, selectIsLoading);
  const empty = useSelector(actor, selectIsEmpty);
  const failed = useSelector(actor, selectIsFailed);
  const result = useSelector(actor, selectResult) as R | null;
  // The window goes back to where the user was once the rows (or why there are none) are shown.
  useHoldScroll(active && (loading || (result === null && !empty && !failed)));
  return {
    loading,
    empty,
    failed,
    error: useSelector(actor, selectError),
    result,
    retry: () => actor.send({ type: 'report.retry' }),
    markStale: () => {
      if (loaded.current) loaded.current.stale = true;
    },
  };
}

/** A page past the end (rows gone since, or a stale link) goes to the last page instead. */
export function useLastPageFallback<V extends PagedView>(
  view: V,
  loading: boolean,
  result: RowsPage | null,
  go: Go<V>,
): void {
  const pastTheEnd =
    !loading && result && result.rows.length === 0 && result.total > 0 && view.page > 1
      ? pageCount(result.total, view.pageSize)
      : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the answer says so.
  useEffect(() => {
    if (pastTheEnd !== null && pastTheEnd < view.page) go({ ...view, page: pastTheEnd }, true);
  }, [pastTheEnd]);
}

export interface ListPage<V extends PagedView, R extends RowsPage> extends Loaded<R> {
  view: V;
  go: Go<V>;
}

/** Answers with no row at all are "empty". */
const listMachine = withEmpty<RowsPage>((page) => page.total === 0);

/**
 * A list whose view lives in the URL: `read` checks the URL's search into a view, `toSearch`
 * writes a view back (defaults left out), `fetch` asks the API for a view's page of rows.
 * `active` says whether a view shows the rows (see useLoad).
 */
export function useListPage<V extends PagedView, R extends RowsPage>({
  read,
  toSearch,
  fetch,
  active,
}: {
  read: (search: Record<string, unknown>) => V;
  toSearch: (view: V) => Record<string, string | number>;
  fetch: (view: V, signal: AbortSignal) => Promise<R>;
  active?: (view: V) => boolean;
}): ListPage<V, R> {
  const setSearch = useSetSearch();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` is a module function.
  const view = useMemo(() => read(search), [search]);
  const go: Go<V> = (next, replace = false) => setSearch(toSearch(next), replace);
  const loaded = useLoad(listMachine, fetch, view, JSON.stringify(view), active?.(view) ?? true);
  useLastPageFallback(view, loaded.loading, loaded.result, go);
  return { ...loaded, view, go };
}
