import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Text } from '../../../contract/text';
import type { Db } from '../../db/database';
import { copyLines } from './copy-lines';
import type { ExportColumn } from './export-cells';
import { csvLinesQuery } from './export-csv-sql';
import type { ExportFacts } from './export-facts';
import { csvHeader } from './export-writers';
import type { BuiltReport } from './query';

export interface CopyExportTarget {
  db: Db;
  /** The report with the export's columns only, in their order (the runner's `picked`). */
  built: BuiltReport;
  columns: readonly ExportColumn[];
  lang: keyof Text;
  file: Writable;
  /** What the file says about itself: the CSV's first line, the XLSX's second sheet. */
  facts: ExportFacts;
  /** Told how many rows are written so far; throws to stop the export. */
  progress: (rowsDone: number) => Promise<void>;
  /** Rows per COPY on PGlite (tests use a few, to cross chunks). */
  chunkRows?: number;
}

/** Ends a file's stream and waits until everything written is stored. */
export async function endFile(file: Writable): Promise<void> {
  file.end();
  await finished(file);
}

/** Writes to a stream, waiting while it is full. */
export async function writeDrained(file: Writable, chunk: Buffer): Promise<void> {
  if (!file.write(chunk) && !file.destroyed) await once(file, 'drain');
}

/**
 * Writes the CSV export with `COPY (query) TO …`: the database formats every cell
 * (export-csv-sql.ts) and the server only passes bytes on, so a million rows take seconds and
 * no more memory than a chunk. Ends the file; returns how many rows it holds.
 */
export async function writeCsvByCopy(target: CopyExportTarget): Promise<number> {
  const { built, columns, lang, file } = target;
  await writeDrained(file, Buffer.from(csvHeader(columns, lang, target.facts)));
  const rows = await copyLines(
    {
      db: target.db,
      keyset: built.keyset !== null,
      query: (after, limit) => csvLinesQuery(built, columns, lang, after, limit),
      progress: target.progress,
      chunkRows: target.chunkRows,
    },
    (lines) => writeDrained(file, lines),
  );
  await endFile(file);
  return rows;
}
