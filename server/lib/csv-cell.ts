export type Cell = string | number | Date | null;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * How a CSV reads in the spreadsheet of a language. French Excel splits lines on `;` (its list
 * separator; `,` is its decimal comma, so everything landed in column A) and reads dates day
 * first, as the screen shows them; English Excel splits on `,` and reads ISO dates in any locale.
 */
export interface CsvDialect {
  separator: ',' | ';';
  dayFirst: boolean;
}

const ENGLISH_CSV: CsvDialect = { separator: ',', dayFirst: false };
const FRENCH_CSV: CsvDialect = { separator: ';', dayFirst: true };

export const csvDialect = (lang: 'en' | 'fr'): CsvDialect => (lang === 'fr' ? FRENCH_CSV : ENGLISH_CSV);

/** `YYYY-MM-DD HH:mm:ss`, or `DD-MM-YYYY HH:mm:ss` day first: the wall clock held in the Date's UTC fields. */
export function csvDate(wall: Date, dialect: CsvDialect = ENGLISH_CSV): string {
  const day = dialect.dayFirst
    ? `${pad(wall.getUTCDate())}-${pad(wall.getUTCMonth() + 1)}-${wall.getUTCFullYear()}`
    : `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
  return `${day} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
}

export const csvCell = (value: Cell, dialect: CsvDialect = ENGLISH_CSV) => {
  if (value === null) return '';
  if (value instanceof Date) return csvDate(value, dialect);
  const text = String(value);
  // Quote what needs it (either separator, so a file reads the same in both), and defuse spreadsheet formulas in text cells.
  const safe = typeof value === 'string' && /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** One line's cells, without its line end. */
export const csvLine = (cells: readonly Cell[], dialect: CsvDialect = ENGLISH_CSV) =>
  cells.map((cell) => csvCell(cell, dialect)).join(dialect.separator);
