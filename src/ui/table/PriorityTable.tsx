/**
 * The one list table (docs/decisions/011-one-priority-table.md, 053-tables-use-the-screen.md).
 * Built on TanStack Table for column visibility, order and sorting state; which columns show is
 * decided by the width its container has and the width each column measured: what identifies a
 * row, its money and the columns the user chose always show (the table then scrolls sideways in
 * its own box, the row's name and amount held at its edges), the other columns give way by
 * priority into each row's details, and on a screen under CARD_BREAKPOINT, when even those do not
 * fit, every row becomes a card.
 */
import clsx from 'clsx';
import { type CSSProperties, type Ref, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { GridHead } from './GridHead';
import { GridRow, SkeletonRows } from './GridRows';
import { HiddenColumnsNote } from './RowDetail';
import { RowCards } from './RowCards';
import { CARD_BREAKPOINT, columnsToHide, pinnedColumns, withMeasuredWidths } from './fit-columns';
import type { PriorityTableProps } from './table-types';
import { TotalsRow } from './TotalsRow';
import { useContainerWidth } from './use-container-width';
import { useGridTable } from './use-grid-table';
import { TABLE_CLIP, useMeasuredWidths } from './use-measured-widths';

const SKELETON_ROWS = 6;
const NO_PINS = {};
const NONE: readonly string[] = [];

export function PriorityTable<R>(props: PriorityTableProps<R>) {
  const { label, columns, rows, loading = false, busy, totals, testId } = props;
  const box = useRef<HTMLElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const width = useContainerWidth(box);
  const columnIds = columns.map((c) => c.id).join();
  const { short, roomy, measuring } = useMeasuredWidths(tableRef, rows, columnIds, width !== undefined && !loading);
  // Names and labels get room when that hides no more columns than cutting them short would.
  const { fitted, clip } = useMemo(() => {
    const cut = withMeasuredWidths(columns, short);
    const spacious = withMeasuredWidths(columns, roomy);
    return columnsToHide(spacious, width).length <= columnsToHide(cut, width).length
      ? { fitted: spacious, clip: TABLE_CLIP.roomy }
      : { fitted: cut, clip: TABLE_CLIP.short };
  }, [columns, short, roomy, width]);
  // Cards are for phones: a narrow box on a wide screen scrolls sideways instead.
  const narrowScreen = typeof window !== 'undefined' && window.innerWidth < CARD_BREAKPOINT;
  const keptWidth = fitted.reduce((sum, c) => sum + (c.keep ? c.width : 0), 0);
  const cards = width !== undefined && narrowScreen && width < CARD_BREAKPOINT && keptWidth > width;

  // Columns that still overflow after the estimate give way one more at a time, for this width.
  const fitKey = `${width}:${columnIds}`;
  const [overflow, setOverflow] = useState({ key: fitKey, extra: 0 });
  const extra = overflow.key === fitKey ? overflow.extra : 0;
  const estimated = useMemo(() => (cards ? [] : columnsToHide(fitted, width, extra)), [cards, fitted, width, extra]);
  const hidden = measuring ? NONE : estimated;
  const hideable = columns.filter((c) => !c.keep).length;
  const [scrolls, setScrolls] = useState(false);
  const pins = useMemo(
    () => (scrolls ? pinnedColumns(columns.filter((c) => !hidden.includes(c.id))) : NO_PINS),
    [scrolls, columns, hidden],
  );

  useLayoutEffect(() => {
    const table = tableRef.current;
    const container = box.current;
    if (cards || measuring || width === undefined || !table || !container) return;
    const overflows = table.scrollWidth > container.clientWidth + 1;
    const next = hidden.length + 1;
    if (overflows && hidden.length < hideable && extra < next) setOverflow({ key: fitKey, extra: next });
    else if (overflows !== scrolls) setScrolls(overflows);
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
      data-scrolls={scrolls && !cards ? '' : undefined}
      // A card has a line per value: its names are never cut.
      style={cards ? ({ '--table-clip': 'none' } as CSSProperties) : undefined}
    >
      {cards ? (
        <RowCards {...props} loading={loading} />
      ) : (
        <>
          {/* While measuring, the note says what the estimate hides: its line is there before and
              after, so rows restored to a scroll position do not move. */}
          <HiddenColumnsNote columns={columns.filter((c) => estimated.includes(c.id))} />
          <GridTable {...props} hidden={hidden} pins={pins} clip={clip} tableRef={tableRef} totals={totals} />
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
  pins,
  clip,
  tableRef,
}: PriorityTableProps<R> & {
  hidden: readonly string[];
  pins: { left?: string; right?: string };
  clip: string;
  tableRef: Ref<HTMLTableElement>;
}) {
  const grid = useGridTable({ columns, rows, rowKey, sort, hidden, pins });
  return (
    <table
      ref={tableRef}
      aria-busy={loading}
      className="min-w-full border-collapse text-[13px]"
      style={{ '--table-clip': clip } as CSSProperties}
    >
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
