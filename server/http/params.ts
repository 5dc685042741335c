import { z } from '@hono/zod-openapi';

/** The largest value of a PostgreSQL `integer` / `serial` column. */
export const MAX_SERIAL_ID = 2_147_483_647;

/**
 * A row id taken from the query string or path. Bounded to the column's range so an
 * out-of-range number is a 400, not a database error.
 */
export const idParam = () => z.coerce.number().int().positive().max(MAX_SERIAL_ID);
