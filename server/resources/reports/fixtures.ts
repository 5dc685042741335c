import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** A day no demo history reaches, so fixtures are the only rows in range. */
export const FIXTURE_DAY = '2030-01-15';

export interface FixtureTx {
  reference: string;
  type: string;
  service: string;
  status?: string;
  amount: number;
  fee?: number;
  commission?: number;
  from: string | null;
  to: string | null;
  network?: string | null;
  memberId?: string | null;
  bank?: string | null;
  hour?: number;
  /** FIXTURE_DAY unless given (YYYY-MM-DD). */
  day?: string;
  details?: Record<string, string>;
}

/** Inserts hand-written transactions (accounts named by number), on FIXTURE_DAY unless told. */
export async function insertFixtures(db: Db, rows: FixtureTx[]) {
  for (const row of rows) {
    await db.execute(sql`
      INSERT INTO transactions (reference, type, service, status, amount, fee, commission, from_account_id, to_account_id,
                                channel, bank_id, network, member_id, details, created_at)
      VALUES (${row.reference}, ${row.type}, ${row.service}, ${row.status ?? 'success'}, ${row.amount}, ${row.fee ?? 0},
              ${row.commission ?? 0},
              (SELECT id FROM accounts WHERE number = ${row.from}), (SELECT id FROM accounts WHERE number = ${row.to}),
              'dashboard', (SELECT id FROM banks WHERE code = ${row.bank ?? null}), ${row.network ?? null},
              ${row.memberId ?? null}, ${row.details ? JSON.stringify(row.details) : null}::jsonb,
              ${`${row.day ?? FIXTURE_DAY}T${String(row.hour ?? 10).padStart(2, '0')}:00:00Z`}::timestamptz)`);
  }
}
