import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { XlsxWriter, type XlsxColumnFormat } from '../../lib/xlsx-writer';
import { type Cell, csvCell, type ExportColumn } from './export-cells';

/**
 * Writes an XLSX export's rows as they are read, chunk by chunk, into a stream; `finish` closes it.
 * (The CSV is written by the database: export-csv.ts.)
 */
export interface ExportWriter {
  addRows(rows: readonly Cell[][]): Promise<void>;
  finish(): Promise<void>;
}

/** A CSV file's first line, after a BOM so spreadsheet programs read the French accents as UTF-8. */
export const csvHeader = (columns: readonly ExportColumn[]) =>
  `\uFEFF${columns.map((c) => csvCell(c.header)).join(',')}\r\n`;

/** How each kind of column reads in a spreadsheet: amounts in XOF, counts grouped, real dates. */
function formatOf(column: ExportColumn): XlsxColumnFormat | undefined {
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
 * An XLSX written as its rows arrive (server/lib/xlsx-writer.ts): a bold header row frozen at
 * the top, widths from the first chunk, amounts in XOF, dates as date cells and every text
 * (phones included) as a text cell, which a spreadsheet never reads as a formula. Ends `file`.
 */
export function xlsxWriter(file: Writable, columns: readonly ExportColumn[], sheetName: string): ExportWriter {
  const sink = async (chunk: Buffer) => {
    if (!file.write(chunk) && !file.destroyed) await once(file, 'drain');
  };
  let xlsx: XlsxWriter | null = null;
  const started = async (sample: readonly Cell[][]) => {
    if (xlsx) return xlsx;
    const layout = {
      columns: columns.map((column, i) => ({ width: widthOf(column, i, sample), format: formatOf(column) })),
      freezeHeader: true,
    };
    xlsx = new XlsxWriter(sink, sheetName, layout);
    await xlsx.start(columns.map((c) => c.header));
    return xlsx;
  };
  return {
    async addRows(rows) {
      const writer = await started(rows);
      for (const row of rows) await writer.addRow(row);
    },
    async finish() {
      await (await started([])).finish();
      file.end();
      await finished(file);
    },
  };
}
