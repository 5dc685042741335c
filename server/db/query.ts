import type { SQL } from 'drizzle-orm';
import type { Db } from './database';

/** Raw SQL rows, the same on PGlite and node-postgres (both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A raw timestamp as ISO 8601: node-postgres hands over a Date, PGlite text such as
 * "2030-01-15 21:00:00+00". Text that does not parse is passed on as it is.
 */
export function isoTimestamp(value: Date | string): string {
  if (value instanceof Date) return value.toISOString();
  const date = new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
