import { useMemo } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageMessages } from '../../i18n/page-messages';
import { KYC_MESSAGES, KYC_MESSAGES_KEY } from './messages';
import { KYC_LIST_KINDS, type KycListKind } from '../../../contract/kyc';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { PageFrame } from '../../ui/PageFrame';
import { ListResults } from '../../ui/list/ListFrame';
import { useListPage } from '../../ui/list/use-list-page';
import { AccountReview } from './AccountReview';
import { kycApi } from './kyc-api';
import { ReviewFilters } from './ReviewFilters';
import { ReviewTable } from './ReviewTable';
import {
  DEFAULT_FILTERS,
  listQuery,
  nextSort,
  type ReviewFilters as Filters,
  type ReviewView,
  readReviewView,
  viewSearch,
} from './review-query';
import type { HostedPageProps } from '../../ui/hosted-page';

/** The review list served at `path` ('/customers' → 'customers'). */
export function listKindAt(path: string | undefined): KycListKind | undefined {
  const kind = path?.replace(/^\//, '');
  return (KYC_LIST_KINDS as readonly string[]).includes(kind ?? '') ? (kind as KycListKind) : undefined;
}

export default function ReviewListPage({ path, title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(KYC_MESSAGES_KEY, KYC_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const kind = listKindAt(path);
  if (!kind) {
    return (
      <PageFrame title={title}>
        <p className="text-muted">{t('kyc.notDefined')}</p>
      </PageFrame>
    );
  }
  return <ReviewScreen key={kind} kind={kind} path={path} title={title} lang={lang} />;
}

function ReviewScreen({ kind, path, title, lang }: { kind: KycListKind; path: string; title: string; lang: Language }) {
  const { t } = useTranslation();
  const services = useServices();
  const api = useMemo(() => kycApi(services.api), [services.api]);
  // The list loads while it is in view: not behind an open account, and again on the way back
  // if a decision was taken meanwhile (its status, last decision, even its place changed).
  const list = useListPage({
    read: readReviewView,
    toSearch: viewSearch,
    fetch: (v: ReviewView, signal) => api.list(kind, listQuery(v), signal),
    active: (v) => v.account === '',
  });
  const { view, go } = list;
  const listSearch = viewSearch({ ...view, account: '' });
  const filtered = (Object.keys(DEFAULT_FILTERS) as (keyof Filters)[]).some((k) => view[k] !== DEFAULT_FILTERS[k]);

  return (
    <PageFrame title={title} wide={!view.account}>
      {view.account ? (
        <AccountReview
          key={view.account}
          number={view.account}
          lang={lang}
          pathname={path}
          backSearch={listSearch}
          kind={kind}
          onDecided={list.markStale}
          onOpenNext={(next) => go({ ...view, account: next ?? '' })}
        />
      ) : (
        <>
          <ReviewFilters
            key={`${view.q}|${view.agent}`}
            filters={view}
            onChange={(change) => go({ ...view, ...change, page: 1 })}
          />
          <ListResults
            list={list}
            lang={lang}
            loadingLabel={t('kyc.list.loading')}
            emptyLabel={filtered ? t('kyc.list.noMatch') : t('kyc.list.empty')}
            searched={view.q}
          >
            {(result) => (
              <ReviewTable
                rows={result.rows}
                view={view}
                pathname={path}
                searchOf={(number) => ({ ...listSearch, account: number })}
                lang={lang}
                busy={list.loading}
                onSort={(column) => go({ ...view, ...nextSort(view, column), page: 1 })}
              />
            )}
          </ListResults>
        </>
      )}
    </PageFrame>
  );
}
