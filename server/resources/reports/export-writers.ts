import type { XlsxColumnFormat, XlsxLayout } from '../../lib/xlsx-writer';
import type { Text } from '../../../contract/text';
import { type Cell, csvDialect, csvLine } from '../../lib/csv-cell';
import type { ExportColumn } from './export-cells';
import { type ExportFacts, factsLine } from './export-facts';

/**
 * A CSV file's first two lines, after a BOM so spreadsheet programs read the French accents as
 * UTF-8: what the file is (report, filters, who made it and when), then the columns' names.
 */
export function csvHeader(columns: readonly ExportColumn[], lang: keyof Text, facts: ExportFacts): string {
  const dialect = csvDialect(lang);
  const lines = [
    csvLine(factsLine(facts, lang), dialect),
    csvLine(
      columns.map((c) => c.header),
      dialect,
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** How each kind of column reads in a spreadsheet: amounts in XOF, counts grouped, real dates. */
export function formatOf(column: ExportColumn): XlsxColumnFormat | undefined {
  switch (column.def.kind) {
    case 'amount':
      return 'amount';
    case 'number':
      return 'count';
    case 'datetime':
      return 'datetime';
    case 'date':
      return 'date';
    default:
      return undefined;
  }
}

/** Wide enough for the header and the longest value of the first chunk, within reason. */
function widthOf(column: ExportColumn, index: number, sample: readonly Cell[][]): number {
  const fixed = column.def.kind === 'datetime' ? 17 : column.def.kind === 'amount' ? 16 : 0;
  let widest = Math.max(column.header.length + 2, fixed);
  for (const row of sample) {
    const value = row[index];
    if (typeof value === 'string') widest = Math.max(widest, value.length + 2);
  }
  return Math.min(widest, 50);
}

/**
 * How an export's XLSX is laid out: a bold header row frozen at the top, widths from the header
 * and a sample of the first rows, amounts in XOF, counts grouped, dates as date cells. Every text
 * (phones included) is a text cell, which a spreadsheet never reads as a formula. `about` is the
 * second sheet, what the file is (export-facts.ts).
 */
export function xlsxLayout(
  columns: readonly ExportColumn[],
  sample: readonly Cell[][],
  about: XlsxLayout['about'],
): XlsxLayout {
  return {
    columns: columns.map((column, i) => ({ width: widthOf(column, i, sample), format: formatOf(column) })),
    freezeHeader: true,
    about,
  };
}
