import { type SQL, sql } from 'drizzle-orm';
import { type ValueFamily, valueLabelsIn } from '../../../contract/report-values';
import type { Text } from '../../../contract/text';
import { csvCell, csvDialect } from '../../lib/csv-cell';
import type { ExportColumn } from './export-cells';
import { type BuiltReport, type ChunkCursor, chunkQuery } from './query';

/**
 * The CSV export's lines written by the database: each cell as `csvCell(exportCell(…))` writes
 * it (export-cells.ts), so COPY can stream the file without a row passing through JavaScript
 * objects. exports.test.ts compares the two byte for byte; a change to one is a change to both.
 */

type Language = keyof Text;

/** `/^[=+\-@]/` of csvCell, by the code of the first character: text a spreadsheet would read as a formula. */
const FORMULA_START = sql`(61, 43, 45, 64)`;
/** `/[",\n\r;]/` of csvCell: text that must be quoted. */
const NEEDS_QUOTES = '[",\n\r;]';

/**
 * A text cell: empty for null, an apostrophe before a formula, quoted when it must be. One
 * regular expression a value: at a million rows, each evaluation per cell costs about a second.
 */
function textCell(value: SQL): SQL {
  const safe = sql`CASE WHEN ascii(${value}) IN ${FORMULA_START} THEN '''' || ${value} ELSE ${value} END`;
  return sql`CASE WHEN ${value} IS NULL THEN ''
    WHEN ${value} ~ ${NEEDS_QUOTES} THEN '"' || replace(${safe}, '"', '""') || '"'
    ELSE ${safe} END`;
}

/** humanizeCode of contract/report-values.ts: `more_documents` → `More documents`. */
function humanized(code: SQL): SQL {
  const words = sql`btrim(regexp_replace(${code}, '[_-]+', ' ', 'g'), E' \\t\\n\\r\\f\\v')`;
  return sql`CASE WHEN ${words} = '' THEN ${code} ELSE upper(left(${words}, 1)) || substr(${words}, 2) END`;
}

/**
 * A code as its label (contract/report-values.ts), written for the file by `written`; a code
 * without a label is made readable (humanizeCode) and written by `writtenSql`. Null stays null.
 */
export function codeLabel(
  family: ValueFamily,
  code: SQL,
  lang: Language,
  written: (label: string) => string,
  writtenSql: (value: SQL) => SQL,
): SQL {
  const known = sql.join(
    Object.entries(valueLabelsIn(lang)[family]).map(([value, label]) => sql`WHEN ${value} THEN ${written(label)}`),
    sql` `,
  );
  return sql`CASE ${code} ${known} ELSE ${writtenSql(humanized(code))} END`;
}

/** csvDate's form in the language's dialect, as to_char writes it. */
const dateFormat = (lang: Language) =>
  sql.raw(csvDialect(lang).dayFirst ? `'DD-MM-YYYY HH24:MI:SS'` : `'YYYY-MM-DD HH24:MI:SS'`);

/** One column's cell; `value` is the report's value (null and '' read as empty). */
function cell(column: ExportColumn, value: SQL, lang: Language): SQL {
  switch (column.def.kind) {
    case 'amount':
    case 'number':
      return sql`coalesce((${value})::text, '')`;
    case 'datetime':
    case 'date':
      // Dakar wall-clock time, as export-cells.ts's dakarWallClock and csvDate write it.
      return sql`coalesce(to_char((${value}) AT TIME ZONE 'Africa/Dakar', ${dateFormat(lang)}), '')`;
    default: {
      const text = sql`nullif((${value})::text, '')`;
      if (!column.family) return textCell(text);
      const label = codeLabel(column.family, text, lang, (label) => csvCell(label), textCell);
      return sql`CASE WHEN ${text} IS NULL THEN '' ELSE ${label} END`;
    }
  }
}

/**
 * The rows of an export as CSV lines (without their line ends), their cells separated and their
 * dates written for the language (csvDialect), in the page's order, after a
 * cursor; with a keyset, `__id` and `__sort` ride along for the next chunk's cursor. The inner
 * query is the export's own (chunkQuery), ordered, so the outer one formats each value once.
 */
export function csvLinesQuery(
  built: BuiltReport,
  columns: readonly ExportColumn[],
  lang: Language,
  after: ChunkCursor | null,
  limit: number | null,
): SQL {
  const cells = columns.map((column) => cell(column, sql`x.${sql.identifier(column.key)}`, lang));
  const separator = sql.raw(`'${csvDialect(lang).separator}'`);
  const line = cells.length === 0 ? sql`''` : sql.join(cells, sql` || ${separator} || `);
  const cursor = built.keyset ? sql`, x."__id", x."__sort"` : sql``;
  return sql`SELECT ${line} AS line${cursor} FROM (${chunkQuery(built, after, limit)}) x`;
}
