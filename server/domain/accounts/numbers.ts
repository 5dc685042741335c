import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/query';

/** The seed's numbering: a prefix and a zero-padded serial (CUS-000123, AGT-00012, MRC-00042, PRT-00003). */
export const NUMBER_WIDTH: Record<string, number> = { 'CUS-': 6, 'AGT-': 5, 'MRC-': 5, 'PRT-': 5 };

/**
 * The next free number of a series, inside the caller's transaction. The advisory lock holds
 * until that transaction ends, so two registrations never read the same maximum; the unique
 * index on accounts.number stays as the last guard. Named series (PRT-WOYOFAL) are skipped.
 */
export async function nextAccountNumber(tx: Db, prefix: keyof typeof NUMBER_WIDTH & string): Promise<string> {
  const width = NUMBER_WIDTH[prefix] ?? 6;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`account-number:${prefix}`}))`);
  const [row] = await queryRows<{ last: number | string | null }>(
    tx,
    sql`SELECT max(substr(number, ${prefix.length + 1})::bigint) AS last FROM accounts
        WHERE number LIKE ${`${prefix}%`} AND substr(number, ${prefix.length + 1}) ~ '^[0-9]+$'`,
  );
  const next = Number(row?.last ?? 0) + 1;
  return `${prefix}${String(next).padStart(width, '0')}`;
}
