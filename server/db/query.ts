import type { SQL } from 'drizzle-orm';
import type { Db } from './database';

/** Raw SQL rows, the same on PGlite and node-postgres (both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
