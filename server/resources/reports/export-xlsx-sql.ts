import { type SQL, sql } from 'drizzle-orm';
import type { Text } from '../../../contract/text';
import { columnName, escapeXml, FORMAT_STYLE } from '../../lib/xlsx-writer';
import type { ExportColumn } from './export-cells';
import { codeLabel } from './export-csv-sql';
import { formatOf } from './export-writers';
import { type BuiltReport, type ChunkCursor, chunkQuery } from './query';

/**
 * The XLSX export's rows written by the database, as the CSV's lines are (export-csv-sql.ts):
 * each row's `<row>` element of the sheet, cell for cell what `XlsxWriter.addRow` writes for
 * `exportCell`'s values, so COPY streams the sheet and the server only deflates it. Reading a
 * million rows into JavaScript objects was half of the XLSX's time. export-csv.test.ts reads
 * files written both ways and compares every cell.
 */

type Language = keyof Text;

/** The control characters XML 1.0 forbids, which escapeXml drops (PostgreSQL text never holds NUL). */
const CONTROL_CHARS = Array.from({ length: 32 }, (_, code) => code)
  .filter((code) => code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0)
  .map((code) => String.fromCharCode(code))
  .join('');

/** inlineText's test (server/lib/xlsx-writer.ts) in PostgreSQL's words (its text never holds NUL). */
const KEEPS_WHITESPACE = String.raw`^[\x01-\x20]|[\x01-\x20]$|[\n\r]`;

/** Text as escapeXml writes it: its four escapes, the forbidden control characters removed. */
function xmlText(value: SQL): SQL {
  const escaped = sql`replace(replace(replace(replace(${value}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')`;
  return sql`translate(${escaped}, ${CONTROL_CHARS}, '')`;
}

/** The cell's text (null for an empty cell), as exportCell gives it, escaped for XML. */
function cellText(column: ExportColumn, value: SQL, lang: Language): SQL {
  const text = sql`nullif((${value})::text, '')`;
  return column.family ? codeLabel(column.family, text, lang, escapeXml, xmlText) : xmlText(text);
}

/** One cell's XML, or '' for an empty value; `row` is the row's number. */
function cell(column: ExportColumn, index: number, value: SQL, row: SQL, lang: Language): SQL {
  const ref = sql`${`<c r="${columnName(index)}`} || ${row}`;
  const format = formatOf(column);
  switch (column.def.kind) {
    case 'amount':
    case 'number':
      return sql`coalesce(${ref} || ${`" s="${FORMAT_STYLE[format ?? 'count']}"><v>`} || (${value})::text || '</v></c>', '')`;
    case 'datetime':
    case 'date': {
      // Days since 1899-12-30 of Dakar's wall clock, to the second, as XlsxWriter's serialDay.
      const wall = sql`date_trunc('second', (${value}) AT TIME ZONE 'Africa/Dakar')`;
      const serial = sql`(extract(epoch FROM ${wall}) / 86400 + 25569)::text`;
      return sql`coalesce(${ref} || ${`" s="${FORMAT_STYLE[format ?? 'datetime']}"><v>`} || ${serial} || '</v></c>', '')`;
    }
    default: {
      // Tested on the value, not its escaped text, so that is computed once (escaping only drops
      // characters the test counts). A code's label is ours, trimmed, and needs no mark: each
      // test costs about 0.1 s a column at a million rows.
      const open = column.family
        ? sql`'<t>'`
        : sql`CASE WHEN (${value})::text ~ ${KEEPS_WHITESPACE} THEN '<t xml:space="preserve">' ELSE '<t>' END`;
      return sql`coalesce(${ref} || '" t="inlineStr"><is>' || ${open} || ${cellText(column, value, lang)} || '</t></is></c>', '')`;
    }
  }
}

/**
 * The rows of an export as `<row>` elements, in the page's order, after a cursor; `firstRow` is
 * the sheet row of the first (the header is row 1). With a keyset, `__id` and `__sort` ride
 * along for the next chunk's cursor, as in csvLinesQuery.
 */
export function xlsxRowsQuery(
  built: BuiltReport,
  columns: readonly ExportColumn[],
  lang: Language,
  after: ChunkCursor | null,
  limit: number | null,
  firstRow: number,
): SQL {
  const row = sql`(row_number() OVER () + ${firstRow - 1})::text`;
  const cells = columns.map((column, i) => cell(column, i, sql`x.${sql.identifier(column.key)}`, row, lang));
  const content = cells.length === 0 ? sql`''` : sql.join(cells, sql` || `);
  const cursor = built.keyset ? sql`, x."__id", x."__sort"` : sql``;
  return sql`SELECT '<row r="' || ${row} || '">' || ${content} || '</row>' AS line${cursor} FROM (${chunkQuery(built, after, limit)}) x`;
}
