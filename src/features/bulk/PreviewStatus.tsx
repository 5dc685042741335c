import { useSelector } from '@xstate/react';
import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import { useTranslation } from '../../i18n/react';
import { FailureAlert } from '../../ui/parts';
import { type bulkMachine, selectNotice } from './bulk-machine';
import { usePreviewState } from './usePreviewState';
import { previewSummary } from './preview-summary';

type BulkActor = ActorRefFrom<typeof bulkMachine>;

/** What the file comes to (rows paid or applied, rows left out and why) and where the check stands. */
export function PreviewStatus({
  actor,
  rowsWithErrors,
  lang,
}: {
  actor: BulkActor;
  rowsWithErrors: number;
  lang: Language;
}) {
  const { t } = useTranslation();
  const { op, rows, errors, warnings, check, canCheck, canConfirm } = usePreviewState(actor);
  const notice = useSelector(actor, selectNotice);
  const checking = useSelector(actor, (s) => s.matches({ preview: 'checking' }));
  const summary = useMemo(() => previewSummary(rows, errors), [rows, errors]);
  const needed = check ? check.totals.amount + check.totals.fees : 0;
  const payment = op.kind === 'payment';
  const parts = [
    t('bulk.summary.rows', { count: summary.rows, n: formatNumber(summary.rows, lang) }),
    payment
      ? check
        ? t('bulk.summary.paid', {
            count: summary.payable,
            n: formatNumber(summary.payable, lang),
            amount: formatXof(check.totals.amount, lang),
          })
        : t('bulk.summary.paidUnchecked', { count: summary.payable, n: formatNumber(summary.payable, lang) })
      : t('bulk.summary.applied', { count: summary.payable, n: formatNumber(summary.payable, lang) }),
    ...(summary.excluded > 0
      ? [
          t('bulk.summary.excluded', {
            count: summary.excluded,
            n: formatNumber(summary.excluded, lang),
            reasons: summary.reasons
              .map(({ reason, count }) => t(`bulk.summary.reasons.${reason}`, { count, n: formatNumber(count, lang) }))
              .join(', '),
          }),
        ]
      : []),
  ];

  return (
    <div className="mt-3 space-y-2" aria-live="polite">
      <p className="text-sm font-medium text-ink" data-testid="bulk-summary">
        {parts.join(' · ')}
      </p>
      {checking && (
        <p role="status" className="text-sm text-muted">
          {t('bulk.preview.checking')}
        </p>
      )}
      {!checking && rowsWithErrors > 0 && (
        <p className="flex items-center gap-2 text-sm font-medium text-danger" data-testid="bulk-error-count">
          <TriangleAlert size={16} aria-hidden />
          {t('bulk.preview.withErrors', { count: rowsWithErrors })} — {t('bulk.preview.editHint')}
        </p>
      )}
      {!checking && rowsWithErrors === 0 && canCheck && (
        <p className="text-sm text-warning">{t('bulk.preview.uncheckedEdits')}</p>
      )}
      {canConfirm && (
        <p className="flex items-center gap-2 text-sm font-medium text-success">
          <CheckCircle2 size={16} aria-hidden />
          {t('bulk.preview.noErrors')}
        </p>
      )}
      {warnings.length > 0 && (
        <p className="flex items-center gap-2 text-sm font-medium text-warning" data-testid="bulk-warning-count">
          <TriangleAlert size={16} aria-hidden />
          {t(op.kind === 'fee-override' ? 'bulk.preview.withFeeWarnings' : 'bulk.preview.withWarnings', {
            count: warnings.length,
          })}
        </p>
      )}
      {check?.batchError && (
        <p role="alert" className="text-sm font-medium text-danger">
          {t(`bulk.batchErrors.${check.batchError.code}`, {
            available: formatXof(check.batchError.available ?? 0, lang),
            needed: formatXof(needed, lang),
          })}
        </p>
      )}
      {notice && <FailureAlert failure={notice} />}
    </div>
  );
}
