import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/** Raw SQL rows, the same on PGlite and node-postgres (both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The page of a list a query asks for: its number (from 1) and size. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * One page of a list and how many rows match. `count` selects the matching rows' `total`;
 * `rows` selects them in order, and gets the page's LIMIT and OFFSET here. Each row becomes
 * its view in turn, not all at once: on PGlite (and inside a transaction) the queries a view
 * may make share one connection.
 */
export async function queryPage<Row, View>(
  db: Db,
  paging: PageRequest,
  query: { count: SQL; rows: SQL },
  toView: (row: Row) => View | Promise<View>,
): Promise<{ rows: View[]; total: number; page: number; pageSize: number }> {
  const { page, pageSize } = paging;
  const [count] = await queryRows<{ total: number | string }>(db, query.count);
  const rows = await queryRows<Row>(db, sql`${query.rows} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
  const views: View[] = [];
  for (const row of rows) views.push(await toView(row));
  return { rows: views, total: Number(count?.total ?? 0), page, pageSize };
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

/**
 * Many rows updated in one statement, each with its own values:
 * `UPDATE table AS t SET … FROM (VALUES …) AS v(columns) WHERE t.id = v.id`. `columns` names
 * v's columns, `id` first; each row gives its values in that order, each one cast
 * (sql`${id}::int`): PostgreSQL does not infer the type of a parameter in VALUES. `set` reads
 * the row being updated as `t` and its new values as `v`. No rows: no statement.
 */
export async function updateFromValues(
  db: Db,
  update: { table: PgTable; columns: readonly ['id', ...string[]]; rows: readonly SQL[][]; set: SQL },
): Promise<void> {
  if (update.rows.length === 0) return;
  const values = sql.join(
    update.rows.map((row) => sql`(${sql.join(row, sql`, `)})`),
    sql`, `,
  );
  const columns = sql.join(
    update.columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE ${update.table} AS t SET ${update.set}
    FROM (VALUES ${values}) AS v(${columns}) WHERE t.id = v.id`);
}
