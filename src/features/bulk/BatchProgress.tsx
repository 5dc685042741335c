import type { BulkBatchView } from '../../../contract/api/bulk';
import type { Language } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { useTranslation } from '../../i18n/react';

/** How far a queued or running batch has come: rows processed, succeeded and failed. */
export function BatchProgress({ batch, lang }: { batch: BulkBatchView; lang: Language }) {
  const { t } = useTranslation();
  const processed = batch.rowsDone + batch.rowsFailed;
  const percent = batch.rowsTotal ? Math.round((processed / batch.rowsTotal) * 100) : 0;
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('bulk.batch.progress', { done: processed, total: batch.rowsTotal })}
        className="h-3 overflow-hidden rounded-full bg-sunken"
      >
        <div className="h-full bg-brand-700 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-ink" aria-live="polite" data-testid="bulk-progress">
        {t('bulk.batch.progress', {
          done: formatNumber(processed, lang),
          total: formatNumber(batch.rowsTotal, lang),
        })}
        {' · '}
        {t('bulk.batch.succeeded')}: <span className="font-medium">{formatNumber(batch.rowsDone, lang)}</span>
        {' · '}
        {t('bulk.batch.failedRows')}: <span className="font-medium">{formatNumber(batch.rowsFailed, lang)}</span>
      </p>
    </div>
  );
}
