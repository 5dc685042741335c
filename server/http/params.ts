import { z } from '@hono/zod-openapi';

/** The largest value of a PostgreSQL `integer` / `serial` column. */
export const MAX_SERIAL_ID = 2_147_483_647;

/**
 * A row id taken from the query string or path. Bounded to the column's range so an
 * out-of-range number is a 400, not a database error.
 */
export const idParam = () => z.coerce.number().int().positive().max(MAX_SERIAL_ID);

/**
 * PostgreSQL text cannot hold NUL (a query carrying one fails), so text that reaches the
 * database refuses control characters: `.refine(...noControlCharacters)`.
 */
export const noControlCharacters = [
  (value: string) => !/\p{Cc}/u.test(value),
  'must not contain control characters',
] as const;

/**
 * A calendar day as YYYY-MM-DD that exists (no 30 February) within years the ledger can hold:
 * `Date` rolls impossible days over, and a far year breaks the timestamp arithmetic in SQL.
 */
export const calendarDay = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD')
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      const date = new Date(`${value}T00:00:00Z`);
      return year >= 2000 && year <= 2100 && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, 'Not a real date between 2000 and 2100');
