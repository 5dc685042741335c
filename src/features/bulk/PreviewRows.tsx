import clsx from 'clsx';
import { Trash2 } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import type { BulkColumn, BulkOperationDef, BulkRow, RowError, RowWarning } from '../../../contract/bulk';
import type { Language } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { useTranslation } from '../../i18n/react';
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { TableColumn } from '../../ui/table/table-types';
import { Button } from '../../ui/Button';
import { warningText } from './warning-text';

const PAGE_ROWS = 50;

type Tab = 'errors' | 'warnings' | 'all';

/** How wide each of the file's columns reads well, and whether it must stay in view. */
const FIT: Record<string, Pick<TableColumn<BulkRow>, 'width' | 'priority' | 'keep' | 'role' | 'numeric'>> = {
  phone: { width: 170, priority: 0, keep: true, role: 'party' },
  amount: { width: 130, priority: 0, keep: true, role: 'amount', numeric: true },
  account: { width: 150, priority: 0, keep: true, role: 'reference' },
};
const OTHER_FIT = { width: 150, priority: 3 };

interface PreviewRowsProps {
  op: BulkOperationDef;
  rows: readonly BulkRow[];
  errorsByRow: ReadonlyMap<number, RowError[]>;
  warningsByRow: ReadonlyMap<number, RowWarning>;
  describeError: (e: RowError) => string;
  busy: boolean;
  lang: Language;
  onEdit: (rowNo: number, field: string, value: string) => void;
  onDrop: (rowNo: number) => void;
  onDropInvalid: () => void;
}

/** The file's rows by tab (with errors, with a name warning, all), fixable in place. */
export function PreviewRows(props: PreviewRowsProps) {
  const { op, rows, errorsByRow, warningsByRow, busy, lang } = props;
  const { t } = useTranslation();
  // Until the user picks a tab: the rows with errors while there are any, else every row.
  const [picked, setPicked] = useState<Tab | null>(null);
  const [start, setStart] = useState(0);
  const errorCount = errorsByRow.size;
  const warningCount = warningsByRow.size;
  const tab: Tab = picked ?? (errorCount > 0 ? 'errors' : 'all');
  const shown = useMemo(
    () =>
      tab === 'errors'
        ? rows.filter((r) => errorsByRow.has(r.rowNo))
        : tab === 'warnings'
          ? rows.filter((r) => warningsByRow.has(r.rowNo))
          : rows,
    [rows, errorsByRow, warningsByRow, tab],
  );
  const last = Math.max(0, shown.length - 1);
  const from = Math.min(start, last - (last % PAGE_ROWS));
  const page = shown.slice(from, from + PAGE_ROWS);
  const columns = usePreviewColumns(props);
  const tabs: { id: Tab; label: string }[] = [
    { id: 'errors', label: t('bulk.preview.showErrors', { count: errorCount }) },
    ...(op.kind === 'payment'
      ? [{ id: 'warnings' as const, label: t('bulk.preview.showWarnings', { count: warningCount }) }]
      : []),
    ...(op.kind === 'fee-override'
      ? [{ id: 'warnings' as const, label: t('bulk.preview.showFeeWarnings', { count: warningCount }) }]
      : []),
    { id: 'all', label: t('bulk.preview.showAll', { count: rows.length }) },
  ];

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="inline-flex flex-wrap overflow-hidden rounded-md border border-edge text-sm">
          <legend className="sr-only">{t('bulk.preview.caption')}</legend>
          {tabs.map(({ id, label }) => (
            <button
              key={id}
              type="button"
              aria-pressed={tab === id}
              data-tab={id}
              className={clsx('px-3 py-1.5', tab === id ? 'bg-brand-700 text-brand-50' : 'bg-raised')}
              onClick={() => {
                setPicked(id);
                setStart(0);
              }}
            >
              {label}
            </button>
          ))}
        </fieldset>
        {errorCount > 0 && (
          <Button variant="secondary" disabled={busy} onClick={props.onDropInvalid}>
            <Trash2 size={16} aria-hidden />
            {t('bulk.preview.dropInvalid')}
          </Button>
        )}
      </div>
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-edge bg-raised p-4 text-center text-sm text-muted">
          {tab === 'errors'
            ? t('bulk.preview.noErrorRows')
            : op.kind === 'fee-override'
              ? t('bulk.preview.noFeeWarningRows')
              : t('bulk.preview.noWarningRows')}
        </p>
      ) : (
        <PriorityTable
          label={t('bulk.preview.caption')}
          testId="bulk-rows"
          columns={columns}
          rows={page}
          rowKey={(row) => String(row.rowNo)}
          rowData={(row) => ({ 'data-row': String(row.rowNo) })}
          busy={busy}
        />
      )}
      {shown.length > PAGE_ROWS && (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span>
            {t('bulk.preview.page', {
              from: formatNumber(from + 1, lang),
              to: formatNumber(Math.min(from + PAGE_ROWS, shown.length), lang),
              total: formatNumber(shown.length, lang),
            })}
          </span>
          <span className="flex gap-2">
            <Button variant="secondary" disabled={from === 0} onClick={() => setStart(Math.max(0, from - PAGE_ROWS))}>
              {t('bulk.preview.previous')}
            </Button>
            <Button
              variant="secondary"
              disabled={from + PAGE_ROWS >= shown.length}
              onClick={() => setStart(from + PAGE_ROWS)}
            >
              {t('bulk.preview.next')}
            </Button>
          </span>
        </div>
      )}
    </div>
  );
}

