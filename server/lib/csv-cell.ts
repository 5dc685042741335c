export type Cell = string | number | Date | null;

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss`, a form every spreadsheet program reads as a date and time. */
function csvDate(wall: Date): string {
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
}

export const csvCell = (value: Cell) => {
  if (value === null) return '';
  if (value instanceof Date) return csvDate(value);
  const text = String(value);
  // Quote what needs it, and defuse spreadsheet formulas in text cells.
  const safe = typeof value === 'string' && /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
