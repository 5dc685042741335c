import { z } from 'zod';

/**
 * Field rules the dashboard's forms and filters share with the API. Plain zod: this file is
 * bundled into the browser as well as read by the server.
 */

/** PostgreSQL text cannot hold NUL (a query carrying one fails): text that reaches the database refuses control characters. */
export const noControlCharacters = (v: string) => !/\p{Cc}/u.test(v);

/**
 * A calendar day as YYYY-MM-DD that exists (no 30 February; `Date` would roll it over) in the
 * years `minYear` to `maxYear`: a far year breaks the timestamp arithmetic in SQL.
 */
export function calendarDaySchema(minYear: number, maxYear: number, message: string) {
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD')
    .refine((v) => {
      const [y, m, d] = v.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      return (
        y >= minYear &&
        y <= maxYear &&
        date.getUTCFullYear() === y &&
        date.getUTCMonth() === m - 1 &&
        date.getUTCDate() === d
      );
    }, message);
}

/** A filter's day range, YYYY-MM-DD, either end left out. */
export type DayRange = { from?: string; to?: string };

/** `.refine(...dateRangeInOrder)`: a from–to day filter whose start is not after its end. */
export const dateRangeInOrder: [check: (v: DayRange) => boolean, params: { message: string; path: string[] }] = [
  (v) => !v.from || !v.to || v.from <= v.to,
  { message: 'The start date is after the end date', path: ['from'] },
];
