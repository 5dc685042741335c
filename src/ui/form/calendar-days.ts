/**
 * The arithmetic of the day picker, on YYYY-MM-DD strings (decision 021): the weeks of a month
 * as the grid shows them, Monday first as in Senegal and France, and the moves of its keys.
 */
import { formatDateYmd } from '../../i18n/format';

const dateOf = (iso: string) => new Date(`${iso}T00:00:00`);

function addDays(iso: string, days: number): string {
  const d = dateOf(iso);
  d.setDate(d.getDate() + days);
  return formatDateYmd(d);
}

/** The same day `months` later, or the month's last day when it has fewer (31-01 + 1 → 28-02). */
export function addMonths(iso: string, months: number): string {
  const d = dateOf(iso);
  const day = d.getDate();
  const target = new Date(d.getFullYear(), d.getMonth() + months, 1);
  const last = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(day, last));
  return formatDateYmd(target);
}

/** 0 for Monday … 6 for Sunday. */
const weekdayOf = (iso: string) => (dateOf(iso).getDay() + 6) % 7;

const startOfWeek = (iso: string) => addDays(iso, -weekdayOf(iso));
const endOfWeek = (iso: string) => addDays(iso, 6 - weekdayOf(iso));

/** YYYY-MM of a day. */
export const monthOf = (iso: string) => iso.slice(0, 7);

/** The weeks that hold the month of `iso`, seven days each, the neighbours' days included. */
export function monthWeeks(iso: string): string[][] {
  const first = `${monthOf(iso)}-01`;
  const weeks: string[][] = [];
  let day = startOfWeek(first);
  do {
    const week = Array.from({ length: 7 }, (_, i) => addDays(day, i));
    weeks.push(week);
    day = addDays(day, 7);
  } while (monthOf(day) === monthOf(iso));
  return weeks;
}

/** Where a key moves the focused day, or null for a key the grid leaves alone. */
export function dayAfterKey(iso: string, key: string, shift: boolean): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(iso, -1);
    case 'ArrowRight':
      return addDays(iso, 1);
    case 'ArrowUp':
      return addDays(iso, -7);
    case 'ArrowDown':
      return addDays(iso, 7);
    case 'Home':
      return startOfWeek(iso);
    case 'End':
      return endOfWeek(iso);
    case 'PageUp':
      return addMonths(iso, shift ? -12 : -1);
    case 'PageDown':
      return addMonths(iso, shift ? 12 : 1);
    default:
      return null;
  }
}
