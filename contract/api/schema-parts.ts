import { z } from 'zod';
import { calendarDaySchema, noControlCharacters } from '../fields';

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
 * A calendar day as YYYY-MM-DD that exists (no 30 February) within years the ledger can hold:
 * `Date` rolls impossible days over, and a far year breaks the timestamp arithmetic in SQL.
 */
export const calendarDay = () => calendarDaySchema(2000, 2100, 'Not a real date between 2000 and 2100');

/**
 * The one schema of a search or filter text: trimmed, bounded, and without control characters,
 * so a NUL (which PostgreSQL refuses) is a 400 here rather than a failed query.
 */
export const searchText = (maxLength = 80) =>
  z.string().trim().max(maxLength).refine(noControlCharacters, 'must not contain control characters');

/** An account number as people type it (CUS-000001): letters, digits and dashes, read upper-cased. */
export const accountNumberText = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/, 'An account number has letters, digits and dashes only')
    .transform((v) => v.toUpperCase())
    .meta({ example: 'CUS-000001' });
