import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/query';
import { findCustomer } from '../../test/transfers';

/**
 * What the inbox tests make requests about: a wallet with money to pay out, the payroll
 * partner's account that bulk payments draw on, and the phones of KYC-approved customers to pay.
 */
export async function inboxFixtures(db: Db, phoneCount: number) {
  const wallet = await findCustomer(db, { minBalance: 50_000 });
  const [partner] = await queryRows<{ number: string }>(
    db,
    sql`SELECT number FROM accounts WHERE number LIKE 'PRT-PAYROLL%' ORDER BY id LIMIT 1`,
  );
  const customers = await queryRows<{ phone: string }>(
    db,
    sql`SELECT phone FROM accounts WHERE kind = 'customer' AND status = 'active' AND kyc_status = 'approved'
        AND phone IS NOT NULL ORDER BY id LIMIT ${phoneCount}`,
  );
  return { wallet, payroll: partner?.number ?? '', phones: customers.map((c) => c.phone) };
}
