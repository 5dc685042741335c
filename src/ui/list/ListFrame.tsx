/**
 * The frame every list page draws around its rows: a loading line, the error in place of the
 * rows, a dashed note when there is nothing to list, and the rows (a PriorityTable, decision
 * 011) with their pager.
 */
import { RetryButton } from '../ErrorState';
import type { ReactNode } from 'react';
import { LoadError } from '../page-parts';
import type { Language } from '../../i18n';
import { Pager } from './Pager';
import { useNoMatch } from './use-no-match';
import type { RequestFailure } from '../failure';
import { FailureAlert } from '../parts';
import type { Go, ListPage, PagedView, RowsPage } from './use-list-page';

/**
 * Nothing to list: says why (no match for the filters, or nothing at all). After a search,
 * what was searched and another way to find it instead.
 */
export function EmptyState({ children, role, searched }: { children: ReactNode; role?: 'status'; searched?: string }) {
  const { nothingMatches } = useNoMatch();
  return (
    <p role={role} className="rounded-lg border border-dashed border-edge bg-raised p-8 text-center text-muted">
      {searched ? nothingMatches(searched) : children}
    </p>
  );
}

/**
 * Loading line, then the error, the empty note or the rows (children), in that order of
 * precedence. The rows stay while the next page loads.
 */
export function ListFrame({
  loading,
  loadingLabel,
  error,
  emptyLabel,
  searched,
  children,
}: {
  loading: boolean;
  loadingLabel: string;
  /** Shown instead of the rows. */
  error?: ReactNode;
  /** Set when there is nothing to list. */
  emptyLabel?: string | null;
  /** The search text of the list, if any: an empty answer then names it. */
  searched?: string;
  children?: ReactNode;
}) {
  return (
    <>
      {loading && (
        <p role="status" className="mb-2 text-sm text-muted">
          {loadingLabel}
        </p>
      )}
      {error || (emptyLabel ? <EmptyState searched={searched}>{emptyLabel}</EmptyState> : children)}
    </>
  );
}

/** The pager of a view kept in the URL: a new page size starts again at page 1. */
export function ViewPager<V extends PagedView>({
  view,
  go,
  ...shown
}: {
  view: V;
  total: number;
  lang: Language;
  disabled: boolean;
  go: Go<V>;
}) {
  return (
    <Pager
      {...shown}
      page={view.page}
      pageSize={view.pageSize}
      onPage={(page) => go({ ...view, page })}
      onPageSize={(pageSize) => go({ ...view, pageSize, page: 1 })}
    />
  );
}

/** A list page's rows (drawn by `children`) with its pager, or its loading, error or empty state. */
export function ListResults<V extends PagedView, R extends RowsPage>({
  list,
  lang,
  loadingLabel,
  emptyLabel,
  searched,
  children,
}: {
  list: ListPage<V, R>;
  lang: Language;
  loadingLabel: string;
  emptyLabel: string;
  searched?: string;
  children: (result: R) => ReactNode;
}) {
  const { view, go, loading, failed, error, empty, result, retry } = list;
  return (
    <ListFrame
      loading={loading}
      loadingLabel={loadingLabel}
      error={failed && <LoadError message={error} onRetry={retry} />}
      emptyLabel={empty && !loading ? emptyLabel : null}
      searched={searched}
    >
      {result && result.total > 0 && (
        <>
          {children(result)}
          <ViewPager view={view} total={result.total} lang={lang} disabled={loading} go={go} />
        </>
      )}
    </ListFrame>
  );
}

/** A request that failed (the server's words), with what failed and a way to try again. */
export function FailureRetry({
  failure,
  title,
  retryLabel,
  onRetry,
}: {
  failure: RequestFailure;
  title?: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <FailureAlert failure={failure}>
      {title && <p className="font-medium">{title}</p>}
      <RetryButton label={retryLabel} onRetry={onRetry} />
    </FailureAlert>
  );
}
