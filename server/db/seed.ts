import { count } from 'drizzle-orm';
import { type GroupIdTable, primaryIdOf } from '../../contract/groups';
import { hashPassword } from '../lib/password';
import { seededRandom } from '../lib/random';
import type { Db } from './database';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users';
import { seedDemoKyc } from './demo-kyc';
import { LEDGER_SIZES, seedLedger } from './demo-ledger';
import { seedDemoWithdrawalCodes } from './demo-withdrawal-codes';
import { associatedMembers, banks, users } from './schema';

export interface SeedOptions {
  seed: number;
  groupIds: GroupIdTable;
  size?: keyof typeof LEDGER_SIZES;
  /** "Now" for the history: the last 90 days end here. */
  now?: Date;
  /** One-time withdrawal codes for the first demo customers (demo only: off in production). */
  withdrawalCodes?: boolean;
}

export const DEMO_BANKS = [
  // bic: a SWIFT BIC, or the BCEAO bank code where the demo gives one.
  { code: 'BBG', name: 'Bridge Bank Group Sénégal', bankGroup: 'BBG', bic: 'SN218' },
  { code: 'BIS', name: 'Banque Islamique du Sénégal', bankGroup: 'BIS', bic: 'BISNSNDA' },
  { code: 'CBAO', name: 'CBAO Groupe Attijariwafa', bankGroup: null, bic: 'CBAOSNDA' },
  { code: 'SGBS', name: 'Société Générale Sénégal', bankGroup: null, bic: 'SGSNSNDA' },
  { code: 'ECO', name: 'Ecobank Sénégal', bankGroup: null, bic: 'ECOCSNDA' },
  { code: 'BOA', name: 'Bank of Africa Sénégal', bankGroup: null, bic: 'AFRISNDA' },
] as const;

export const AFTU_MEMBERS = [
  { memberId: 'AFTU-001', memberName: 'GIE Keur Massar Transport' },
  { memberId: 'AFTU-002', memberName: 'GIE Rufisque Express' },
  { memberId: 'AFTU-003', memberName: 'GIE Pikine Mobilité' },
  { memberId: 'AFTU-004', memberName: 'GIE Guédiawaye Tata' },
] as const;

/** Builds the demo on an empty database; a database that already has users is left alone. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db, options);
  return true;
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<void> {
  const random = seededRandom(options.seed);
  const now = options.now ?? new Date();
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    const bankRows = await tx
      .insert(banks)
      .values([...DEMO_BANKS])
      .returning();
    const bankIdByCode = new Map(bankRows.map((b) => [b.code, b.id]));
    const userRows = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u, i) => ({
          username: u.username,
          name: u.name,
          groupId: primaryIdOf(u.group, options.groupIds),
          phone: `+221 7${random.pick([0, 6, 7, 8])} ${random.int(100, 999)} ${random.int(10, 99)} ${random.int(10, 99)}`,
          bankId: u.bankCode ? bankIdByCode.get(u.bankCode) : undefined,
          passwordHash: hashes[i] as string,
        })),
      )
      .returning();
    const aftuMaster = userRows.find((u) => u.username === 'aftu-master');
    if (aftuMaster) {
      await tx.insert(associatedMembers).values(AFTU_MEMBERS.map((m) => ({ ...m, brokerUserId: aftuMaster.id })));
    }
    // One transaction: temp tables stay on one connection, and a failed seed leaves nothing behind.
    await seedLedger(tx as unknown as Db, {
      seed: options.seed,
      size: LEDGER_SIZES[options.size ?? 'default'],
      now,
    });
    await seedDemoKyc(tx as unknown as Db, { seed: options.seed, now });
    if (options.withdrawalCodes ?? true)
      await seedDemoWithdrawalCodes(tx as unknown as Db, { seed: options.seed, now });
  });
}
