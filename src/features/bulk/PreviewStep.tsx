import { useSelector } from '@xstate/react';
import { RotateCcw, Send } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import type { Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import { Button } from '../../ui/Button';
import type { BulkApi } from './bulk-api';
import { PayerField } from './FileStep';
import { PreviewRows } from './PreviewRows';
import { PreviewStatus } from './PreviewStatus';
import { usePreviewRows } from './usePreviewRows';
import { type bulkMachine, selectFileName } from './bulk-machine';
import { usePreviewState } from './usePreviewState';

type BulkActor = ActorRefFrom<typeof bulkMachine>;

/**
 * The rows as parsed, their errors, the totals, and the way to fix, drop, check and submit.
 * Check and Submit sit above everything that changes when a cell is fixed (messages, tabs,
 * rows), so leaving a field never moves them from under the pointer.
 */
export function PreviewStep({ actor, api, lang }: { actor: BulkActor; api: BulkApi; lang: Language }) {
  const { t } = useTranslation();
  const { op, rows, errors, warnings, check, busy, canCheck, canConfirm } = usePreviewState(actor);
  const fileName = useSelector(actor, selectFileName);

  const { errorsByRow, warningsByRow, describeError, onEdit, onDrop } = usePreviewRows(actor, errors, warnings, lang);
  const needed = check ? check.totals.amount + check.totals.fees : 0;
  const payment = op.kind === 'payment';
  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-line bg-raised p-4 shadow-sm">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-ink">{t('bulk.preview.title', { name: fileName })}</h2>
          <Button variant="secondary" onClick={() => actor.send({ type: 'bulk.reset' })}>
            <RotateCcw size={16} aria-hidden />
            {t('bulk.preview.another')}
          </Button>
        </div>
        <div className="mb-3">
          <PayerField actor={actor} api={api} />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="bulk-totals">
          <Total label={t('bulk.preview.rows')} value={formatNumber(rows.length, lang)} />
          {payment && (
            <>
              <Total label={t('bulk.preview.amount')} value={check ? formatXof(check.totals.amount, lang) : '—'} />
              <Total label={t('bulk.preview.fees')} value={check ? formatXof(check.totals.fees, lang) : '—'} />
              <Total label={t('bulk.preview.total')} value={check ? formatXof(needed, lang) : '—'} />
            </>
          )}
        </dl>
        <div className="mt-3 flex flex-wrap justify-end gap-2" data-testid="bulk-actions">
          <Button
            variant="secondary"
            disabled={!canCheck || busy || rows.length === 0}
            onClick={() => actor.send({ type: 'bulk.check' })}
          >
            {t('bulk.preview.check')}
          </Button>
          <Button
            disabled={!canConfirm}
            aria-disabled={busy || undefined}
            onClick={() => actor.send({ type: 'bulk.confirm' })}
          >
            <Send size={16} aria-hidden />
            {t('bulk.preview.confirm', { count: rows.length })}
          </Button>
        </div>
        <PreviewStatus actor={actor} rowsWithErrors={errorsByRow.size} lang={lang} />
      </div>

      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-edge bg-raised p-6 text-center text-muted">
          {t('bulk.preview.empty')}
        </p>
      ) : (
        <PreviewRows
          op={op}
          rows={rows}
          errorsByRow={errorsByRow}
          warningsByRow={warningsByRow}
          describeError={describeError}
          busy={busy}
          lang={lang}
          onEdit={onEdit}
          onDrop={onDrop}
          onDropInvalid={() => actor.send({ type: 'bulk.rows.dropInvalid' })}
        />
      )}
    </div>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-surface p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-semibold text-ink tabular-nums">{value}</dd>
    </div>
  );
}
