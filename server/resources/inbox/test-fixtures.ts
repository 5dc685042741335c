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

/**
 * The reference of a successful transfer between two active accounts that no chargeback names
 * yet and whose receiver could pay it back twice over: one a chargeback may be asked for. `skip`
 * passes over that many, for a file that asks several.
 */
export async function chargeableReference(db: Db, skip = 0): Promise<string | undefined> {
  const [row] = await queryRows<{ reference: string }>(
    db,
    sql`SELECT t.reference FROM transactions t
        JOIN accounts fa ON fa.id = t.from_account_id JOIN accounts ta ON ta.id = t.to_account_id
        WHERE t.status = 'success' AND t.type NOT IN ('opening', 'chargeback') AND fa.status = 'active'
          AND ta.status = 'active' AND ta.balance >= t.amount * 2
          AND NOT EXISTS (SELECT 1 FROM chargebacks c WHERE c.original_transaction_id = t.id)
        ORDER BY t.id OFFSET ${skip} LIMIT 1`,
  );
  return row?.reference;
}
