import { type RefObject, useLayoutEffect, useState } from 'react';

interface Measure<R> {
  rows: readonly R[];
  ids: string;
  widths: Readonly<Record<string, number>>;
}

const sameRows = <R>(a: readonly R[], b: readonly R[]) => a === b || (a.length === 0 && b.length === 0);

/**
 * The natural width of every column of the drawn table, for these rows: what the columns really
 * need (compact cells, a header with its sort arrow), not what they declared. While a new set of
 * rows or columns has not been measured, `measuring` asks the table to draw every column once;
 * the measure runs before the browser paints, so that drawing is never seen. The widths are read
 * with the table at its content width, so a table stretched to its box does not inflate them.
 * Where nothing is laid out (jsdom) no width is known and the declared ones stand.
 */
export function useMeasuredWidths<R>(
  tableRef: RefObject<HTMLTableElement | null>,
  rows: readonly R[],
  columnIds: string,
  enabled: boolean,
) {
  const [measure, setMeasure] = useState<Measure<R>>();
  const current = measure && measure.ids === columnIds && sameRows(measure.rows, rows) ? measure : undefined;
  const measuring = enabled && current === undefined;

  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!measuring || !table) return;
    const { width, minWidth } = table.style;
    table.style.width = 'max-content';
    table.style.minWidth = '0';
    const widths: Record<string, number> = {};
    for (const head of table.querySelectorAll<HTMLElement>('thead th[data-head]')) {
      const measured = head.getBoundingClientRect().width;
      if (measured > 0 && head.dataset.head) widths[head.dataset.head] = measured;
    }
    table.style.width = width;
    table.style.minWidth = minWidth;
    setMeasure({ rows, ids: columnIds, widths });
  }, [measuring, tableRef, rows, columnIds]);

  return { widths: current?.widths, measuring };
}
