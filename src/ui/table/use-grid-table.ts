import {
  type ColumnDef,
  type SortingState,
  type VisibilityState,
  getCoreRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { PriorityTableProps } from './table-types';

type GridTableInput<R> = Pick<PriorityTableProps<R>, 'columns' | 'rows' | 'rowKey' | 'sort'> & {
  hidden: readonly string[];
};

/**
 * The TanStack table behind the grid layout, fed from our columns, with which rows have their
 * details open. Sorting is the caller's (manual): the table only shows which column is sorted.
 */
export function useGridTable<R>({ columns, rows, rowKey, sort, hidden }: GridTableInput<R>) {
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
  // The first column stays in view when the kept columns alone still need sideways scrolling.
  const first = columns[0];
  const table = useReactTable({
    data: rows as R[],
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row, index) => rowKey(row, index),
    manualSorting: true,
    state: {
      columnVisibility,
      columnOrder: columns.map((c) => c.id),
      columnPinning: { left: first?.keep ? [first.id] : [] },
      sorting,
    },
  });
  const hiddenColumns = columns.filter((c) => hidden.includes(c.id));
  const withDetail = hiddenColumns.length > 0;
  const visibleCount = table.getVisibleLeafColumns().length + (withDetail ? 1 : 0);
  const pinned = (id: string) => table.getColumn(id)?.getIsPinned() === 'left';

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
