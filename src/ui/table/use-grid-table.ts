import {
  type ColumnDef,
  type SortingState,
  type VisibilityState,
  getCoreRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { PinSide } from './pin-classes';
import type { PriorityTableProps } from './table-types';

type GridTableInput<R> = Pick<PriorityTableProps<R>, 'columns' | 'rows' | 'rowKey' | 'sort'> & {
  hidden: readonly string[];
  /** The columns held at the edges while the table scrolls sideways; none while it does not. */
  pins: { left?: string; right?: string };
};

/**
 * The TanStack table behind the grid layout, fed from our columns, with which rows have their
 * details open. Sorting is the caller's (manual): the table only shows which column is sorted.
 */
export function useGridTable<R>({ columns, rows, rowKey, sort, hidden, pins }: GridTableInput<R>) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const defs = useMemo<ColumnDef<R>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: () => c.header,
        cell: ({ row }) => c.cell(row.original),
      })),
    [columns],
  );
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(hidden.map((id) => [id, false])),
    [hidden],
  );
  const sorting = useMemo<SortingState>(() => (sort ? [{ id: sort.id, desc: sort.dir === 'desc' }] : []), [sort]);
  const table = useReactTable({
    data: rows as R[],
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row, index) => rowKey(row, index),
    manualSorting: true,
    state: {
      columnVisibility,
      columnOrder: columns.map((c) => c.id),
      sorting,
    },
  });
  const hiddenColumns = columns.filter((c) => hidden.includes(c.id));
  const withDetail = hiddenColumns.length > 0;
  const visibleCount = table.getVisibleLeafColumns().length + (withDetail ? 1 : 0);
  // Pinned by position (sticky), not by TanStack's pinning, which would move the columns.
  const pinned = (id: string): PinSide | undefined =>
    id === pins.left ? 'left' : id === pins.right ? 'right' : undefined;

  function toggle(key: string) {
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

  return { table, byId, hiddenColumns, withDetail, visibleCount, pinned, open, toggle };
}

export type GridTableState<R> = ReturnType<typeof useGridTable<R>>;
