import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { CopyTextLines } from '../../db/copy-text';
import { copyOut, copyStreams, copyToBuffer } from '../../db/copy-to';
import type { ChunkCursor } from './query';

/** Rows between two progress reports (and stop checks) of a streamed COPY. */
const PROGRESS_ROWS = 20_000;
/**
 * Rows per COPY on PGlite, which copies into memory: about 1.6 MB of CSV each. The server's
 * memory grows with a chunk's bytes, which pass through PGlite's blob and several buffers:
 * in one process a million-row CSV grew the RSS by about 195 MiB in chunks of 50,000 rows,
 * 146 in chunks of 20,000 and 99 in chunks of 10,000 (docs/performance.md).
 */
const PGLITE_CHUNK_ROWS = 10_000;

export interface CopyLinesSource {
  db: Db;
  /** Whether the query has a keyset, so PGlite can read it in chunks after a cursor. */
  keyset: boolean;
  /**
   * The query whose first column is a file's line: after a cursor, at most `limit` rows, the
   * first being the file's `rowsBefore + 1`-th. With a keyset, `__id` and `__sort` follow.
   */
  query: (after: ChunkCursor | null, limit: number | null, rowsBefore: number) => SQL;
  /** Told how many rows are written so far; throws to stop the export. */
  progress: (rowsDone: number) => Promise<void>;
  /** Rows per COPY on PGlite (tests use a few, to cross chunks). */
  chunkRows?: number;
}

/**
 * Runs a line query through `COPY … TO` and hands its lines (each ended by CRLF) to `write`,
 * with how many rows they hold: on PostgreSQL as one COPY streamed, on PGlite, which copies into
 * memory, one COPY per PGLITE_CHUNK_ROWS after the cursor of the chunk before. Returns the rows.
 */
export async function copyLines(
  source: CopyLinesSource,
  write: (lines: Buffer, rows: number) => Promise<void>,
): Promise<number> {
  const lines = new CopyTextLines();
  if (copyStreams(source.db)) {
    let reported = 0;
    for await (const chunk of await copyOut(source.db, source.query(null, null, 0))) {
      const before = lines.rows;
      const out = lines.push(chunk as Buffer);
      if (out.length > 0) await write(out, lines.rows - before);
      if (lines.rows - reported >= PROGRESS_ROWS) {
        reported = lines.rows;
        await source.progress(lines.rows);
      }
    }
  } else {
    const chunkRows = source.chunkRows ?? PGLITE_CHUNK_ROWS;
    let after: ChunkCursor | null = null;
    for (;;) {
      const before = lines.rows;
      const out = lines.push(await copyToBuffer(source.db, source.query(after, chunkRows, before)));
      if (out.length > 0) await write(out, lines.rows - before);
      if (!source.keyset || lines.rows - before < chunkRows) break;
      await source.progress(lines.rows);
      const [id, sort] = lines.lastRest();
      after = { id: Number(id), sort: sort ?? null };
    }
  }
  lines.end();
  return lines.rows;
}
