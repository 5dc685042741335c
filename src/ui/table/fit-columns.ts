/**
 * Which columns of a list fit the width its container has. Every column says how wide it
 * needs to be and how much it matters; a column that is `kept` (what identifies a row, and its
 * money) never gives way, the others give way from the least important up until the rest fit.
 */

/** What a row's value is for: it orders the fields of a row drawn as a card on a phone. */
export type ColumnRole = 'select' | 'date' | 'reference' | 'type' | 'status' | 'party' | 'amount' | 'actions' | 'other';

export interface FitColumn {
  id: string;
  /**
   * About how wide the column is, padding included, in CSS pixels: the table fits by this until it
   * has drawn the column and measured it.
   */
  width: number;
  /** Lower matters more; equal priorities give way from the right. */
  priority: number;
  /** Identity, money, and what the user chose to see: shown at every width, scrolling sideways if need be. */
  keep?: boolean;
}

/** Rows are drawn as cards only on a screen (and in a box) narrower than this. */
export const CARD_BREAKPOINT = 640;

/** Room taken by the disclosure button that opens a row's hidden values. */
export const DETAIL_BUTTON_WIDTH = 36;

/**
 * The ids of the columns to hide so that the others fit `available` pixels. `extra` more
 * columns give way on top of that (the table measured that it still overflows).
 */
export function columnsToHide(columns: readonly FitColumn[], available: number | undefined, extra = 0): string[] {
  if (available === undefined) return [];
  // When what must show does not fit, the table scrolls sideways anyway: hiding more only loses.
  const keptWidth = columns.reduce((sum, c) => sum + (c.keep ? c.width : 0), 0);
  if (keptWidth > available) return [];
  const byLeastImportant = columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => !column.keep)
    .sort((a, b) => b.column.priority - a.column.priority || b.index - a.index)
    .map(({ column }) => column);
  let used = columns.reduce((sum, c) => sum + c.width, 0);
  const hidden: string[] = [];
  for (const column of byLeastImportant) {
    if (used <= available && hidden.length >= extra) break;
    hidden.push(column.id);
    // The first hidden column brings the button that opens a row's hidden values.
    used += (hidden.length === 1 ? DETAIL_BUTTON_WIDTH : 0) - column.width;
  }
  return hidden;
}

/** The columns measured widths (natural, unstretched) where the table has drawn them. */
export function withMeasuredWidths<C extends FitColumn>(
  columns: readonly C[],
  measured: Readonly<Record<string, number>> | undefined,
): C[] {
  return columns.map((column) => {
    const width = measured?.[column.id];
    return width ? { ...column, width: Math.ceil(width) } : column;
  });
}

interface PinnableColumn {
  id: string;
  role?: ColumnRole;
  rowHeader?: boolean;
  keep?: boolean;
}

/**
 * The columns that stay at the edges while a table scrolls sideways: what names a row on the
 * left, its first amount on the right.
 */
export function pinnedColumns(columns: readonly PinnableColumn[]): { left?: string; right?: string } {
  const left =
    columns.find((c) => c.role === 'reference') ?? columns.find((c) => c.rowHeader) ?? columns.find((c) => c.keep);
  const right = columns.find((c) => c.role === 'amount' && c.id !== left?.id);
  return { left: left?.id, right: right?.id };
}

const CARD_ORDER: readonly ColumnRole[] = [
  'select',
  'date',
  'reference',
  'type',
  'status',
  'party',
  'other',
  'amount',
  'actions',
];

/**
 * A card reads top to bottom: its checkbox, date, reference, type, status, parties, the rest,
 * the money, then the buttons that decide it.
 */
export function cardOrder<C extends { role?: ColumnRole }>(columns: readonly C[]): C[] {
  const rank = (c: C) => CARD_ORDER.indexOf(c.role ?? 'other');
  return columns
    .map((column, index) => ({ column, index }))
    .sort((a, b) => rank(a.column) - rank(b.column) || a.index - b.index)
    .map(({ column }) => column);
}
