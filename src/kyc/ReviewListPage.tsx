/**
 * /customers, /agents and /merchants (issue 8): one review list per kind of account, found
 * from the route path. Filters, sort, page and the account open in the detail view live in
 * the URL (a reviewer can share or bookmark a filtered list, and Back closes the detail);
 * the rows come from `GET kyc/{kind}` through the shared load machine.
 */
import { useRouterState, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_LIST_KINDS, type KycListKind, type KycListPage, type KycListQuery } from '../../contract/kyc';
import { useServices } from '../app/ServicesContext';
import { LoadError } from '../balances/parts';
import { isLanguage, type Language } from '../i18n';
import { findPage } from '../registry/pages';
import { Pager, pageCount } from '../reports/Pager';
import {
  fetchActor,
  resultOf,
  selectError,
  selectIsEmpty,
  selectIsFailed,
  selectIsLoading,
  withEmpty,
} from '../reports/report-machine';
import { useSetSearch } from '../reports/use-set-search';
import { PageFrame } from '../routes/PageFrame';
import { AccountReview } from './AccountReview';
import { kycApi } from './kyc-api';
import { ReviewFilters } from './ReviewFilters';
import { ReviewTable } from './ReviewTable';
import {
  EMPTY_FILTERS,
  listQuery,
  nextSort,
  queryKey,
  type ReviewFilters as Filters,
  type ReviewView,
  readReviewView,
  viewSearch,
} from './review-query';

const selectListPage = resultOf<KycListPage>();
const listMachine = withEmpty<KycListPage>((page) => page.total === 0);

/** The review list served at `path` ('/customers' → 'customers'). */
export function listKindAt(path: string | undefined): KycListKind | undefined {
  const kind = path?.replace(/^\//, '');
  return (KYC_LIST_KINDS as readonly string[]).includes(kind ?? '') ? (kind as KycListKind) : undefined;
}

export default function ReviewListPage() {
  const { t, i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const page = findPage(pathname);
  const kind = listKindAt(page?.page.path);
  const title = page?.page.title[lang] ?? t('pages.notFoundTitle');
  if (!kind || !page) {
    return (
      <PageFrame title={title}>
        <p className="text-slate-600">{t('kyc.notDefined')}</p>
      </PageFrame>
    );
  }
  return <ReviewScreen key={kind} kind={kind} path={page.page.path} title={title} lang={lang} />;
}

function ReviewScreen({ kind, path, title, lang }: { kind: KycListKind; path: string; title: string; lang: Language }) {
  const { t } = useTranslation();
  const services = useServices();
  const setSearch = useSetSearch();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const view = useMemo(() => readReviewView(search), [search]);
  const query = useMemo(() => listQuery(view), [view]);
  const key = queryKey(query);
  const api = useMemo(() => kycApi(services.api), [services.api]);

  const listActor = useActorRef(
    listMachine.provide({
      actors: { fetchReport: fetchActor((q: KycListQuery, signal) => api.list(kind, q, signal)) },
    }),
  );
  // The list loads while it is in view: not behind an open account, and again on the way back
  // if a decision was taken meanwhile (its status, last decision, even its place changed).
  const listVisible = view.account === '';
  const loaded = useRef<{ key: string; stale: boolean } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the query's identity.
  useEffect(() => {
    if (!listVisible) return;
    if (loaded.current?.key === key && !loaded.current.stale) return;
    loaded.current = { key, stale: false };
    listActor.send({ type: 'report.query', query });
  }, [key, listVisible, listActor]);
  const markListStale = () => {
    if (loaded.current) loaded.current.stale = true;
  };

  const loading = useSelector(listActor, selectIsLoading);
  const empty = useSelector(listActor, selectIsEmpty);
  const failed = useSelector(listActor, selectIsFailed);
  const error = useSelector(listActor, selectError);
  const result = useSelector(listActor, selectListPage);

  const listSearch = viewSearch({ ...view, account: '' });
  const go = (next: ReviewView, replace = false) => setSearch(viewSearch(next), replace);

  // A page past the end (accounts decided away from a filtered list): the last page instead.
  const pastTheEnd =
    !loading && result && result.rows.length === 0 && result.total > 0 && view.page > 1
      ? pageCount(result.total, view.pageSize)
      : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the answer says so.
  useEffect(() => {
    if (pastTheEnd !== null && pastTheEnd < view.page) go({ ...view, page: pastTheEnd }, true);
  }, [pastTheEnd]);

  const filtered = Object.keys(EMPTY_FILTERS).some((k) => view[k as keyof Filters] !== '');

  return (
    <PageFrame title={title}>
      {view.account ? (
        <AccountReview
          key={view.account}
          number={view.account}
          lang={lang}
          pathname={path}
          backSearch={listSearch}
          onDecided={markListStale}
        />
      ) : (
        <>
          <ReviewFilters
            key={`${view.q}|${view.agent}`}
            filters={view}
            onChange={(change) => go({ ...view, ...change, page: 1 })}
          />
          {loading && (
            <p role="status" className="mb-2 text-sm text-slate-500">
              {t('kyc.list.loading')}
            </p>
          )}
          {failed && <LoadError message={error} onRetry={() => listActor.send({ type: 'report.retry' })} />}
          {empty && !loading && (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
              {filtered ? t('kyc.list.noMatch') : t('kyc.list.empty')}
            </p>
          )}
          {!failed && result && result.total > 0 && (
            <>
              <ReviewTable
                rows={result.rows}
                view={view}
                pathname={path}
                searchOf={(number) => ({ ...listSearch, account: number })}
                lang={lang}
                busy={loading}
                onSort={(column) => go({ ...view, ...nextSort(view, column), page: 1 })}
              />
              <Pager
                page={view.page}
                pageSize={view.pageSize}
                total={result.total}
                lang={lang}
                disabled={loading}
                onPage={(p) => go({ ...view, page: p })}
                onPageSize={(size) => go({ ...view, pageSize: size, page: 1 })}
              />
            </>
          )}
        </>
      )}
    </PageFrame>
  );
}
