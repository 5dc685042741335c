import { FAMILY_OF_GROUP, familyOf, labelOf, type ValueFamily } from '../../../contract/report-values';
import type { ColumnDef, ReportDef } from '../../../contract/reports';
import type { Text } from '../../../contract/text';
import type { Cell } from '../../lib/csv-cell';

type Language = keyof Text;
type Raw = string | number | null;

/** One column of an export file: what the screen calls it and how its values read. */
export interface ExportColumn {
  key: string;
  def: ColumnDef;
  header: string;
  family: ValueFamily | undefined;
}

export function exportColumns(
  report: ReportDef,
  catalogue: Record<string, ColumnDef>,
  keys: readonly string[],
  lang: Language,
): ExportColumn[] {
  const groupFamily = report.source === 'aggregate' ? FAMILY_OF_GROUP[report.groupBy] : undefined;
  return keys.flatMap((key) => {
    const def = catalogue[key];
    if (!def) return [];
    const family = key === 'key' ? groupFamily : def.kind === 'status' ? familyOf(key) : undefined;
    return [{ key, def, header: def.title[lang], family }];
  });
}

const DAKAR_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Dakar',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Dakar's offset from UTC at an instant, in ms, as the time zone database gives it. */
function dakarOffsetAt(ms: number): number {
  const part = Object.fromEntries(DAKAR_PARTS.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(
    part.year ?? 0,
    (part.month ?? 1) - 1,
    part.day ?? 1,
    part.hour ?? 0,
    part.minute ?? 0,
    part.second ?? 0,
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

const HOUR_MS = 3_600_000;
/**
 * Offsets by UTC hour: asking the time zone database once per cell was a fifth of a million-row
 * XLSX export. An hour whose start and end disagree (a change of offset inside it) is not kept.
 */
const offsetByHour = new Map<number, number>();
const OFFSET_HOURS_KEPT = 100_000;

function dakarOffset(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  const kept = offsetByHour.get(hour);
  if (kept !== undefined) return kept;
  const start = dakarOffsetAt(hour * HOUR_MS);
  if (dakarOffsetAt(hour * HOUR_MS + HOUR_MS - 1000) !== start) return dakarOffsetAt(ms);
  if (offsetByHour.size >= OFFSET_HOURS_KEPT) offsetByHour.clear();
  offsetByHour.set(hour, start);
  return start;
}

/**
 * The wall-clock time in Dakar, held in a Date's UTC fields: spreadsheet dates have no time
 * zone, so the cell must carry the time the screen shows.
 */
export function dakarWallClock(iso: string): Date | null {
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return null;
  // Whole seconds, as the time zone database's parts give them.
  return new Date(Math.floor(ms / 1000) * 1000 + dakarOffset(ms));
}

/** A cell as the screen shows it: codes as labels, dates as dates, amounts as numbers. */
export function exportCell(column: ExportColumn, value: Raw | undefined, lang: Language): Cell {
  if (value === null || value === undefined || value === '') return null;
  switch (column.def.kind) {
    case 'amount':
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    case 'datetime':
    case 'date':
      return dakarWallClock(String(value)) ?? String(value);
    default:
      return column.family ? labelOf(column.family, String(value), lang) : String(value);
  }
}
