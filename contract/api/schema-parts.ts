import { z } from 'zod';
import { noControlCharacters } from '../fields';

/** The largest value of a PostgreSQL `integer` / `serial` column. */
const MAX_SERIAL_ID = 2_147_483_647;

/**
 * A row id taken from the query string or path. Bounded to the column's range so an
 * out-of-range number is a 400, not a database error.
 */
export const idSchema = () => z.coerce.number().int().positive().max(MAX_SERIAL_ID);

/** An instant as the API writes it: ISO 8601 in UTC. */
export const dateTime = z.string().meta({ format: 'date-time' });

/**
 * A named schema (`.meta({ id })`) or null. Not `.nullable()`: the OpenAPI generator copies the
 * name onto the nullable wrapper and would make the named component itself nullable.
 */
export const orNull = <S extends z.ZodType>(schema: S) => z.union([schema, z.null()]);

/**
 * The one schema of a search or filter text: trimmed, bounded, and without control characters,
 * so a NUL (which PostgreSQL refuses) is a 400 rather than a failed query.
 */
export const searchText = (maxLength = 80) =>
  z.string().trim().max(maxLength).refine(noControlCharacters, 'must not contain control characters');
