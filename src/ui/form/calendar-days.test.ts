import { describe, expect, it } from 'vitest';
import { addMonths, dayAfterKey, monthWeeks } from './calendar-days';

describe('the day picker’s arithmetic', () => {
  it('lays a month out in weeks from Monday, with the neighbours’ days around it', () => {
    const weeks = monthWeeks('2026-11-27');
    // 1 November 2026 is a Sunday: the first row starts on Monday 26 October.
    expect(weeks[0]?.[0]).toBe('2026-10-26');
    expect(weeks[0]?.[6]).toBe('2026-11-01');
    expect(weeks.at(-1)?.[0]).toBe('2026-11-30');
    expect(weeks.at(-1)?.[6]).toBe('2026-12-06');
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it('moves a month to the last day the next one has', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-15', -3)).toBe('2025-12-15');
  });

  it('moves by the keys of a date grid', () => {
    expect(dayAfterKey('2026-11-30', 'ArrowRight', false)).toBe('2026-12-01');
    expect(dayAfterKey('2026-11-05', 'ArrowUp', false)).toBe('2026-10-29');
    expect(dayAfterKey('2026-11-27', 'Home', false)).toBe('2026-11-23');
    expect(dayAfterKey('2026-11-27', 'End', false)).toBe('2026-11-29');
    expect(dayAfterKey('2026-11-27', 'PageDown', true)).toBe('2027-11-27');
    expect(dayAfterKey('2026-11-27', 'Tab', false)).toBeNull();
  });
});