function usePreviewColumns({
  op,
  errorsByRow,
  warningsByRow,
  describeError,
  busy,
  lang,
  onEdit,
  onDrop,
}: PreviewRowsProps): TableColumn<BulkRow>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const line: TableColumn<BulkRow> = {
      id: 'line',
      header: t('bulk.preview.line'),
      cell: (row) => <span className="text-muted tabular-nums">{row.rowNo}</span>,
      width: 64,
      priority: 0,
      keep: true,
      role: 'reference',
      rowHeader: true,
    };
    const values = op.columns.map(
      (column): TableColumn<BulkRow> => ({
        id: column.key,
        header: column.label[lang],
        cell: (row) => (
          <ValueCell
            row={row}
            column={column}
            errors={errorsByRow.get(row.rowNo) ?? []}
            disabled={busy}
            lang={lang}
            onEdit={(value) => onEdit(row.rowNo, column.key, value)}
          />
        ),
        ...(FIT[column.key] ?? OTHER_FIT),
      }),
    );
    const problems: TableColumn<BulkRow> = {
      id: 'problems',
      header: t('bulk.preview.problems'),
      cell: (row) => (
        <Problems
          rowNo={row.rowNo}
          errors={errorsByRow.get(row.rowNo) ?? []}
          warning={warningsByRow.get(row.rowNo)}
          describeError={describeError}
          lang={lang}
        />
      ),
      // What to fix is what this list is for: it stays, while the reference and name give way.
      width: 240,
      priority: 0,
      keep: true,
    };
    const drop: TableColumn<BulkRow> = {
      id: 'drop',
      header: <span className="sr-only">{t('bulk.preview.actions')}</span>,
      fieldLabel: t('bulk.preview.actions'),
      cell: (row) => (
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          onClick={() => onDrop(row.rowNo)}
          aria-label={t('bulk.preview.dropRow', { row: row.rowNo })}
        >
          <Trash2 size={14} aria-hidden />
          {t('bulk.preview.drop')}
        </Button>
      ),
      width: 96,
      priority: 0,
      keep: true,
      role: 'actions',
      sortable: false,
    };
    return [line, ...values, problems, drop];
  }, [op, errorsByRow, warningsByRow, describeError, busy, lang, onEdit, onDrop, t]);
}

function ValueCell({
  row,
  column,
  errors,
  disabled,
  lang,
  onEdit,
}: {
  row: BulkRow;
  column: BulkColumn;
  errors: RowError[];
  disabled: boolean;
  lang: Language;
  onEdit: (value: string) => void;
}) {
  const { t } = useTranslation();
  const value = row.values[column.key] ?? '';
  if (errors.length === 0) return <span className="whitespace-nowrap tabular-nums">{value}</span>;
  const wrong = errors.some((e) => e.field === column.key || (e.field === null && column.required));
  return (
    <input
      // Uncontrolled with a key on the value: typing stays local until the field is left.
      key={value}
      defaultValue={value}
      disabled={disabled}
      aria-label={`${column.label[lang]}, ${t('bulk.preview.line')} ${row.rowNo}`}
      aria-invalid={wrong}
      aria-describedby={`bulk-row-${row.rowNo}-problems`}
      className={clsx(
        'h-8 w-full rounded border border-edge px-2 text-sm aria-[invalid=true]:border-danger',
        column.key === 'phone' ? 'min-w-40' : 'min-w-24',
      )}
      onBlur={(e) => {
        if (e.target.value !== value) onEdit(e.target.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
      }}
    />
  );
}

function Problems({
  rowNo,
  errors,
  warning,
  describeError,
  lang,
}: {
  rowNo: number;
  errors: RowError[];
  warning: RowWarning | undefined;
  describeError: (e: RowError) => string;
  lang: Language;
}) {
  const { t } = useTranslation();
  const items: ReactNode[] = errors.map((e) => (
    <li key={`${e.code}:${e.field}`} className="text-danger">
      {describeError(e)}
    </li>
  ));
  if (warning) {
    items.push(
      <li
        key="warning"
        className="text-warning"
        data-testid={warning.code === 'NAME_MISMATCH' ? 'bulk-name-warning' : 'bulk-fee-warning'}
      >
        {warningText(t, warning, lang)}
      </li>,
    );
  }
  if (items.length === 0) return null;
  return (
    // Wraps within its column, so Drop stays in view next to it.
    <ul id={`bulk-row-${rowNo}-problems`} className="max-w-64 min-w-44 space-y-0.5 text-xs whitespace-normal">
      {items}
    </ul>
  );
}
