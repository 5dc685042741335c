/**
 * Date ranges of the report and balance pages. Days are calendar days written YYYY-MM-DD
 * (the API's `from`/`to`); presets are computed from "now" so a shared link that says
 * "last 7 days" means the 7 days before whoever opens it.
 */
import { formatDateYmd } from '../i18n/format';

export const RANGE_PRESETS = ['today', '7d', '30d', 'month', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface DateRange {
  from: string;
  to: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00`);
  return !Number.isNaN(d.getTime()) && formatDateYmd(d) === value;
}

function isRangePreset(value: unknown): value is RangePreset {
  return typeof value === 'string' && (RANGE_PRESETS as readonly string[]).includes(value);
}

function daysBefore(now: Date, days: number): Date {
  const d = new Date(now);
  d.setDate(d.getDate() - days);
  return d;
}

/** The days a preset covers, both ends included. `custom` has no days of its own (today). */
export function presetRange(preset: Exclude<RangePreset, 'custom'> | 'custom', now: Date = new Date()): DateRange {
  const to = formatDateYmd(now);
  switch (preset) {
    case '7d':
      return { from: formatDateYmd(daysBefore(now, 6)), to };
    case '30d':
      return { from: formatDateYmd(daysBefore(now, 29)), to };
    case 'month':
      return { from: formatDateYmd(new Date(now.getFullYear(), now.getMonth(), 1)), to };
    default:
      return { from: to, to };
  }
}

/**
 * The range the URL asks for: a preset (`range=7d`), or days (`from`, `to`; `range=custom`
 * is optional), so a link such as `?from=2024-01-01` means what it says. Anything unreadable
 * falls back to `fallback`. A reversed custom range is put in order.
 */
export function readRange(
  search: { range?: unknown; from?: unknown; to?: unknown },
  fallback: Exclude<RangePreset, 'custom'>,
  now: Date = new Date(),
): { preset: RangePreset } & DateRange {
  const hasDays = isIsoDay(search.from) || isIsoDay(search.to);
  if (search.range === 'custom' || (search.range === undefined && hasDays)) {
    const today = formatDateYmd(now);
    const from = isIsoDay(search.from) ? search.from : isIsoDay(search.to) ? search.to : today;
    // `from` alone runs to today (or to itself when it lies ahead).
    let to = isIsoDay(search.to) ? search.to : today;
    if (!isIsoDay(search.to) && from > today) to = from;
    return from <= to ? { preset: 'custom', from, to } : { preset: 'custom', from: to, to: from };
  }
  const preset = isRangePreset(search.range) ? search.range : fallback;
  return { preset, ...presetRange(preset, now) };
}
