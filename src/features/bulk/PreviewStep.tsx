import clsx from 'clsx';
import { useSelector } from '@xstate/react';
import { CheckCircle2, RotateCcw, Send, Trash2, TriangleAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import type { BulkColumn, BulkRow, RowError } from '../../../contract/bulk';
import type { Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import { FailureAlert, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../ui/parts';
import { ScrollRegion } from '../../ui/ScrollRegion';
import type { BulkApi } from './bulk-effects';
import { PayerField } from './FileStep';
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
} from './bulk-machine';

type BulkActor = ActorRefFrom<typeof bulkMachine>;

const PAGE_ROWS = 50;
const TH = 'px-2 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase whitespace-nowrap';
const TD = 'px-2 py-1.5 align-top text-sm text-slate-800';

/** The rows as parsed, their errors, the totals, and the way to fix, drop, check and submit. */
export function PreviewStep({ actor, client, lang }: { actor: BulkActor; client: BulkApi; lang: Language }) {
  const { t } = useTranslation();
  const op = actor.getSnapshot().context.op;
  const rows = useSelector(actor, selectRows);
  const errors = useSelector(actor, selectErrors);
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
  const [onlyErrors, setOnlyErrors] = useState(true);
  const [start, setStart] = useState(0);
  const shown = useMemo(
    () => (onlyErrors && errorsByRow.size ? rows.filter((r) => errorsByRow.has(r.rowNo)) : rows),
    [rows, errorsByRow, onlyErrors],
  );
  const from = Math.min(start, Math.max(0, shown.length - 1) - (Math.max(0, shown.length - 1) % PAGE_ROWS));
  const page = shown.slice(from, from + PAGE_ROWS);
  const label = (key: string) => op.columns.find((c) => c.key === key)?.label[lang] ?? key;
  const describeError = (e: RowError) =>
    t(`bulk.rowErrors.${e.code}`, {
      field: e.field ? label(e.field) : '',
      ...e.params,
      ...(typeof e.params?.max === 'number' ? { max: formatNumber(e.params.max, lang) } : {}),
    });
  const needed = check ? check.totals.amount + check.totals.fees : 0;

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
          <PayerField actor={actor} client={client} />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="bulk-totals">
          <Total label={t('bulk.preview.rows')} value={formatNumber(rows.length, lang)} />
          {op.kind === 'payment' && (
            <>
              <Total label={t('bulk.preview.amount')} value={check ? formatXof(check.totals.amount, lang) : '—'} />
              <Total label={t('bulk.preview.fees')} value={check ? formatXof(check.totals.fees, lang) : '—'} />
              <Total label={t('bulk.preview.total')} value={check ? formatXof(needed, lang) : '—'} />
            </>
          )}
        </dl>
        <div className="mt-3 space-y-2" aria-live="polite">
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
        <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
          <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3">
            <fieldset className="inline-flex overflow-hidden rounded-md border border-slate-300 text-sm">
              <legend className="sr-only">{t('bulk.preview.caption')}</legend>
              {[true, false].map((value) => (
                <button
                  key={String(value)}
                  type="button"
                  aria-pressed={onlyErrors === value}
                  className={clsx('px-3 py-1.5', onlyErrors === value ? 'bg-brand-700 text-white' : 'bg-white')}
                  onClick={() => {
                    setOnlyErrors(value);
                    setStart(0);
                  }}
                >
                  {value
                    ? t('bulk.preview.showErrors', { count: errorsByRow.size })
                    : t('bulk.preview.showAll', { count: rows.length })}
                </button>
              ))}
            </fieldset>
            {errorsByRow.size > 0 && (
              <button
                type="button"
                className={SECONDARY_BUTTON}
                disabled={busy}
                onClick={() => actor.send({ type: 'bulk.rows.dropInvalid' })}
              >
                <Trash2 size={16} aria-hidden />
                {t('bulk.preview.dropInvalid')}
              </button>
            )}
          </div>
          <ScrollRegion label={t('bulk.preview.caption')} className="relative overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200">
              <caption className="sr-only">{t('bulk.preview.caption')}</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={TH}>
                    {t('bulk.preview.line')}
                  </th>
                  {op.columns.map((c) => (
                    <th key={c.key} scope="col" className={TH}>
                      {c.label[lang]}
                    </th>
                  ))}
                  <th scope="col" className={TH}>
                    {t('bulk.preview.problems')}
                  </th>
                  <th scope="col" className={TH}>
                    <span className="sr-only">{t('bulk.preview.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {page.map((row) => (
                  <PreviewRow
                    key={row.rowNo}
                    row={row}
                    columns={op.columns}
                    errors={errorsByRow.get(row.rowNo) ?? []}
                    describeError={describeError}
                    disabled={busy}
                    lang={lang}
                    onEdit={(field, value) => actor.send({ type: 'bulk.row.edit', rowNo: row.rowNo, field, value })}
                    onDrop={() => actor.send({ type: 'bulk.row.drop', rowNo: row.rowNo })}
                  />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {shown.length > PAGE_ROWS && (
            <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 p-3 text-sm">
              <span>
                {t('bulk.preview.page', {
                  from: formatNumber(from + 1, lang),
                  to: formatNumber(Math.min(from + PAGE_ROWS, shown.length), lang),
                  total: formatNumber(shown.length, lang),
                })}
              </span>
              <span className="flex gap-2">
                <button
                  type="button"
                  className={SECONDARY_BUTTON}
                  disabled={from === 0}
                  onClick={() => setStart(Math.max(0, from - PAGE_ROWS))}
                >
                  {t('bulk.preview.previous')}
                </button>
                <button
                  type="button"
                  className={SECONDARY_BUTTON}
                  disabled={from + PAGE_ROWS >= shown.length}
                  onClick={() => setStart(from + PAGE_ROWS)}
                >
                  {t('bulk.preview.next')}
                </button>
              </span>
            </div>
          )}
        </div>
      )}

      <div className="flex flex-wrap justify-end gap-2">
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

function PreviewRow({
  row,
  columns,
  errors,
  describeError,
  disabled,
  lang,
  onEdit,
  onDrop,
}: {
  row: BulkRow;
  columns: readonly BulkColumn[];
  errors: RowError[];
  describeError: (e: RowError) => string;
  disabled: boolean;
  lang: Language;
  onEdit: (field: string, value: string) => void;
  onDrop: () => void;
}) {
  const { t } = useTranslation();
  const bad = errors.length > 0;
  const errorId = `bulk-row-${row.rowNo}-errors`;
  return (
    <tr data-row={row.rowNo} className={bad ? 'bg-red-50/60' : undefined}>
      <td className={`${TD} tabular-nums text-slate-500`}>{row.rowNo}</td>
      {columns.map((column) => {
        const value = row.values[column.key] ?? '';
        const wrong = errors.some((e) => e.field === column.key || (e.field === null && column.required));
        return (
          <td key={column.key} className={TD}>
            {bad ? (
              <input
                // Uncontrolled with a key on the value: typing stays local until the field is left.
                key={value}
                defaultValue={value}
                disabled={disabled}
                aria-label={`${column.label[lang]}, ${t('bulk.preview.line')} ${row.rowNo}`}
                aria-invalid={wrong}
                aria-describedby={errorId}
                className="h-8 w-full min-w-28 rounded border border-slate-300 px-2 text-sm aria-[invalid=true]:border-red-600"
                onBlur={(e) => {
                  if (e.target.value !== value) onEdit(column.key, e.target.value);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
                }}
              />
            ) : (
              <span className="tabular-nums whitespace-nowrap">{value}</span>
            )}
          </td>
        );
      })}
      <td className={`${TD} min-w-48`}>
        {bad && (
          <ul id={errorId} className="space-y-0.5 text-xs text-red-800">
            {errors.map((e) => (
              <li key={`${e.code}:${e.field}`}>{describeError(e)}</li>
            ))}
          </ul>
        )}
      </td>
      <td className={TD}>
        <button
          type="button"
          disabled={disabled}
          onClick={onDrop}
          aria-label={t('bulk.preview.dropRow', { row: row.rowNo })}
          className="inline-flex items-center gap-1 rounded px-2 py-1 text-xs text-slate-700 hover:bg-slate-100"
        >
          <Trash2 size={14} aria-hidden />
          {t('bulk.preview.drop')}
        </button>
      </td>
    </tr>
  );
}
