import { describe, expect, it } from 'vitest';
import { TRANSACTION_COLUMNS } from '../../../contract/reports';
import { type ExportColumn, exportCell } from './export-cells';

const createdAt: ExportColumn = {
  key: 'createdAt',
  def: TRANSACTION_COLUMNS.createdAt,
  header: 'Date',
  family: undefined,
};

/** Dakar's wall clock straight from the time zone database, as UTC fields of a Date. */
function wallClock(iso: string): Date {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Dakar',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')));
}

describe('a date cell of an export', () => {
  it('carries the wall clock of Dakar, whatever offset the time zone database gives that day', () => {
    // Today's Dakar (GMT), and its local mean time of before 1912 (an offset in minutes and seconds).
    const instants = [
      '2026-11-15T12:34:56.789Z',
      '2026-11-15T12:59:59Z',
      '1905-03-01T08:00:00Z',
      '1912-01-01T00:30:00Z',
    ];
    for (const iso of instants) expect(exportCell(createdAt, iso, 'en'), iso).toEqual(wallClock(iso));
    // The same hour asked again comes from what was kept, and still reads right.
    expect(exportCell(createdAt, '1905-03-01T08:45:10Z', 'en')).toEqual(wallClock('1905-03-01T08:45:10Z'));
  });

  it('leaves what is not a date as it was given', () => {
    expect(exportCell(createdAt, 'not a date', 'en')).toBe('not a date');
    expect(exportCell(createdAt, null, 'en')).toBeNull();
  });
});
