import { useSelector } from '@xstate/react';
import { CheckCircle2, RotateCcw, Send, TriangleAlert } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import type { RowError, RowWarning } from '../../../contract/bulk';
import type { Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import { FailureAlert, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../ui/parts';
import type { BulkApi } from './bulk-api';
import { PayerField } from './FileStep';
import { PreviewRows } from './PreviewRows';
import { previewSummary } from './preview-summary';
import {
  type bulkMachine,
  selectCanCheck,
  selectCanConfirm,
  selectCheck,
  selectErrors,
  selectFileName,
  selectIsBusy,
  selectNotice,
  selectRows,
  selectWarnings,
} from './bulk-machine';

type BulkActor = ActorRefFrom<typeof bulkMachine>;

/**
 * The rows as parsed, their errors, the totals, and the way to fix, drop, check and submit.
 * Check and Submit sit above everything that changes when a cell is fixed (messages, tabs,
 * rows), so leaving a field never moves them from under the pointer.
 */
export function PreviewStep({ actor, api, lang }: { actor: BulkActor; api: BulkApi; lang: Language }) {
  const { t } = useTranslation();
  const op = actor.getSnapshot().context.op;
  const rows = useSelector(actor, selectRows);
  const errors = useSelector(actor, selectErrors);
  const warnings = useSelector(actor, selectWarnings);
  const check = useSelector(actor, selectCheck);
  const busy = useSelector(actor, selectIsBusy);
  const canCheck = useSelector(actor, selectCanCheck);
  const canConfirm = useSelector(actor, selectCanConfirm);
  const notice = useSelector(actor, selectNotice);
  const fileName = useSelector(actor, selectFileName);
  const checking = useSelector(actor, (s) => s.matches({ preview: 'checking' }));

  const errorsByRow = useMemo(() => {
    const map = new Map<number, RowError[]>();
    for (const error of errors) map.set(error.rowNo, [...(map.get(error.rowNo) ?? []), error]);
    return map;
  }, [errors]);
  const warningsByRow = useMemo(() => new Map<number, RowWarning>(warnings.map((w) => [w.rowNo, w])), [warnings]);
  const summary = useMemo(() => previewSummary(rows, errors), [rows, errors]);
  const label = useCallback((key: string) => op.columns.find((c) => c.key === key)?.label[lang] ?? key, [op, lang]);
  const describeError = useCallback(
    (e: RowError) =>
      t(`bulk.rowErrors.${e.code}`, {
        field: e.field ? label(e.field) : '',
        ...e.params,
        ...(typeof e.params?.max === 'number' ? { max: formatNumber(e.params.max, lang) } : {}),
      }),
    [t, label, lang],
  );
  const onEdit = useCallback(
    (rowNo: number, field: string, value: string) => actor.send({ type: 'bulk.row.edit', rowNo, field, value }),
    [actor],
  );
  const onDrop = useCallback((rowNo: number) => actor.send({ type: 'bulk.row.drop', rowNo }), [actor]);
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
    <div className="space-y-4">
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">{t('bulk.preview.title', { name: fileName })}</h2>
          <button type="button" className={SECONDARY_BUTTON} onClick={() => actor.send({ type: 'bulk.reset' })}>
            <RotateCcw size={16} aria-hidden />
            {t('bulk.preview.another')}
          </button>
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
          <button
            type="button"
            className={SECONDARY_BUTTON}
            disabled={!canCheck || busy || rows.length === 0}
            onClick={() => actor.send({ type: 'bulk.check' })}
          >
            {t('bulk.preview.check')}
          </button>
          <button
            type="button"
            className={PRIMARY_BUTTON}
            disabled={!canConfirm}
            aria-disabled={busy || undefined}
            onClick={() => actor.send({ type: 'bulk.confirm' })}
          >
            <Send size={16} aria-hidden />
            {t('bulk.preview.confirm', { count: rows.length })}
          </button>
        </div>
        <div className="mt-3 space-y-2" aria-live="polite">
          <p className="text-sm font-medium text-slate-800" data-testid="bulk-summary">
            {parts.join(' · ')}
          </p>
          {checking && (
            <p role="status" className="text-sm text-slate-600">
              {t('bulk.preview.checking')}
            </p>
          )}
          {!checking && errorsByRow.size > 0 && (
            <p className="flex items-center gap-2 text-sm font-medium text-red-700" data-testid="bulk-error-count">
              <TriangleAlert size={16} aria-hidden />
              {t('bulk.preview.withErrors', { count: errorsByRow.size })} — {t('bulk.preview.editHint')}
            </p>
          )}
          {!checking && errorsByRow.size === 0 && canCheck && (
            <p className="text-sm text-amber-800">{t('bulk.preview.uncheckedEdits')}</p>
          )}
          {canConfirm && (
            <p className="flex items-center gap-2 text-sm font-medium text-emerald-800">
              <CheckCircle2 size={16} aria-hidden />
              {t('bulk.preview.noErrors')}
            </p>
          )}
          {warnings.length > 0 && (
            <p className="flex items-center gap-2 text-sm font-medium text-amber-900" data-testid="bulk-warning-count">
              <TriangleAlert size={16} aria-hidden />
              {t(op.kind === 'fee-override' ? 'bulk.preview.withFeeWarnings' : 'bulk.preview.withWarnings', {
                count: warnings.length,
              })}
            </p>
          )}
          {check?.batchError && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {t(`bulk.batchErrors.${check.batchError.code}`, {
                available: formatXof(check.batchError.available ?? 0, lang),
                needed: formatXof(needed, lang),
              })}
            </p>
          )}
          {notice && <FailureAlert failure={notice} />}
        </div>
      </div>

      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
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
    <div className="rounded-md bg-slate-50 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}
