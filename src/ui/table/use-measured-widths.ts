import { type RefObject, useLayoutEffect, useState } from 'react';

type Widths = Readonly<Record<string, number>>;

interface Measure<R> {
  rows: readonly R[];
  ids: string;
  /** With long names and labels cut short, and with room for them (TABLE_CLIP). */
  short: Widths;
  roomy: Widths;
}

/**
 * How wide a cut name or label may be (the cells read `--table-clip`): short where every column
 * is needed, roomy when the columns fit that way too.
 */
export const TABLE_CLIP = { short: '5rem', roomy: '12rem' } as const;

function headWidths(table: HTMLTableElement): Widths {
  const widths: Record<string, number> = {};
  for (const head of table.querySelectorAll<HTMLElement>('thead th[data-head]')) {
    const measured = head.getBoundingClientRect().width;
    if (measured > 0 && head.dataset.head) widths[head.dataset.head] = measured;
  }
  return widths;
}

const sameRows = <R>(a: readonly R[], b: readonly R[]) => a === b || (a.length === 0 && b.length === 0);

/**
 * The natural width of every column of the drawn table, for these rows: what the columns really
 * need (compact cells, a header with its sort arrow), not what they declared. While a new set of
 * rows or columns has not been measured, `measuring` asks the table to draw every column once;
 * the measure runs before the browser paints, so that drawing is never seen. The widths are read
 * with the table at its content width, so a table stretched to its box does not inflate them, and
 * twice: with names cut short and with room for them.
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
    const clip = table.style.getPropertyValue('--table-clip');
    table.style.width = 'max-content';
    table.style.minWidth = '0';
    table.style.setProperty('--table-clip', TABLE_CLIP.short);
    const short = headWidths(table);
    table.style.setProperty('--table-clip', TABLE_CLIP.roomy);
    const roomy = headWidths(table);
    table.style.width = width;
    table.style.minWidth = minWidth;
    table.style.setProperty('--table-clip', clip);
    setMeasure({ rows, ids: columnIds, short, roomy });
  }, [measuring, tableRef, rows, columnIds]);

  return { short: current?.short, roomy: current?.roomy, measuring };
}
