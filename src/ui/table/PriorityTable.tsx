/**
 * The one list table (docs/decisions/011-one-priority-table.md). Built on TanStack Table for
 * column visibility, order, pinning and sorting state; which columns show is decided by the width
 * its container has: what identifies a row and its money always show, the other columns give way
 * by priority into each row's details, and below CARD_BREAKPOINT, when even those do not fit, every
 * row becomes a card.
 */
import clsx from 'clsx';
import { type Ref, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { GridHead } from './GridHead';
import { GridRow, SkeletonRows } from './GridRows';
import { HiddenColumnsNote } from './RowDetail';
import { RowCards } from './RowCards';
import { CARD_BREAKPOINT, columnsToHide } from './fit-columns';
import type { PriorityTableProps } from './table-types';
import { TotalsRow } from './TotalsRow';
import { useContainerWidth } from './use-container-width';
import { useGridTable } from './use-grid-table';

const SKELETON_ROWS = 6;

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
  const grid = useGridTable({ columns, rows, rowKey, sort, hidden });
  return (
    <table ref={tableRef} aria-busy={loading} className="min-w-full border-collapse text-sm">
      <caption className="sr-only">{label}</caption>
      <GridHead grid={grid} onSort={onSort} />
      <tbody>
        {loading && <SkeletonRows rows={SKELETON_ROWS} cells={grid.visibleCount} />}
        {!loading &&
          grid.table
            .getRowModel()
            .rows.map((row) => <GridRow key={row.id} row={row} grid={grid} rowData={rowData} rowTestId={rowTestId} />)}
      </tbody>
      {!loading && totals && rows.length > 0 && (
        <TotalsRow
          totals={totals}
          columns={columns.filter((c) => !hidden.includes(c.id))}
          detailCell={grid.withDetail}
          pinned={grid.pinned}
        />
      )}
    </table>
  );
}
