import type { TransferSettings } from '../config';
import type { Db } from '../db/database';
import type { AccountRow } from './accounts';
import { lockAccounts } from './accounts';
import { accountIdsOf, houseAccountsOf, type TransferPlan, verifyTransfer, withAccounts } from './plan';

/**
 * Locks every account the plan touches, reads them again and checks the rules on what no one
 * else can now change: the decisive check before a posting. Must run inside a transaction.
 */
export async function lockAndVerify(
  db: Db,
  plan: TransferPlan,
  options: { now: Date; settings: TransferSettings },
): Promise<{ plan: TransferPlan; house: AccountRow[] }> {
  const house = await houseAccountsOf(db, plan);
  const locked = await lockAccounts(db, accountIdsOf(plan, house));
  const fresh = withAccounts(plan, locked);
  const freshHouse = house.map((a) => locked.get(a.id) ?? a);
  await verifyTransfer(db, fresh, freshHouse, options);
  return { plan: fresh, house: freshHouse };
}
