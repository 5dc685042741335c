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
