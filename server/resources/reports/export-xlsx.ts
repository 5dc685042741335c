import { XlsxWriter } from '../../lib/xlsx-writer';
import { copyLines } from './copy-lines';
import type { Cell } from '../../lib/csv-cell';
import { type CopyExportTarget, endFile, writeDrained } from './export-csv';
import { FACTS_SHEET } from './export-facts';
import { xlsxLayout } from './export-writers';
import { xlsxRowsQuery } from './export-xlsx-sql';

type SheetTarget = Pick<CopyExportTarget, 'file' | 'columns' | 'lang' | 'facts'> & { sheetName: string };

/**
 * A sheet written into `file`, laid out for the export's columns (widths from `sample`), its
 * header written; the facts are the second sheet.
 */
async function openSheet(target: SheetTarget, sample: readonly Cell[][]) {
  const { file, columns, lang } = target;
  const about = { name: FACTS_SHEET[lang], rows: target.facts };
  const xlsx = new XlsxWriter(
    (chunk) => writeDrained(file, chunk),
    target.sheetName,
    xlsxLayout(columns, sample, about),
  );
  await xlsx.start(columns.map((c) => c.header));
  return xlsx;
}

/**
 * Writes the XLSX export with `COPY (query) TO …`, as the CSV: the database writes each row's
 * XML (export-xlsx-sql.ts) and the server deflates it into the file, so no row becomes a
 * JavaScript object. `sample` (the first rows as cells) sets the columns' widths. Ends the
 * file; returns how many rows it holds.
 */
export async function writeXlsxByCopy(
  target: CopyExportTarget & { sheetName: string; sample: readonly Cell[][] },
): Promise<number> {
  const { built, columns, lang } = target;
  const xlsx = await openSheet(target, target.sample);
  const rows = await copyLines(
    {
      db: target.db,
      keyset: built.keyset !== null,
      // The header is the sheet's first row.
      query: (after, limit, rowsBefore) => xlsxRowsQuery(built, columns, lang, after, limit, rowsBefore + 2),
      progress: target.progress,
      chunkRows: target.chunkRows,
    },
    (xml, count) => xlsx.addRowsXml(xml, count),
  );
  await xlsx.finish();
  await endFile(target.file);
  return rows;
}

/**
 * Writes the XLSX export from rows read in JavaScript, chunk by chunk: what PGlite does, whose
 * WebAssembly PostgreSQL writes XML three times slower than Node does (a million rows: 147 s
 * through COPY, 43 s this way). The first chunk sets the columns' widths. Ends the file;
 * returns how many rows it holds.
 */
export async function writeXlsxFromRows(
  target: Omit<CopyExportTarget, 'db' | 'built' | 'chunkRows'> & { sheetName: string },
  chunks: AsyncIterable<Cell[][]>,
): Promise<number> {
  const { file } = target;
  let xlsx: XlsxWriter | null = null;
  let rows = 0;
  const started = async (sample: readonly Cell[][]) => {
    xlsx ??= await openSheet(target, sample);
    return xlsx;
  };
  for await (const chunk of chunks) {
    const writer = await started(chunk);
    for (const row of chunk) await writer.addRow(row);
    rows += chunk.length;
    await target.progress(rows);
  }
  await (await started([])).finish();
  await endFile(file);
  return rows;
}
