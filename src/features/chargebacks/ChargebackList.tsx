import type { TFunction } from '../../i18n/translator';
import type { Language } from '../../i18n';
import { Button } from '../../ui/Button';
import { FailureRetry, ListFrame } from '../../ui/list/ListFrame';
import { useQueue } from '../../ui/list/use-queue';
import { CHARGEBACK_MESSAGES_KEY as K } from './messages';
import { ChargebackFilterBar } from './ChargebackFilterBar';
import { ChargebackTable } from './ChargebackTable';
import { OutcomeNotice } from './OutcomeNotice';
import type { ChargebackListActor } from './chargeback-labels';

/** The chargebacks asked for, filtered and paged, where a checker approves or rejects one. */
export function ChargebackList({ actor, t, lang }: { actor: ChargebackListActor; t: TFunction; lang: Language }) {
  const { query, page, loading, loadFailure } = useQueue(actor);
  const rows = page?.rows ?? [];
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  return (
    <section aria-labelledby="chargeback-list-title" aria-busy={loading} className="space-y-3">
      <h2 id="chargeback-list-title" className="text-lg font-semibold text-ink">
        {t(`${K}.list.title`)}
      </h2>
      <ChargebackFilterBar
        filters={query}
        t={t}
        onChange={(filters) => actor.send({ type: 'filters.change', filters })}
      />
      <OutcomeNotice actor={actor} t={t} />
      <ListFrame
        loading={loading}
        loadingLabel={t(`${K}.list.loading`)}
        error={
          loadFailure && (
            <FailureRetry
              failure={loadFailure}
              title={t(`${K}.list.loadFailed`)}
              retryLabel={t(`${K}.list.retry`)}
              onRetry={() => actor.send({ type: 'list.retry' })}
            />
          )
        }
        emptyLabel={
          page && rows.length === 0
            ? query.status === 'pending'
              ? t(`${K}.list.emptyPending`)
              : t(`${K}.list.empty`)
            : null
        }
      >
        {page && (
          <>
            <ChargebackTable rows={rows} t={t} lang={lang} actor={actor} />
            {page.total > page.pageSize && (
              <nav aria-label={t(`${K}.list.pages`)} className="flex items-center justify-between gap-3 text-sm">
                <Button
                  variant="secondary"
                  disabled={loading || query.page <= 1}
                  onClick={() => actor.send({ type: 'page.change', page: query.page - 1 })}
                >
                  {t(`${K}.list.previous`)}
                </Button>
                <span className="text-muted">{t(`${K}.list.page`, { page: query.page, pages })}</span>
                <Button
                  variant="secondary"
                  disabled={loading || query.page >= pages}
                  onClick={() => actor.send({ type: 'page.change', page: query.page + 1 })}
                >
                  {t(`${K}.list.next`)}
                </Button>
              </nav>
            )}
          </>
        )}
      </ListFrame>
    </section>
  );
}
