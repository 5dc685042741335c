import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, migrationsFolder } from './database';
import { queryRows } from './query';

interface Journal {
  entries: { tag: string; when: number }[];
}

/** The newest migration this build ships: the journal's last entry. */
function newestShippedMigration(): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.at(-1);
  if (!last) throw new Error('The migration journal is empty');
  return last;
}

export interface MigrationState {
  current: boolean;
  /** The tag of the newest migration this build ships. */
  expected: string;
}

/**
 * Whether the database has every migration this build ships. Drizzle's migrator records each
 * applied migration with its journal time, so the newest applied time tells how far it got; a
 * replica started from an older build must not take traffic for a newer schema, nor the reverse.
 */
export async function migrationState(db: Db): Promise<MigrationState> {
  const expected = newestShippedMigration();
  const [row] = await queryRows<{ newest: string | number | null }>(
    db,
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  );
  const newest = Number(row?.newest ?? 0);
  return { current: newest === expected.when, expected: expected.tag };
}
