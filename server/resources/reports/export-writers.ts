import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
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

const XOF_FORMAT = '#,##0 "XOF"';
const COUNT_FORMAT = '#,##0';
const DATE_FORMAT = 'dd-mm-yyyy hh:mm';

function numFmt(column: ExportColumn): string | undefined {
  switch (column.def.kind) {
    case 'amount':
      return XOF_FORMAT;
    case 'number':
      return COUNT_FORMAT;
    case 'datetime':
      return DATE_FORMAT;
    case 'date':
      return 'dd-mm-yyyy';
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
 * An XLSX streamed by exceljs: a bold header row frozen at the top, widths from the first
 * chunk, amounts in XOF, dates as date cells and every text (phones included) as a text cell,
 * which a spreadsheet never reads as a formula.
 */
export function xlsxWriter(file: Writable, columns: readonly ExportColumn[], sheetName: string): ExportWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: file, useStyles: true, useSharedStrings: false });
  // Sheet names are at most 31 characters, without []:*?/\.
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  let headed = false;
  const head = (sample: readonly Cell[][]) => {
    headed = true;
    sheet.columns = columns.map((column, i) => {
      const fmt = numFmt(column);
      return {
        header: column.header,
        key: column.key,
        width: widthOf(column, i, sample),
        ...(fmt ? { style: { numFmt: fmt } } : {}),
      };
    });
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
  };
  return {
    async addRows(rows) {
      if (!headed) head(rows);
      for (const row of rows) sheet.addRow(row).commit();
      // Committed rows wait in exceljs's buffers until the zip stream runs: let it, and let
      // the file catch up, so a large export does not pile up in memory.
      await nextTurn();
      if (file.writableNeedDrain && !file.destroyed) await once(file, 'drain');
    },
    async finish() {
      if (!headed) head([]);
      sheet.commit();
      await workbook.commit();
    },
  };
}
