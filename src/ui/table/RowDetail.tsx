/** The values of the columns that gave way, opened under their row. */
import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import type { TableColumn } from './table-types';

export function DetailToggle({ open, onToggle, controls }: { open: boolean; onToggle: () => void; controls: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      aria-label={t('table.showDetails')}
      onClick={onToggle}
      className="flex size-7 items-center justify-center rounded text-muted hover:bg-sunken print:hidden"
    >
      <ChevronDown size={16} aria-hidden className={clsx('transition-transform', { 'rotate-180': open })} />
    </button>
  );
}

export function RowDetail<R>({ columns, row }: { columns: readonly TableColumn<R>[]; row: R }) {
  return (
    <dl className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-x-6 gap-y-2">
      {columns.map((column) => (
        <div key={column.id} data-column={column.id} className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-muted uppercase">
            {column.fieldLabel ?? column.header}
          </dt>
          <dd className="break-words text-ink">{column.cell(row)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Says which columns are in the rows' details rather than on screen. */
export function HiddenColumnsNote<R>({ columns }: { columns: readonly TableColumn<R>[] }) {
  const { t } = useTranslation();
  if (columns.length === 0) return null;
  return (
    <p className="border-b border-line px-3 py-1.5 text-xs text-muted print:hidden">
      {t('table.inDetails')}{' '}
      {columns.map((c, i) => (
        <span key={c.id}>
          {i > 0 && ', '}
          {c.header}
        </span>
      ))}
    </p>
  );
}
