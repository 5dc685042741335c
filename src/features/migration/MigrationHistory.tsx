import { useSelector } from '@xstate/react';
import type { TFunction } from '../../i18n/translator';
import { ArrowRight } from 'lucide-react';
import type { MigrationHistoryPage } from '../../../contract/wallet-migrations';
import { formatDateTime } from '../../ui/values';
import { SECONDARY_BUTTON } from '../../ui/parts';
import { ColumnHeads, DataTable, FailureRetry, TD } from '../../ui/list/ListFrame';
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
      <h2 id="migration-history-title" className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      {loading && (
        <p role="status" className="text-sm text-slate-500">
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
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
            {t(`${K}.history.empty`)}
          </p>
        ) : (
          <HistoryTable history={history} label={heading} showWallet={!wallet} t={t} actor={actor} loading={loading} />
        ))
      )}
    </section>
  );
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
      <DataTable
        label={label}
        testId="migration-history"
        head={
          <ColumnHeads
            labels={[
              t(`${K}.history.date`),
              ...(showWallet ? [t(`${K}.history.wallet`)] : []),
              t(`${K}.history.change`),
              t(`${K}.history.reason`),
              t(`${K}.history.by`),
            ]}
          />
        }
      >
        {history.rows.map((row) => (
          <tr key={row.id}>
            <td className={`${TD} whitespace-nowrap tabular-nums`}>{formatDateTime(row.createdAt)}</td>
            {showWallet && (
              <td className={TD}>
                <span className="block font-medium">{row.name}</span>
                <span className="text-xs text-slate-600 tabular-nums">{row.number}</span>
              </td>
            )}
            <td className={TD}>
              <span className="block text-xs text-slate-600">{t(`${K}.form.kinds.${row.kind}`)}</span>
              <span className="block whitespace-nowrap tabular-nums">{valueText(t, row, row.fromValue)}</span>
              <span className="flex items-center gap-1 font-medium whitespace-nowrap tabular-nums">
                <ArrowRight size={14} aria-label={t(`${K}.history.to`)} />
                {valueText(t, row, row.toValue)}
              </span>
            </td>
            <td className={`${TD} min-w-40 max-w-xs break-words`}>{row.reason}</td>
            <td className={TD}>
              <span className="block">{row.by}</span>
              <span className="block text-xs text-slate-600" data-testid="migration-status">
                {t(`${K}.history.status.${row.status}`, { checker: row.decidedBy ?? '' })}
                {row.status === 'rejected' && row.decisionReason ? `: ${row.decisionReason}` : ''}
              </span>
            </td>
          </tr>
        ))}
      </DataTable>
      {history.total > history.pageSize && (
        <nav
          aria-label={t(`${K}.history.pages`)}
          className="flex items-center justify-between gap-3 text-sm text-slate-600"
        >
          <button
            type="button"
            className={SECONDARY_BUTTON}
            disabled={loading || history.page <= 1}
            onClick={() => actor.send({ type: 'history.page', page: history.page - 1 })}
          >
            {t(`${K}.history.previous`)}
          </button>
          <span>
            {t(`${K}.history.page`, { page: history.page, pages: Math.ceil(history.total / history.pageSize) })}
          </span>
          <button
            type="button"
            className={SECONDARY_BUTTON}
            disabled={loading || history.page * history.pageSize >= history.total}
            onClick={() => actor.send({ type: 'history.page', page: history.page + 1 })}
          >
            {t(`${K}.history.next`)}
          </button>
        </nav>
      )}
    </>
  );
}
