/**
 * Days as people type them (dd-mm-yyyy, docs/product.md) and as the app exchanges them
 * (YYYY-MM-DD in state, URLs and the API). The browser's locale plays no part: a native date
 * input shows mm/dd/yyyy in an American browser while every table shows dd-mm-yyyy.
 */
import { formatDay } from '../../i18n/format';
import { isIsoDay } from '../dates';

export type DayText =
  | { kind: 'empty' }
  | { kind: 'partial' }
  | { kind: 'day'; iso: string }
  | { kind: 'wrongFormat' }
  | { kind: 'notADay' };

const SEPARATED = /^(\d{1,2})[-/.\s](\d{1,2})[-/.\s](\d{4})$/;
const DIGITS_ONLY = /^(\d{2})(\d{2})(\d{4})$/;
const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** What a typed text says: a day, not yet a whole day, or wrong (30-02-2026 is `notADay`). */
export function readDayText(text: string): DayText {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const m = SEPARATED.exec(trimmed) ?? DIGITS_ONLY.exec(trimmed);
  if (!m) return /^[\d\-/.\s]{0,9}$/.test(trimmed) ? { kind: 'partial' } : { kind: 'wrongFormat' };
  const [, d, mo, y] = m as unknown as [string, string, string, string];
  const iso = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isIsoDay(iso) ? { kind: 'day', iso } : { kind: 'notADay' };
}

/**
 * The text after a keystroke: a dash goes in once a day or a month has its two digits (2711
 * becomes 27-11-), so the numeric keypad of a phone, which has no dash, is enough; a slash, a
 * dot or a space is a dash, and one typed right after a dash the field put in is not doubled.
 * Deleting is never fought.
 */
export function maskDayText(next: string, previous: string): string {
  if (next.length < previous.length) return next;
  const trimmed = next.trim();
  // A day pasted from a URL or a spreadsheet.
  if (ISO.test(trimmed)) return formatDay(trimmed);
  if (/[^\d\-/.\s]/.test(next)) return next.slice(0, 10);
  const groups = [''];
  for (const ch of next.replace(/[/.\s]/g, '-')) {
    const i = groups.length - 1;
    const group = groups[i] ?? '';
    if (ch === '-') {
      if (group !== '' && i < 2) groups.push('');
    } else if (i < 2 && group.length === 2) groups.push(ch);
    else if (i < 2 || group.length < 4) groups[i] = group + ch;
  }
  if (groups.length < 3 && groups[groups.length - 1]?.length === 2) groups.push('');
  return groups.join('-');
}

/** The text a field shows for a YYYY-MM-DD value ('' for none). */
export const dayTextOf = (iso: string) => (iso === '' ? '' : formatDay(iso));
