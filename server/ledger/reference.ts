import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { queryRows } from '../db/query';

/**
 * `TR` + YYMMDD + an 8-digit sequence: readable over the phone, sortable by day, and never the
 * same as the demo history's `TX…`. The sequence is not rolled back with a failed transfer, so
 * references may skip numbers; they never repeat.
 */
export async function nextReference(db: Db, now: Date): Promise<string> {
  const [reference] = await nextReferences(db, now, 1);
  if (!reference) throw new Error('The reference sequence gave nothing.');
  return reference;
}

/** Several references in one round trip (a chunk of a bulk payment). */
export async function nextReferences(db: Db, now: Date, count: number): Promise<string[]> {
  const rows = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT nextval('transfer_reference_seq') AS n FROM generate_series(1, ${count})`,
  );
  const day = now.toISOString().slice(2, 10).replace(/-/g, '');
  return rows.map((row) => `TR${day}${String(row.n).padStart(8, '0')}`);
}
