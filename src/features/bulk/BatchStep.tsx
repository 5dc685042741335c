import { useSelector } from '@xstate/react';
import { Check, Download, RotateCcw, TriangleAlert, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import type { Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import { Badge, formatDateTime } from '../../ui/values';
import { Fact, Facts, FailureAlert, INPUT_CLASS, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../ui/parts';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import { saveBlob } from '../../ui/files/save-file';
import type { BulkApi } from './bulk-api';
import { type bulkMachine, selectBatch, selectIsBusy, selectNotice } from './bulk-machine';
import { warningLine } from './warning-text';

type BulkActor = ActorRefFrom<typeof bulkMachine>;

/** A submitted batch: its approval, its progress, and its result file. */
export function BatchStep({ actor, api, lang }: { actor: BulkActor; api: BulkApi; lang: Language }) {
  const { t } = useTranslation();
  const id = useId();
  const batch = useSelector(actor, selectBatch);
  const busy = useSelector(actor, selectIsBusy);
  const notice = useSelector(actor, selectNotice);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [downloading, setDownloading] = useState(false);
  const [downloadFailure, setDownloadFailure] = useState<RequestFailure | null>(null);
  if (!batch) {
    return (
      <p role="status" className="text-slate-600">
        …
      </p>
    );
  }
  const processed = batch.rowsDone + batch.rowsFailed;
  const percent = batch.rowsTotal ? Math.round((processed / batch.rowsTotal) * 100) : 0;
  const finished = batch.status === 'done';
  const payment = batch.kind === 'payment';
  const download = async () => {
    setDownloading(true);
    setDownloadFailure(null);
    try {
      saveBlob(await api.results(batch.id), `${batch.kind}-${batch.id.slice(0, 8)}-results.csv`);
    } catch (error) {
      setDownloadFailure(describeFailure(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="bulk-batch">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{t('bulk.batch.title', { name: batch.fileName })}</h2>
        <Badge value={batch.status} label={t(`bulk.batch.status.${batch.status}`)} />
      </div>
      <Facts>
        <Fact label={t('bulk.batch.maker')}>{batch.maker}</Fact>
        <Fact label={t('bulk.batch.submitted')}>{formatDateTime(batch.createdAt)}</Fact>
        {batch.source && <Fact label={t('bulk.batch.source')}>{batch.source}</Fact>}
        <Fact label={t('bulk.preview.rows')}>{formatNumber(batch.rowsTotal, lang)}</Fact>
        {payment && (
          <>
            <Fact label={t('bulk.preview.amount')}>{formatXof(batch.totalAmount, lang)}</Fact>
            <Fact label={t('bulk.preview.fees')}>{formatXof(batch.totalFees, lang)}</Fact>
          </>
        )}
        {batch.checker && <Fact label={t('bulk.batch.checker')}>{batch.checker}</Fact>}
      </Facts>

      {batch.warnings && batch.warnings.length > 0 && (
        <section
          className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          aria-labelledby={`${id}-warnings`}
          data-testid="bulk-batch-warnings"
        >
          <h3 id={`${id}-warnings`} className="flex items-center gap-2 font-semibold">
            <TriangleAlert size={16} aria-hidden />
            {t(batch.kind === 'payment' ? 'bulk.warnings.title' : 'bulk.warnings.feeTitle')} (
            {formatNumber(batch.warnings.length, lang)})
          </h3>
          <ul className="mt-1 space-y-0.5">
            {batch.warnings.map((w) => (
              <li key={w.rowNo}>{warningLine(t, w, lang)}</li>
            ))}
          </ul>
        </section>
      )}

      {batch.status === 'awaiting_approval' && (
        <div className="space-y-3">
          <p className="text-sm text-amber-900" data-testid="bulk-batch-waiting">
            {t(payment ? 'bulk.batch.waiting' : 'bulk.batch.waitingSettings')}
          </p>
          {batch.canDecide && !rejecting && (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={PRIMARY_BUTTON}
                disabled={busy}
                onClick={() => actor.send({ type: 'bulk.decide', decision: 'approve' })}
              >
                <Check size={16} aria-hidden />
                {t(payment ? 'bulk.batch.approve' : 'bulk.batch.approveSettings')}
              </button>
              <button type="button" className={SECONDARY_BUTTON} disabled={busy} onClick={() => setRejecting(true)}>
                <X size={16} aria-hidden />
                {t('bulk.batch.reject')}
              </button>
            </div>
          )}
          {batch.canDecide && rejecting && (
            <form
              className="space-y-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (reason.trim().length >= 3)
                  actor.send({ type: 'bulk.decide', decision: 'reject', reason: reason.trim() });
              }}
            >
              <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-800">
                {t('bulk.batch.reason')}
              </label>
              <input
                id={`${id}-reason`}
                className={INPUT_CLASS}
                value={reason}
                maxLength={500}
                aria-describedby={`${id}-reason-hint`}
                onChange={(e) => setReason(e.target.value)}
              />
              <p id={`${id}-reason-hint`} className="text-xs text-slate-600">
                {t('bulk.batch.reasonHint')}
              </p>
              <div className="flex gap-2">
                <button type="submit" className={PRIMARY_BUTTON} disabled={busy || reason.trim().length < 3}>
                  {t('bulk.batch.confirmReject')}
                </button>
                <button type="button" className={SECONDARY_BUTTON} onClick={() => setRejecting(false)}>
                  {t('bulk.batch.cancel')}
                </button>
              </div>
            </form>
          )}
          {notice && <FailureAlert failure={notice} />}
        </div>
      )}

      {(batch.status === 'queued' || batch.status === 'processing' || finished) && (
        <div className="space-y-2">
          <div
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('bulk.batch.progress', { done: processed, total: batch.rowsTotal })}
            className="h-3 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full bg-brand-700 transition-all" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm text-slate-700" aria-live="polite" data-testid="bulk-progress">
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
      )}

      <div className="flex flex-wrap gap-2">
        {finished && (
          <button type="button" className={PRIMARY_BUTTON} disabled={downloading} onClick={() => void download()}>
            <Download size={16} aria-hidden />
            {downloading ? t('bulk.batch.downloading') : t('bulk.batch.results')}
          </button>
        )}
        <button type="button" className={SECONDARY_BUTTON} onClick={() => actor.send({ type: 'bulk.reset' })}>
          <RotateCcw size={16} aria-hidden />
          {t('bulk.batch.newFile')}
        </button>
      </div>
      {downloadFailure && <FailureAlert failure={downloadFailure} />}
    </div>
  );
}
