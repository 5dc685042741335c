import { useSelector } from '@xstate/react';
import type { TFunction } from '../../i18n/translator';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MigrationHistoryPage, MigrationRecord } from '../../../contract/api/wallet-migrations';
import { formatDateTime } from '../../ui/values';
import { Button } from '../../ui/Button';
import { FailureRetry } from '../../ui/list/ListFrame';
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { TableColumn } from '../../ui/table/table-types';
import { selectHistory, selectHistoryFailure, selectHistoryLoading, selectWallet } from './migration-machine';
import { type MigrationActor, valueText } from './migration-view';
import { MIGRATION_MESSAGES_KEY as K } from './messages';

/** Past migrations: of the wallet in view, or the most recent ones when none is. */
export function MigrationHistory({ actor, t }: { actor: MigrationActor; t: TFunction }) {
  const history = useSelector(actor, selectHistory);
  const failure = useSelector(actor, selectHistoryFailure);
  const loading = useSelector(actor, selectHistoryLoading);
  const wallet = useSelector(actor, selectWallet);
  const heading = wallet ? t(`${K}.history.title`, { number: wallet.number }) : t(`${K}.history.recent`);
  const rows = history?.rows ?? [];
  return (
    <section aria-labelledby="migration-history-title" aria-busy={loading} className="space-y-2">
      <h2 id="migration-history-title" className="text-lg font-semibold text-ink">
        {heading}
      </h2>
      {loading && (
        <p role="status" className="text-sm text-muted">
          {t(`${K}.history.loading`)}
        </p>
      )}
      {failure ? (
        <FailureRetry
          failure={failure}
          title={t(`${K}.history.failed`)}
          retryLabel={t(`${K}.history.retry`)}
          onRetry={() => actor.send({ type: 'history.retry' })}
        />
      ) : (
        history &&
        (rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-edge bg-raised p-6 text-center text-sm text-muted">
            {t(`${K}.history.empty`)}
          </p>
        ) : (
          <HistoryTable history={history} label={heading} showWallet={!wallet} t={t} actor={actor} loading={loading} />
        ))
      )}
    </section>
  );
}

type Fit = Pick<TableColumn<MigrationRecord>, 'width' | 'priority' | 'keep' | 'role' | 'rowHeader'>;

/** When and what changed stay in view; the wallet, the reason and who asked give way first. */
function historyColumns(t: TFunction, showWallet: boolean): TableColumn<MigrationRecord>[] {
  const column = (id: string, cell: (row: MigrationRecord) => ReactNode, fit: Fit): TableColumn<MigrationRecord> => ({
    id,
    header: t(`${K}.history.${id}`),
    cell,
    sortable: false,
    ...fit,
  });
  return [
    column('date', (row) => formatDateTime(row.createdAt), { width: 140, priority: 0, keep: true, role: 'date' }),
    ...(showWallet
      ? [
          column(
            'wallet',
            (row) => (
              <>
                <span className="block font-medium whitespace-normal">{row.name}</span>
                <span className="text-xs text-muted tabular-nums">{row.number}</span>
              </>
            ),
            { width: 170, priority: 1, role: 'party', rowHeader: true },
          ),
        ]
      : []),
    column(
      'change',
      (row) => (
        <>
          <span className="block text-xs text-muted">{t(`${K}.form.kinds.${row.kind}`)}</span>
          <span className="block tabular-nums">{valueText(t, row, row.fromValue)}</span>
          <span className="flex items-center gap-1 font-medium tabular-nums">
            <ArrowRight size={14} aria-label={t(`${K}.history.to`)} />
            {valueText(t, row, row.toValue)}
          </span>
        </>
      ),
      { width: 180, priority: 0, keep: true, role: 'type' },
    ),
    column('reason', (row) => <span className="block max-w-xs break-words whitespace-normal">{row.reason}</span>, {
      width: 200,
      priority: 3,
      role: 'other',
    }),
    column(
      'by',
      (row) => (
        <>
          <span className="block">{row.by}</span>
          <span className="block text-xs whitespace-normal text-muted" data-testid="migration-status">
            {t(`${K}.history.status.${row.status}`, { checker: row.decidedBy ?? '' })}
            {row.status === 'rejected' && row.decisionReason ? `: ${row.decisionReason}` : ''}
          </span>
        </>
      ),
      { width: 170, priority: 2, role: 'status' },
    ),
  ];
}

function HistoryTable({
  history,
  label,
  showWallet,
  t,
  actor,
  loading,
}: {
  history: MigrationHistoryPage;
  label: string;
  showWallet: boolean;
  t: TFunction;
  actor: MigrationActor;
  loading: boolean;
}) {
  return (
    <>
      <PriorityTable
        label={label}
        testId="migration-history"
        columns={historyColumns(t, showWallet)}
        rows={history.rows}
        rowKey={(row) => String(row.id)}
        busy={loading}
      />
      {history.total > history.pageSize && (
        <nav
          aria-label={t(`${K}.history.pages`)}
          className="flex items-center justify-between gap-3 text-sm text-muted"
        >
          <Button
            variant="secondary"
            disabled={loading || history.page <= 1}
            onClick={() => actor.send({ type: 'history.page', page: history.page - 1 })}
          >
            {t(`${K}.history.previous`)}
          </Button>
          <span>
            {t(`${K}.history.page`, { page: history.page, pages: Math.ceil(history.total / history.pageSize) })}
          </span>
          <Button
            variant="secondary"
            disabled={loading || history.page * history.pageSize >= history.total}
            onClick={() => actor.send({ type: 'history.page', page: history.page + 1 })}
          >
            {t(`${K}.history.next`)}
          </Button>
        </nav>
      )}
    </>
  );
}
