import { useSelector } from '@xstate/react';
import { Download, RotateCcw } from 'lucide-react';
import type { ActorRefFrom } from 'xstate';
import type { Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/Button';
import { Fact, Facts, FailureAlert } from '../../ui/parts';
import { Badge, formatDateTime } from '../../ui/values';
import { BatchDecision } from './BatchDecision';
import { BatchProgress } from './BatchProgress';
import { BatchWarnings } from './BatchWarnings';
import type { BulkApi } from './bulk-api';
import { type bulkMachine, selectBatch } from './bulk-machine';
import { useResultsDownload } from './useResultsDownload';

type BulkActor = ActorRefFrom<typeof bulkMachine>;

/** A submitted batch: its approval, its progress, and its result file. */
export function BatchStep({ actor, api, lang }: { actor: BulkActor; api: BulkApi; lang: Language }) {
  const { t } = useTranslation();
  const batch = useSelector(actor, selectBatch);
  const { download, downloading, failure: downloadFailure } = useResultsDownload(api, batch);
  if (!batch) {
    return (
      <p role="status" className="text-muted">
        …
      </p>
    );
  }
  const finished = batch.status === 'done';
  const payment = batch.kind === 'payment';

  return (
    <div className="space-y-4 rounded-lg border border-line bg-raised p-4 shadow-sm" data-testid="bulk-batch">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-ink">{t('bulk.batch.title', { name: batch.fileName })}</h2>
        <Badge value={batch.status} label={t(`bulk.batch.status.${batch.status}`)} />
      </div>
      <Facts>
        <Fact label={t('bulk.batch.maker')}>{batch.maker}</Fact>
        <Fact label={t('bulk.batch.submitted')}>{formatDateTime(batch.createdAt)}</Fact>
        {batch.source && (
          <Fact label={t('bulk.batch.source')}>
            {batch.sourceName ? `${batch.sourceName} (${batch.source})` : batch.source}
          </Fact>
        )}
        <Fact label={t('bulk.preview.rows')}>{formatNumber(batch.rowsTotal, lang)}</Fact>
        {payment && (
          <>
            <Fact label={t('bulk.preview.amount')}>{formatXof(batch.totalAmount, lang)}</Fact>
            <Fact label={t('bulk.preview.fees')}>{formatXof(batch.totalFees, lang)}</Fact>
          </>
        )}
        {batch.checker && <Fact label={t('bulk.batch.checker')}>{batch.checker}</Fact>}
      </Facts>

      <BatchWarnings batch={batch} lang={lang} />

      {batch.status === 'awaiting_approval' && <BatchDecision actor={actor} batch={batch} />}

      {(batch.status === 'queued' || batch.status === 'processing' || finished) && (
        <BatchProgress batch={batch} lang={lang} />
      )}

      <div className="flex flex-wrap gap-2">
        {finished && (
          <Button loading={downloading} loadingLabel={t('bulk.batch.downloading')} onClick={() => void download()}>
            <Download size={16} aria-hidden />
            {t('bulk.batch.results')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => actor.send({ type: 'bulk.reset' })}>
          <RotateCcw size={16} aria-hidden />
          {t('bulk.batch.newFile')}
        </Button>
      </div>
      {downloadFailure && <FailureAlert failure={downloadFailure} />}
    </div>
  );
}
