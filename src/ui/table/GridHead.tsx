/** The grid's column headers: a sort button where the list sorts by that column. */
import clsx from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { pinClass } from './pin-classes';
import type { PriorityTableProps } from './table-types';
import type { GridTableState } from './use-grid-table';

const TH = 'border-b border-line px-2 py-2 whitespace-nowrap';

export function GridHead<R>({
  grid: { table, byId, withDetail, pinned },
  onSort,
}: {
  grid: GridTableState<R>;
  onSort: PriorityTableProps<R>['onSort'];
}) {
  const { t } = useTranslation();
  return (
    <thead className="bg-surface text-left text-xs font-semibold tracking-wide text-muted uppercase">
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {withDetail && (
            <th scope="col" data-toggle className={clsx(TH, 'w-9 px-1')}>
              <span className="sr-only">{t('table.details')}</span>
            </th>
          )}
          {group.headers.map((header) => {
            const column = byId.get(header.column.id);
            if (!column) return null;
            const sorted = header.column.getIsSorted();
            const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
            return (
              <th
                key={header.id}
                scope="col"
                data-head={column.id}
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                className={clsx(TH, pinClass(pinned(column.id), 'bg-surface'), { 'text-right': column.numeric })}
              >
                {column.sortable !== false && onSort ? (
                  <button
                    type="button"
                    onClick={() => onSort?.(column.id)}
                    className={clsx(
                      'inline-flex items-center gap-1 rounded uppercase hover:text-ink print:pointer-events-none',
                      { 'flex-row-reverse': column.numeric, 'text-ink': sorted },
                    )}
                  >
                    {column.header}
                    <Icon size={14} aria-hidden className={clsx('print:hidden', { 'opacity-40': !sorted })} />
                  </button>
                ) : (
                  column.header
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}
