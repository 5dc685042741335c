import { sql } from 'drizzle-orm';
import { seededRandom } from '../lib/random';
import { hashWithdrawalCode } from '../ledger/withdrawal-codes';
import type { Db } from './database';
import { queryRows } from './query';

/**
 * Demo data only. A customer makes a one-time withdrawal code in the wallet app, which is not
 * part of this product; so that a tester can try a cash-out, the demo gives each of the first
 * customers one unused code, valid for a year from the demo's "now". The codes follow from the
 * demo seed, so the same seed always gives the same codes.
 */
const DEMO_CODE_CUSTOMERS = 20;
const DEMO_CODE_VALID_DAYS = 365;

export interface DemoWithdrawalCode {
  account: string;
  code: string;
}

export function demoWithdrawalCodes(seed: number): DemoWithdrawalCode[] {
  const random = seededRandom(seed);
  return Array.from({ length: DEMO_CODE_CUSTOMERS }, (_, i) => ({
    account: `CUS-${String(i + 1).padStart(6, '0')}`,
    code: String(Math.floor(random.next() * 1_000_000)).padStart(6, '0'),
  }));
}

/**
 * The codes of the default demo (DEMO_SEED unset), with the customers' phones and whether the
 * wallet can pay out at all (active with KYC approved); the others show the refusals.
 */
export const DEMO_WITHDRAWAL_CODES: readonly (DemoWithdrawalCode & { phone: string; usable: boolean })[] = [
  { account: 'CUS-000001', phone: '+221 76 500 00 01', code: '479029', usable: false },
  { account: 'CUS-000002', phone: '+221 76 659 00 02', code: '633574', usable: false },
  { account: 'CUS-000003', phone: '+221 78 211 00 03', code: '859802', usable: true },
  { account: 'CUS-000004', phone: '+221 77 855 00 04', code: '214076', usable: false },
  { account: 'CUS-000005', phone: '+221 78 917 00 05', code: '747624', usable: false },
  { account: 'CUS-000006', phone: '+221 70 082 00 06', code: '585821', usable: true },
  { account: 'CUS-000007', phone: '+221 70 804 00 07', code: '037175', usable: false },
  { account: 'CUS-000008', phone: '+221 76 055 00 08', code: '320885', usable: false },
  { account: 'CUS-000009', phone: '+221 77 807 00 09', code: '441752', usable: false },
  { account: 'CUS-000010', phone: '+221 70 057 00 10', code: '187888', usable: false },
  { account: 'CUS-000011', phone: '+221 78 257 00 11', code: '313055', usable: false },
  { account: 'CUS-000012', phone: '+221 78 865 00 12', code: '467918', usable: false },
  { account: 'CUS-000013', phone: '+221 77 368 00 13', code: '363757', usable: true },
  { account: 'CUS-000014', phone: '+221 78 750 00 14', code: '269557', usable: true },
  { account: 'CUS-000015', phone: '+221 77 540 00 15', code: '347355', usable: false },
  { account: 'CUS-000016', phone: '+221 70 612 00 16', code: '026605', usable: false },
  { account: 'CUS-000017', phone: '+221 70 517 00 17', code: '315377', usable: false },
  { account: 'CUS-000018', phone: '+221 77 697 00 18', code: '926389', usable: true },
  { account: 'CUS-000019', phone: '+221 76 489 00 19', code: '110652', usable: false },
  { account: 'CUS-000020', phone: '+221 70 085 00 20', code: '454663', usable: false },
];

const textArray = (items: readonly string[]) =>
  sql`ARRAY[${sql.join(
    items.map((i) => sql`${i}`),
    sql`, `,
  )}]::text[]`;

/** One statement for all codes (hashed here, inserted set-based). */
export async function seedDemoWithdrawalCodes(db: Db, options: { seed: number; now: Date }) {
  const codes = demoWithdrawalCodes(options.seed);
  const numbers = codes.map((c) => c.account);
  const hashes = codes.map((c) => hashWithdrawalCode(c.code));
  const now = options.now.toISOString();
  await db.execute(sql`
    INSERT INTO withdrawal_codes (account_id, code_hash, expires_at, created_at)
    SELECT a.id, c.hash, ${now}::timestamptz + make_interval(days => ${DEMO_CODE_VALID_DAYS}), ${now}::timestamptz
    FROM unnest(${textArray(numbers)}, ${textArray(hashes)}) AS c(number, hash)
    JOIN accounts a ON a.number = c.number
  `);
}

/** The demo codes still unused in this database, with phones, the wallets that can pay out first. */
export async function unusedDemoWithdrawalCodes(db: Db, seed: number) {
  const codes = new Map(demoWithdrawalCodes(seed).map((c) => [c.account, c.code]));
  const rows = await queryRows<{ number: string; phone: string | null; usable: boolean }>(
    db,
    sql`SELECT a.number, a.phone, (a.status = 'active' AND a.kyc_status = 'approved') AS usable
        FROM accounts a
        WHERE a.number = ANY(${textArray([...codes.keys()])})
          AND EXISTS (SELECT 1 FROM withdrawal_codes w WHERE w.account_id = a.id AND w.used_at IS NULL)
        ORDER BY (a.status = 'active' AND a.kyc_status = 'approved') DESC, a.number`,
  );
  return rows.map((r) => ({ account: r.number, phone: r.phone, usable: r.usable, code: codes.get(r.number) ?? '' }));
}
