import { ArrowRight } from 'lucide-react';
import type { MigrationRecord } from '../../../contract/api/wallet-migrations';
import type { Language } from '../../i18n';
import type { TFunction } from '../../i18n/translator';
import { Button } from '../../ui/Button';
import { EmptyState, FailureRetry } from '../../ui/list/ListFrame';
import { QueuePager } from '../../ui/list/Pager';
import { useQueue } from '../../ui/list/use-queue';
import { SuccessNotice } from '../../ui/SuccessNotice';
import { formatDateTime } from '../../ui/values';
import type { MigrationDecision } from './decision-machine';
import type { DecisionActor } from './decision-view';
import { MIGRATION_MESSAGES_KEY as K } from './messages';
import { valueText } from './migration-view';

const DECISIONS = ['approve', 'reject'] as const;

/**
 * The wallet changes waiting for a checker, one card each so the change and the deciding
 * buttons stay in view on a phone: Approve and Reject on requests made by someone else, a note
 * on the reader's own.
 */
export function PendingDecisions({ actor, t, lang }: { actor: DecisionActor; t: TFunction; lang: Language }) {
  const { query, page, loading, loadFailure } = useQueue(actor);
  const rows = page?.rows ?? [];
  return (
    <section aria-labelledby="migration-decisions-title" aria-busy={loading} className="space-y-2">
      <h2 id="migration-decisions-title" className="text-lg font-semibold text-ink">
        {t(`${K}.decisions.title`)}
      </h2>
      <p className="text-sm text-muted">{t(`${K}.decisions.intro`)}</p>
      <DecisionOutcome actor={actor} t={t} />
      {loading && page === null && (
        <p role="status" className="text-sm text-muted">
          {t(`${K}.decisions.loading`)}
        </p>
      )}
      {loadFailure ? (
        <FailureRetry
          failure={loadFailure}
          title={t(`${K}.decisions.failed`)}
          retryLabel={t(`${K}.decisions.retry`)}
          onRetry={() => actor.send({ type: 'list.retry' })}
        />
      ) : (
        page &&
        (rows.length === 0 ? (
          <EmptyState>{t(`${K}.decisions.empty`)}</EmptyState>
        ) : (
          <>
            <ul className="space-y-2" data-testid="migration-decisions">
              {rows.map((row) => (
                <PendingCard key={row.id} row={row} actor={actor} t={t} />
              ))}
            </ul>
            {/* Only when one page does not hold them all: a pager under two requests is noise. */}
            {page.total > page.pageSize && (
              <QueuePager actor={actor} query={query} total={page.total} lang={lang} disabled={loading} />
            )}
          </>
        ))
      )}
    </section>
  );
}

function PendingCard({ row, actor, t }: { row: MigrationRecord; actor: DecisionActor; t: TFunction }) {
  const decide = (decision: MigrationDecision) =>
    actor.send({ type: 'decision.start', decision, ids: [row.id], scope: 'row' });
  return (
    <li
      data-number={row.number}
      className="flex flex-col gap-3 rounded-lg border border-warning-line bg-raised p-3 shadow-sm sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0 space-y-1 text-sm text-ink">
        <p>
          <span className="font-semibold">{row.name}</span>{' '}
          <span className="text-muted tabular-nums">{row.number}</span>
        </p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="text-xs text-muted">{t(`${K}.form.kinds.${row.kind}`)}</span>
          <span className="whitespace-nowrap tabular-nums">{valueText(t, row, row.fromValue)}</span>
          <ArrowRight size={14} aria-label={t(`${K}.history.to`)} />
          <span className="font-semibold whitespace-nowrap tabular-nums">{valueText(t, row, row.toValue)}</span>
        </p>
        <p className="text-xs text-muted">
          {t(`${K}.decisions.asked`, { maker: row.by, date: formatDateTime(row.createdAt) })}
        </p>
        <p className="break-words text-xs text-ink">{t(`${K}.decisions.reason`, { reason: row.reason })}</p>
      </div>
      {row.canDecide ? (
        <div className="flex shrink-0 gap-2">
          {DECISIONS.map((decision) => (
            <Button
              key={decision}
              variant={decision}
              aria-label={t(`${K}.decisions.${decision}Named`, { number: row.number })}
              onClick={() => decide(decision)}
            >
              {t(`${K}.decisions.${decision}`)}
            </Button>
          ))}
        </div>
      ) : (
        <p className="shrink-0 text-xs font-medium text-warning" data-testid="migration-own-request">
          {t(`${K}.decisions.own`)}
        </p>
      )}
    </li>
  );
}

/** What became of the last decision: the row has left the list. */
function DecisionOutcome({ actor, t }: { actor: DecisionActor; t: TFunction }) {
  const { outcome } = useQueue(actor);
  if (!outcome) return null;
  const { migration } = outcome;
  const values = { name: migration.name, number: migration.number, to: valueText(t, migration, migration.toValue) };
  return (
    <SuccessNotice onDismiss={() => actor.send({ type: 'outcome.dismiss' })}>
      <p data-testid="migration-decision-outcome">
        {outcome.decision === 'approve' ? t(`${K}.decisions.approved`, values) : t(`${K}.decisions.rejected`, values)}
      </p>
    </SuccessNotice>
  );
}
