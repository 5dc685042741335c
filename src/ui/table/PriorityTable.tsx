/**
 * The one list table (docs/decisions/011-one-priority-table.md). Built on TanStack Table for
 * column visibility, order, pinning and sorting state; which columns show is decided by the width
 * its container has: what identifies a row and its money always show, the other columns give way
 * by priority into each row's details, and below CARD_BREAKPOINT, when even those do not fit, every
 * row becomes a card.
 */
import {
  type ColumnDef,
  type SortingState,
  type VisibilityState,
  getCoreRowModel,
  useReactTable,
} from '@tanstack/react-table';
import clsx from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Fragment, type Ref, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { DetailToggle, HiddenColumnsNote, RowDetail } from './RowDetail';
import { RowCards } from './RowCards';
import { CARD_BREAKPOINT, columnsToHide } from './fit-columns';
import type { PriorityTableProps, TableColumn, TableTotals } from './table-types';
import { useContainerWidth } from './use-container-width';

const SKELETON_ROWS = 6;
const TH = 'border-b border-line px-3 py-2 whitespace-nowrap';

export function PriorityTable<R>(props: PriorityTableProps<R>) {
  const { label, columns, loading = false, busy, totals, testId } = props;
  const box = useRef<HTMLElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const width = useContainerWidth(box);
  // A narrow box draws cards, unless what must show fits as a table (a short table of amounts).
  const keptWidth = columns.reduce((sum, c) => sum + (c.keep ? c.width : 0), 0);
  const cards = width !== undefined && width < CARD_BREAKPOINT && keptWidth > width;

  // Columns that still overflow after the estimate give way one more at a time, for this width.
  const fitKey = `${width}:${columns.map((c) => c.id).join()}`;
  const [overflow, setOverflow] = useState({ key: fitKey, extra: 0 });
  const extra = overflow.key === fitKey ? overflow.extra : 0;
  const hidden = useMemo(() => (cards ? [] : columnsToHide(columns, width, extra)), [cards, columns, width, extra]);
  const hideable = columns.filter((c) => !c.keep).length;

  useLayoutEffect(() => {
    const table = tableRef.current;
    const container = box.current;
    if (cards || width === undefined || !table || !container || hidden.length >= hideable) return;
    const next = hidden.length + 1;
    if (table.scrollWidth > container.clientWidth + 1 && extra < next) setOverflow({ key: fitKey, extra: next });
  });

  return (
    <section
      ref={box}
      className={clsx('report-scroll relative max-w-full min-w-0 rounded-lg', {
        'overflow-x-auto border border-line bg-raised shadow-sm': !cards,
      })}
      aria-busy={busy || loading || undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that may scroll must be reachable by keyboard.
      tabIndex={0}
      aria-label={label}
      data-testid={testId}
      data-layout={cards ? 'cards' : 'table'}
    >
      {cards ? (
        <RowCards {...props} loading={loading} />
      ) : (
        <>
          <HiddenColumnsNote columns={columns.filter((c) => hidden.includes(c.id))} />
          <GridTable {...props} hidden={hidden} tableRef={tableRef} totals={totals} />
        </>
      )}
    </section>
  );
}

function GridTable<R>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  sort,
  onSort,
  totals,
  rowTestId,
  rowData,
  hidden,
  tableRef,
}: PriorityTableProps<R> & { hidden: readonly string[]; tableRef: Ref<HTMLTableElement> }) {
  const { t } = useTranslation();
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

  return (
    <table ref={tableRef} aria-busy={loading} className="min-w-full border-collapse text-sm">
      <caption className="sr-only">{label}</caption>
      <thead className="bg-surface text-left text-xs font-semibold tracking-wide text-muted uppercase">
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {withDetail && (
              <th scope="col" data-toggle className={clsx(TH, 'w-11')}>
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
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  className={clsx(TH, {
                    'text-right': column.numeric,
                    'sticky left-0 z-10 bg-surface': pinned(column.id),
                  })}
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
      <tbody>
        {loading &&
          Array.from({ length: SKELETON_ROWS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
            <tr key={i} data-skeleton className="border-b border-line">
              {Array.from({ length: visibleCount }, (_, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity.
                <td key={j} className="px-3 py-2.5">
                  <span className="block h-3.5 w-full min-w-8 animate-pulse rounded bg-slate-200" />
                </td>
              ))}
            </tr>
          ))}
        {!loading &&
          table.getRowModel().rows.map((row) => {
            const isOpen = open.has(row.id);
            return (
              <Fragment key={row.id}>
                <tr
                  {...rowData?.(row.original)}
                  data-testid={rowTestId?.(row.original)}
                  className="border-b border-line odd:bg-raised even:bg-surface hover:bg-brand-50"
                >
                  {withDetail && (
                    <td className="px-2 py-1 align-top">
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
                        className={clsx('px-3 py-2 text-left font-normal whitespace-nowrap text-ink', {
                          'text-right tabular-nums': column.numeric,
                          'sticky left-0 bg-inherit': pinned(column.id),
                        })}
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
              </Fragment>
            );
          })}
      </tbody>
      {!loading && totals && rows.length > 0 && (
        <TotalsRow
          totals={totals}
          columns={columns.filter((c) => !hidden.includes(c.id))}
          detailCell={withDetail}
          pinned={pinned}
        />
      )}
    </table>
  );
}

function TotalsRow<R>({
  totals,
  columns,
  detailCell,
  pinned,
}: {
  totals: TableTotals;
  columns: readonly TableColumn<R>[];
  detailCell: boolean;
  pinned: (id: string) => boolean;
}) {
  // The label takes the first column unless that column holds a total itself.
  const [first, ...rest] = columns;
  const firstHoldsTotal = first ? totals.values[first.id] != null : false;
  return (
    <tfoot className="border-t-2 border-edge bg-surface font-semibold text-ink">
      <tr data-testid={totals.testId}>
        {detailCell && <td />}
        {!firstHoldsTotal && first ? (
          <th
            scope="row"
            className={clsx('px-3 py-2 text-left whitespace-nowrap', { 'sticky left-0 bg-surface': pinned(first.id) })}
          >
            {totals.label}
          </th>
        ) : null}
        {(firstHoldsTotal ? columns : rest).map((column) => (
          <td
            key={column.id}
            data-column={column.id}
            className={clsx('px-3 py-2 whitespace-nowrap', { 'text-right tabular-nums': column.numeric })}
          >
            {totals.values[column.id] ?? null}
          </td>
        ))}
      </tr>
    </tfoot>
  );
}
