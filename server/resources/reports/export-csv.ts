import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Text } from '../../../contract/text';
import type { Db } from '../../db/database';
import { CopyTextLines } from '../../db/copy-text';
import { copyOut, copyStreams, copyToBuffer } from '../../db/copy-to';
import type { ExportColumn } from './export-cells';
import { csvLinesQuery } from './export-csv-sql';
import { csvHeader } from './export-writers';
import type { BuiltReport, ChunkCursor } from './query';

/** Rows between two progress reports (and stop checks) of a streamed COPY. */
const PROGRESS_ROWS = 20_000;
/** Rows per COPY on PGlite, which copies into memory: about 8 MB of CSV each. */
const PGLITE_CHUNK_ROWS = 50_000;

export interface CsvCopyTarget {
  db: Db;
  /** The report with the export's columns only, in their order (the runner's `picked`). */
  built: BuiltReport;
  columns: readonly ExportColumn[];
  lang: keyof Text;
  file: Writable;
  /** Told how many rows are written so far; throws to stop the export. */
  progress: (rowsDone: number) => Promise<void>;
}

/** PostgreSQL: one COPY of every row, streamed through the line decoder into the file. */
async function streamed(target: CsvCopyTarget, lines: CopyTextLines) {
  const copy = await copyOut(target.db, csvLinesQuery(target.built, target.columns, target.lang, null, null));
  let reported = 0;
  const decode = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const out = lines.push(chunk);
      if (lines.rows - reported < PROGRESS_ROWS) return callback(null, out);
      reported = lines.rows;
      target.progress(lines.rows).then(
        () => callback(null, out),
        (error: Error) => callback(error),
      );
    },
  });
  await pipeline(copy, decode, target.file);
}

/** PGlite: a COPY into memory per chunk of rows, after the cursor of the chunk before. */
async function* chunked(target: CsvCopyTarget, lines: CopyTextLines): AsyncGenerator<Buffer> {
  let after: ChunkCursor | null = null;
  for (;;) {
    const before = lines.rows;
    const query = csvLinesQuery(target.built, target.columns, target.lang, after, PGLITE_CHUNK_ROWS);
    const out = lines.push(await copyToBuffer(target.db, query));
    if (out.length > 0) yield out;
    const read = lines.rows - before;
    if (!target.built.keyset || read < PGLITE_CHUNK_ROWS) return;
    await target.progress(lines.rows);
    const [id, sort] = lines.lastRest();
    after = { id: Number(id), sort: sort ?? null };
  }
}

/**
 * Writes the CSV export with `COPY (query) TO …`: the database formats every cell
 * (export-csv-sql.ts) and the server only passes bytes on, so a million rows take seconds and
 * no more memory than a chunk. Ends the file; returns how many rows it holds.
 */
export async function writeCsvByCopy(target: CsvCopyTarget): Promise<number> {
  const lines = new CopyTextLines();
  target.file.write(csvHeader(target.columns));
  if (copyStreams(target.db)) await streamed(target, lines);
  else await pipeline(Readable.from(chunked(target, lines)), target.file);
  lines.end();
  return lines.rows;
}
