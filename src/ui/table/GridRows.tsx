/** The grid's body rows: placeholders while loading, then each row with its details under it when open. */
import type { Row } from '@tanstack/react-table';
import clsx from 'clsx';
import { pinClass } from './pin-classes';
import { DetailToggle, RowDetail } from './RowDetail';
import type { PriorityTableProps } from './table-types';
import type { GridTableState } from './use-grid-table';

export function SkeletonRows({ rows, cells }: { rows: number; cells: number }) {
  return Array.from({ length: rows }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
    <tr key={i} data-skeleton className="border-b border-line">
      {Array.from({ length: cells }, (_, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity.
        <td key={j} className="px-3 py-2.5">
          <span className="block h-3.5 w-full min-w-8 animate-pulse rounded bg-line" />
        </td>
      ))}
    </tr>
  ));
}

export function GridRow<R>({
  row,
  grid: { byId, hiddenColumns, withDetail, visibleCount, pinned, open, toggle },
  rowData,
  rowTestId,
}: {
  row: Row<R>;
  grid: GridTableState<R>;
} & Pick<PriorityTableProps<R>, 'rowData' | 'rowTestId'>) {
  const isOpen = open.has(row.id);
  return (
    <>
      <tr
        {...rowData?.(row.original)}
        data-testid={rowTestId?.(row.original)}
        className="border-b border-line odd:bg-raised even:bg-surface hover:bg-accent-soft"
      >
        {withDetail && (
          <td className="px-1 py-1 align-top">
            <DetailToggle open={isOpen} onToggle={() => toggle(row.id)} controls={`detail-${row.id}`} />
          </td>
        )}
        {row.getVisibleCells().map((cell) => {
          const column = byId.get(cell.column.id);
          if (!column) return null;
          const Cell = column.rowHeader ? 'th' : 'td';
          return (
            <Cell
              key={cell.id}
              scope={column.rowHeader ? 'row' : undefined}
              data-column={column.id}
              className={clsx(
                'px-2 py-2 text-left font-normal whitespace-nowrap text-ink',
                pinClass(pinned(column.id), 'bg-inherit'),
                { 'text-right tabular-nums': column.numeric },
              )}
            >
              {column.cell(row.original)}
            </Cell>
          );
        })}
      </tr>
      {isOpen && (
        <tr id={`detail-${row.id}`} className="border-b border-line bg-surface">
          <td colSpan={visibleCount} className="px-3 py-2">
            <RowDetail columns={hiddenColumns} row={row.original} />
          </td>
        </tr>
      )}
    </>
  );
}
