import { sql } from 'drizzle-orm';
import type { Db } from './database';
import { ensureHouseAccounts } from './house-accounts';
import { queryRows } from './query';

/**
 * The demo ledger, built with set-based SQL (INSERT ... SELECT over generate_series) so a
 * million transactions load in one pass. Every choice is a hash of the row number and the
 * seed (hashtext), so the same seed always builds the same history.
 */
export interface LedgerSize {
  customers: number;
  agents: number;
  merchants: number;
  transactions: number;
  closures: number;
}

export const LEDGER_SIZES: Record<'small' | 'default' | 'medium' | 'large', LedgerSize> = {
  small: { customers: 300, agents: 24, merchants: 40, transactions: 3_000, closures: 20 },
  default: { customers: 1_500, agents: 60, merchants: 160, transactions: 20_000, closures: 80 },
  // The bench's smaller large ledger (BENCH_LARGE_SIZE=medium): a tenth of `large`, built in minutes.
  medium: { customers: 5_000, agents: 60, merchants: 200, transactions: 100_000, closures: 200 },
  large: { customers: 50_000, agents: 600, merchants: 2_000, transactions: 1_000_000, closures: 2_000 },
};

/** Service partner accounts: where bill payments, top-ups and tickets are paid to. */
const PARTNERS = [
  ['woyofal', 'Senelec Woyofal'],
  ['orange_topup', 'Orange Sénégal Topup'],
  ['tnt', 'TNT Sénégal'],
  ['dakar_dem_dikk', 'Dakar Dem Dikk'],
  ['rapido', 'Rapido Autoroute'],
  ['seoh', 'SEOH Eau'],
  ['aquatech', 'Aquatech'],
  ['flexeau', 'FlexEau'],
  ['transvie', 'Transvie Assurances'],
  ['coupon', 'Coupons promotionnels'],
  ['payroll', 'Employeur Payroll SA'],
  // Two more employers, so an admin chooses who pays a bulk payment (none is preselected).
  ['payroll_sahel', 'Sahel Ciments SA'],
  ['payroll_teranga', 'Teranga Textiles SA'],
] as const;

const REGIONS = ['Dakar', 'Thiès', 'Saint-Louis', 'Kaolack', 'Ziguinchor', 'Touba', 'Mbour', 'Rufisque'];
const FIRST = [
  'Awa',
  'Moussa',
  'Fatou',
  'Ibrahima',
  'Aminata',
  'Cheikh',
  'Mariama',
  'Ousmane',
  'Khady',
  'Modou',
  'Ndeye',
  'Abdoulaye',
  'Astou',
  'Mamadou',
  'Coumba',
  'Babacar',
];
const LAST = [
  'Ndiaye',
  'Diop',
  'Fall',
  'Sow',
  'Ba',
  'Sarr',
  'Gueye',
  'Faye',
  'Mbaye',
  'Diallo',
  'Kane',
  'Sy',
  'Cissé',
  'Thiam',
  'Seck',
  'Ndour',
];

const arr = (items: readonly string[]) => sql.raw(`ARRAY[${items.map((i) => `'${i.replace(/'/g, "''")}'`).join(',')}]`);

/** The phone of the demo customer numbered n (SQL over n): the demo's withdrawal-code list shows the same one. */
export function customerPhoneSql(n: string, seed: number) {
  const h = (salt: string) => `abs(hashtext(${n}::text || ':${salt}:' || ${Math.trunc(seed)}))`;
  return sql.raw(
    `'+221 7' || (ARRAY['0','6','7','8'])[1 + ${h('cx')} % 4] || ' ' || lpad((${h('cp')} % 1000)::text, 3, '0') || ' ' || lpad((${n} / 100 % 100)::text, 2, '0') || ' ' || lpad((${n} % 100)::text, 2, '0')`,
  );
}

export async function seedLedger(db: Db, options: { seed: number; size: LedgerSize; now: Date }) {
  const { size } = options;
  // The generator only references rows it has just written, so the per-row foreign-key
  // triggers can rest for this transaction (a large share of the load time). Without the
  // privilege this is skipped and the checks simply run.
  const [role] = await queryRows<{ rolsuper: boolean }>(
    db,
    sql`SELECT rolsuper FROM pg_roles WHERE rolname = current_user`,
  );
  if (role?.rolsuper) await db.execute(sql`SET LOCAL session_replication_role = replica`);
  const seed = Math.trunc(options.seed);
  const now = options.now.toISOString();
  // h(n, salt): a deterministic non-negative integer per row and purpose.
  const h = (n: string, salt: string) => sql.raw(`abs(hashtext(${n}::text || ':${salt}:' || ${seed}))`);

  // The house's system, fee and commission accounts, then partner and bank float accounts.
  await ensureHouseAccounts(db, new Date(options.now.getTime() - 120 * 86_400_000));
  await db.execute(sql`
    INSERT INTO accounts (number, kind, label, status, kyc_status, created_at, activated_at)
    SELECT 'PRT-' || upper(p.code), 'partner', p.name, 'active', 'approved',
           ${now}::timestamptz - interval '120 days', ${now}::timestamptz - interval '120 days'
    FROM unnest(${arr(PARTNERS.map((p) => p[0]))}::text[], ${arr(PARTNERS.map((p) => p[1]))}::text[]) AS p(code, name)
  `);
  await db.execute(sql`
    INSERT INTO accounts (number, kind, label, bank_id, status, kyc_status, created_at, activated_at)
    SELECT 'BNK-' || b.code, 'bank_float', b.name || ' e-money float', b.id, 'active', 'approved',
           ${now}::timestamptz - interval '120 days', ${now}::timestamptz - interval '120 days'
    FROM banks b ORDER BY b.id
  `);
  // Each bank knows its float (the /banks page and every bank picker read it from there).
  await db.execute(sql`
    UPDATE banks SET float_account_id = a.id FROM accounts a WHERE a.kind = 'bank_float' AND a.bank_id = banks.id
  `);

  // Distribution networks (EDK and its three sub-networks), each owned by its master user.
  await db.execute(sql`
    INSERT INTO accounts (number, kind, label, network, owner_user_id, status, kyc_status, created_at, activated_at)
    SELECT 'NET-' || upper(n.slug), 'network', n.name, n.slug,
           (SELECT id FROM users WHERE username = n.owner), 'active', 'approved',
           ${now}::timestamptz - interval '120 days', ${now}::timestamptz - interval '120 days'
    FROM (VALUES ('edk-distribution', 'EDK Distribution', 'edk-master'),
                 ('tefess', 'Tefess', 'tefess-master'),
                 ('low-price', 'Low Price', 'lowprice-master'),
                 ('djoloff', 'Djoloff', 'djoloff-master')) AS n(slug, name, owner)
  `);

  // AFTU members: one partner account each, linked to the AFTU master's member list.
  await db.execute(sql`
    INSERT INTO accounts (number, kind, label, member_id, status, kyc_status, created_at, activated_at)
    SELECT 'AFTU-' || m.member_id, 'partner', m.member_name, m.member_id, 'active', 'approved',
           ${now}::timestamptz - interval '120 days', ${now}::timestamptz - interval '120 days'
    FROM associated_members m ORDER BY m.id
  `);

  // Agents: a few super agents, the rest under them.
  await db.execute(sql`
    INSERT INTO accounts (number, kind, label, phone, region, status, kyc_status, pin_status, created_at, activated_at)
    SELECT 'AGT-' || lpad(g::text, 5, '0'), 'agent',
           'Agent ' || (${arr(FIRST)}::text[])[1 + ${h('g', 'af')} % ${FIRST.length}] || ' ' || (${arr(LAST)}::text[])[1 + ${h('g', 'al')} % ${LAST.length}],
           '+221 77 ' || lpad((100 + g)::text, 3, '0') || ' ' || lpad((${h('g', 'ap')} % 100)::text, 2, '0') || ' ' || lpad((${h('g', 'aq')} % 100)::text, 2, '0'),
           (${arr(REGIONS)}::text[])[1 + ${h('g', 'ar')} % ${REGIONS.length}],
           CASE WHEN ${h('g', 'as')} % 25 = 0 THEN 'blocked' ELSE 'active' END,
           CASE WHEN ${h('g', 'ak')} % 12 = 0 THEN 'pending' ELSE 'approved' END,
           'set',
           ${now}::timestamptz - ((100 + ${h('g', 'ac')} % 300) || ' days')::interval,
           ${now}::timestamptz - ((90 + ${h('g', 'ac')} % 300) || ' days')::interval
    FROM generate_series(1, ${size.agents}) g
  `);
  await db.execute(sql`
    UPDATE accounts a SET parent_account_id = sup.id
    FROM accounts sup
    WHERE a.kind = 'agent' AND sup.kind = 'agent'
      AND substr(a.number, 5)::int > 6
      AND substr(sup.number, 5)::int = 1 + (substr(a.number, 5)::int % 6)
  `);

  // Merchants: some in the EDK networks, some in the Sen Distribution head-master-location chain.
  await db.execute(sql`
    INSERT INTO accounts (number, kind, label, phone, region, network, status, kyc_status, pin_status, created_at, activated_at)
    SELECT 'MRC-' || lpad(g::text, 5, '0'), 'merchant',
           (ARRAY['Boutique','Quincaillerie','Pharmacie','Station','Alimentation','Multiservices'])[1 + ${h('g', 'mt')} % 6] || ' ' ||
           (${arr(LAST)}::text[])[1 + ${h('g', 'ml')} % ${LAST.length}] || ' ' || g,
           '+221 76 ' || lpad((100 + g % 900)::text, 3, '0') || ' ' || lpad((${h('g', 'mp')} % 100)::text, 2, '0') || ' ' || lpad((${h('g', 'mq')} % 100)::text, 2, '0'),
           (${arr(REGIONS)}::text[])[1 + ${h('g', 'mr')} % ${REGIONS.length}],
           CASE WHEN g % 5 = 0 THEN NULL ELSE (ARRAY['edk-distribution','tefess','low-price','djoloff'])[1 + g % 4] END,
           'active',
           CASE WHEN ${h('g', 'mk')} % 10 = 0 THEN 'pending' ELSE 'approved' END,
           'set',
           ${now}::timestamptz - ((95 + ${h('g', 'mc')} % 300) || ' days')::interval,
           ${now}::timestamptz - ((92 + ${h('g', 'mc')} % 300) || ' days')::interval
    FROM generate_series(1, ${size.merchants}) g
  `);

  // Customers in every KYC, PIN and activation state, some banked at a partner bank.
  await db.execute(sql`
    INSERT INTO accounts (number, kind, label, phone, region, bank_id, status, kyc_status, pin_status, created_at, activated_at)
    SELECT 'CUS-' || lpad(g::text, 6, '0'), 'customer',
           (${arr(FIRST)}::text[])[1 + ${h('g', 'cf')} % ${FIRST.length}] || ' ' || (${arr(LAST)}::text[])[1 + ${h('g', 'cl')} % ${LAST.length}],
           ${customerPhoneSql('g', seed)},
           (${arr(REGIONS)}::text[])[1 + ${h('g', 'cr')} % ${REGIONS.length}],
           CASE WHEN ${h('g', 'cb')} % 3 = 0 THEN (SELECT id FROM banks ORDER BY id OFFSET (${h('g', 'cbb')} % (SELECT count(*) FROM banks)) LIMIT 1) END,
           (ARRAY['active','active','active','active','active','active','inactive','blocked','closed','declassified'])[1 + ${h('g', 'cs')} % 10],
           (ARRAY['approved','approved','approved','approved','pending','pending','rejected','more_documents'])[1 + ${h('g', 'ck')} % 8],
           (ARRAY['set','set','set','set','not_set','blocked','reset_requested'])[1 + ${h('g', 'cn')} % 7],
           ${now}::timestamptz - ((${h('g', 'cc')} % (95 * 86400)) || ' seconds')::interval,
           CASE WHEN ${h('g', 'cs')} % 10 = 6 THEN NULL
                ELSE ${now}::timestamptz - ((${h('g', 'cc')} % (95 * 86400)) || ' seconds')::interval + ((${h('g', 'ca')} % 86400) || ' seconds')::interval END
    FROM generate_series(1, ${size.customers}) g
  `);
  // An activation never lies in the future.
  await db.execute(
    sql`UPDATE accounts SET activated_at = ${now}::timestamptz WHERE activated_at > ${now}::timestamptz`,
  );

  await linkDemoUsers(db, now);
  await seedTransactions(db, options.seed, size, now);
  await seedClosures(db, options.seed, size, now);
  await seedOpeningBalances(db, now);
  await db.execute(sql`
    UPDATE accounts a SET balance = s.total
    FROM (SELECT account_id, sum(amount) AS total FROM postings GROUP BY account_id) s
    WHERE a.id = s.account_id
  `);
  await db.execute(sql`
    UPDATE accounts a SET last_activity_at = s.last
    FROM (SELECT account_id, max(created_at) AS last FROM postings GROUP BY account_id) s
    WHERE a.id = s.account_id
  `);
}

/** Gives the demo users of the groups that own money their accounts (agent, merchant, stations, chains). */
async function linkDemoUsers(db: Db, now: string) {
  // A demo user's own account works: active and verified, whatever the hash gave it.
  const own = (username: string, number: string) =>
    db.execute(
      sql`UPDATE accounts SET owner_user_id = (SELECT id FROM users WHERE username = ${username}),
                              status = 'active', kyc_status = 'approved'
          WHERE number = ${number}`,
    );
  await own('agent', 'AGT-00001');
  await own('221771234567', 'AGT-00002');
  await own('merchant', 'MRC-00005');
  await own('ddd-report-admin', 'PRT-DAKAR_DEM_DIKK');
  // Gerants run one station each in their network.
  await db.execute(sql`
    INSERT INTO accounts (number, kind, label, phone, region, network, owner_user_id, status, kyc_status, created_at, activated_at)
    SELECT 'STN-' || upper(s.slug), 'merchant', 'Station ' || s.name || ' Colobane', '+221 33 8' || s.n || '2 10 1' || s.n, 'Dakar',
           s.slug, (SELECT id FROM users WHERE username = s.owner), 'active', 'approved',
           ${now}::timestamptz - interval '110 days', ${now}::timestamptz - interval '110 days'
    FROM (VALUES ('low-price', 'Low Price', 'gerant-lowprice', 1), ('tefess', 'Tefess', 'gerant-tefess', 2),
                 ('djoloff', 'Djoloff', 'gerant-djoloff', 3)) AS s(slug, name, owner, n)
  `);
  // Sen Distribution: one head, two masters, four locations.
  await db.execute(sql`
    INSERT INTO accounts (number, kind, label, phone, region, network, status, kyc_status, created_at, activated_at)
    SELECT c.number, 'merchant', c.label, c.phone, c.region, 'sen-distribution', 'active', 'approved',
           ${now}::timestamptz - interval '115 days', ${now}::timestamptz - interval '115 days'
    FROM (VALUES ('CHN-HEAD', 'Sen Distribution (head)', '+221 33 820 00 01', 'Dakar'),
                 ('CHN-M1', 'Sen Distribution Thiès', '+221 33 951 00 02', 'Thiès'),
                 ('CHN-M2', 'Sen Distribution Kaolack', '+221 33 941 00 03', 'Kaolack'),
                 ('CHN-L1', 'Sen Distribution Mbour', '+221 33 957 00 04', 'Mbour'),
                 ('CHN-L2', 'Sen Distribution Tivaouane', '+221 33 955 00 05', 'Thiès'),
                 ('CHN-L3', 'Sen Distribution Fatick', '+221 33 949 00 06', 'Kaolack'),
                 ('CHN-L4', 'Sen Distribution Nioro', '+221 33 948 00 07', 'Kaolack')) AS c(number, label, phone, region)
  `);
  await db.execute(sql`
    UPDATE accounts c SET parent_account_id = p.id
    FROM accounts p, (VALUES ('CHN-M1','CHN-HEAD'), ('CHN-M2','CHN-HEAD'), ('CHN-L1','CHN-M1'), ('CHN-L2','CHN-M1'),
                             ('CHN-L3','CHN-M2'), ('CHN-L4','CHN-M2')) AS l(child, parent)
    WHERE c.number = l.child AND p.number = l.parent
  `);
  await own('merchant-head', 'CHN-HEAD');
  await own('merchant-master', 'CHN-M1');
  await own('merchant-location', 'CHN-L1');
}

interface Flow {
  /** Share of all transactions, in thousandths. */
  weight: number;
  type: string;
  service: string;
  /** SQL choosing the debited and credited account ids from the id arrays (aliases in the query). */
  from: string;
  to: string;
  amount: [number, number];
  fee?: string;
  commission?: string;
  details?: string;
}

const pick = (array: string, salt: string) =>
  `${array}[1 + abs(hashtext(d.n::text || ':${salt}')) % cardinality(${array})]`;
const one = (number: string) => `(SELECT id FROM accounts WHERE number = '${number}')`;
const digits = (salt: string, len: number) =>
  `lpad((abs(hashtext(d.n::text || ':${salt}')) % ${10 ** Math.min(len, 9)})::text, ${len}, '0')`;

const FLOWS: Flow[] = [
  {
    weight: 200,
    type: 'transfer',
    service: 'wallet',
    from: pick('ids.cus', 'f'),
    to: pick('ids.cus', 't'),
    amount: [500, 150_000],
    fee: 'least(5000, greatest(100, d.amount / 100))',
  },
  {
    weight: 130,
    type: 'cash_in',
    service: 'wallet',
    from: pick('ids.agt', 'f'),
    to: pick('ids.cus', 't'),
    amount: [1_000, 200_000],
    commission: 'd.amount * 4 / 1000',
  },
  {
    weight: 100,
    type: 'cash_out',
    service: 'wallet',
    from: pick('ids.cus', 'f'),
    to: pick('ids.agt', 't'),
    amount: [1_000, 200_000],
    fee: 'greatest(100, d.amount / 100)',
    commission: 'greatest(100, d.amount / 100) * 4 / 10',
  },
  {
    weight: 80,
    type: 'bill_payment',
    service: 'woyofal',
    from: pick('ids.cus', 'f'),
    to: one('PRT-WOYOFAL'),
    amount: [2_000, 60_000],
    fee: '100',
    details: `jsonb_build_object('meterNumber', '1420' || ${digits('m', 7)}, 'token', ${digits('tk', 9)} || ${digits('tk2', 9)})`,
  },
  {
    weight: 80,
    type: 'airtime',
    service: 'orange_topup',
    from: pick('ids.cus', 'f'),
    to: one('PRT-ORANGE_TOPUP'),
    amount: [100, 10_000],
    details: `jsonb_build_object('msisdn', '+221 77 ' || ${digits('ms', 3)} || ' ' || ${digits('ms2', 2)} || ' ' || ${digits('ms3', 2)})`,
  },
  {
    weight: 40,
    type: 'bill_payment',
    service: 'tnt',
    from: pick('ids.cus', 'f'),
    to: one('PRT-TNT'),
    amount: [3_000, 15_000],
    fee: '100',
    details: `jsonb_build_object('decoderNumber', 'TNT' || ${digits('dc', 8)})`,
  },
  {
    weight: 40,
    type: 'bill_payment',
    service: 'dakar_dem_dikk',
    from: pick('ids.cus', 'f'),
    to: one('PRT-DAKAR_DEM_DIKK'),
    amount: [150, 5_000],
    details: `jsonb_build_object('busCard', 'DDK-' || ${digits('bc', 8)})`,
  },
  {
    weight: 25,
    type: 'bill_payment',
    service: 'rapido',
    from: pick('ids.cus', 'f'),
    to: one('PRT-RAPIDO'),
    amount: [400, 3_000],
    details: `jsonb_build_object('badge', 'RPD-' || ${digits('rb', 7)})`,
  },
  {
    weight: 25,
    type: 'bill_payment',
    service: 'seoh',
    from: pick('ids.cus', 'f'),
    to: one('PRT-SEOH'),
    amount: [3_000, 40_000],
    fee: '100',
    details: `jsonb_build_object('billReference', 'SEOH-' || ${digits('sb', 8)})`,
  },
  {
    weight: 25,
    type: 'bill_payment',
    service: 'aquatech',
    from: pick('ids.cus', 'f'),
    to: one('PRT-AQUATECH'),
    amount: [3_000, 40_000],
    fee: '100',
    details: `jsonb_build_object('billReference', 'AQT-' || ${digits('ab', 8)})`,
  },
  {
    weight: 25,
    type: 'bill_payment',
    service: 'flexeau',
    from: pick('ids.cus', 'f'),
    to: one('PRT-FLEXEAU'),
    amount: [3_000, 40_000],
    fee: '100',
    details: `jsonb_build_object('billReference', 'FLX-' || ${digits('fb', 8)})`,
  },
  {
    weight: 25,
    type: 'bill_payment',
    service: 'transvie',
    from: pick('ids.cus', 'f'),
    to: one('PRT-TRANSVIE'),
    amount: [5_000, 75_000],
    fee: '150',
    details: `jsonb_build_object('policyNumber', 'TRV-' || ${digits('pn', 9)})`,
  },
  {
    weight: 40,
    type: 'bill_payment',
    service: 'aftu',
    from: pick('ids.cus', 'f'),
    to: pick('ids.aftu', 't'),
    amount: [150, 1_000],
    details: `jsonb_build_object('busCard', 'AFTU-' || ${digits('ac', 8)})`,
  },
  {
    weight: 20,
    type: 'coupon',
    service: 'coupon',
    from: one('PRT-COUPON'),
    to: pick('ids.cus', 't'),
    amount: [500, 5_000],
    details: `jsonb_build_object('couponCode', 'CPN-' || upper(substr(md5(d.n::text), 1, 8)))`,
  },
  {
    weight: 40,
    type: 'merchant_payment',
    service: 'wallet',
    from: pick('ids.cus', 'f'),
    to: pick('ids.mrc', 't'),
    amount: [500, 80_000],
  },
  {
    weight: 15,
    type: 'bank_transfer',
    service: 'bank',
    from: pick('ids.bnk', 'f'),
    to: pick('ids.cus', 't'),
    amount: [10_000, 1_000_000],
    fee: '500',
  },
  {
    weight: 15,
    type: 'bank_transfer',
    service: 'bank',
    from: pick('ids.cus', 'f'),
    to: pick('ids.bnk', 't'),
    amount: [10_000, 500_000],
    fee: '500',
  },
  {
    weight: 15,
    type: 'emoney_issue',
    service: 'bank',
    from: one('SYS-EQUITY'),
    to: pick('ids.bnk', 't'),
    amount: [5_000_000, 50_000_000],
  },
  {
    weight: 10,
    type: 'emoney_destroy',
    service: 'bank',
    from: pick('ids.bnk', 'f'),
    to: one('SYS-EQUITY'),
    amount: [1_000_000, 10_000_000],
  },
  {
    weight: 20,
    type: 'payroll',
    service: 'payroll',
    from: one('PRT-PAYROLL'),
    to: pick('ids.cus', 't'),
    amount: [50_000, 400_000],
  },
  {
    weight: 25,
    type: 'network_credit',
    service: 'network',
    from: pick('ids.net', 'f'),
    to: pick('ids.netm', 't'),
    amount: [100_000, 2_000_000],
  },
  // The gerants' stations sell every day.
  {
    weight: 15,
    type: 'merchant_payment',
    service: 'wallet',
    from: pick('ids.cus', 'f'),
    to: pick('ids.stn', 't'),
    amount: [2_000, 60_000],
  },
  // Network merchants send their takings back up to the network (remontée UV).
  {
    weight: 15,
    type: 'uv_remote',
    service: 'network',
    from: pick('ids.netm', 'f'),
    to: pick('ids.net', 't'),
    amount: [20_000, 400_000],
  },
  {
    weight: 5,
    type: 'network_credit',
    service: 'network',
    from: pick('ids.chp', 'f'),
    to: pick('ids.chc', 't'),
    amount: [100_000, 1_500_000],
  },
  {
    weight: 5,
    type: 'uv_remote',
    service: 'network',
    from: pick('ids.chc', 'f'),
    to: pick('ids.chp', 't'),
    amount: [50_000, 800_000],
  },
];
const TOTAL_WEIGHT = FLOWS.reduce((sum, f) => sum + f.weight, 0);

/** The history: each flow takes its share of rows, spread over the last 90 days (and today). */
async function seedTransactions(db: Db, seed: number, size: LedgerSize, now: string) {
  await db.execute(
    sql.raw(`
    CREATE TEMP TABLE seed_ids AS SELECT
      (SELECT array_agg(id ORDER BY id) FROM accounts WHERE kind = 'customer') AS cus,
      (SELECT array_agg(id ORDER BY id) FROM accounts WHERE kind = 'agent') AS agt,
      (SELECT array_agg(id ORDER BY id) FROM accounts WHERE kind = 'merchant') AS mrc,
      (SELECT array_agg(id ORDER BY id) FROM accounts WHERE kind = 'bank_float') AS bnk,
      (SELECT array_agg(id ORDER BY id) FROM accounts WHERE kind = 'partner' AND member_id IS NOT NULL) AS aftu,
      (SELECT array_agg(id ORDER BY id) FROM accounts WHERE kind = 'network') AS net,
      (SELECT array_agg(id ORDER BY id) FROM accounts WHERE number LIKE 'STN-%') AS stn,
      (SELECT array_agg(id ORDER BY id) FROM accounts WHERE kind = 'merchant' AND network IN ('edk-distribution','tefess','low-price','djoloff')) AS netm,
      (SELECT array_agg(id ORDER BY id) FROM accounts WHERE number IN ('CHN-HEAD','CHN-M1','CHN-M2')) AS chp,
      (SELECT array_agg(id ORDER BY id) FROM accounts WHERE number LIKE 'CHN-M%' OR number LIKE 'CHN-L%') AS chc
  `),
  );
  let offset = 0;
  for (const [index, flow] of FLOWS.entries()) {
    const count = Math.max(1, Math.round((size.transactions * flow.weight) / TOTAL_WEIGHT));
    const [min, max] = flow.amount;
    const step = max >= 1_000_000 ? 1000 : max >= 10_000 ? 25 : 5;
    await db.execute(
      sql.raw(`
      INSERT INTO transactions (reference, type, service, status, amount, fee, commission, from_account_id, to_account_id,
                                initiator_user_id, channel, bank_id, network, member_id, details, created_at)
      SELECT 'TX' || to_char(d.at, 'YYMMDD') || lpad(d.n::text, 8, '0'), '${flow.type}', '${flow.service}', d.status,
             d.amount, ${flow.fee ?? '0'}, ${flow.commission ?? '0'}, d.from_id, d.to_id,
             -- Agents initiate cash operations; the dashboard's admin the rest.
             coalesce(CASE '${flow.type}' WHEN 'cash_in' THEN fa.owner_user_id ELSE ta.owner_user_id END,
                      (SELECT id FROM users WHERE username = 'admin')), d.channel,
             coalesce(fa.bank_id, ta.bank_id) ,
             coalesce(ta.network, fa.network), coalesce(ta.member_id, fa.member_id),
             ${flow.details ?? 'NULL'}, d.at
      FROM (
        SELECT d.n, d.amount, d.at, d.status, d.channel, ${flow.from} AS from_id, ${flow.to} AS to_id
        FROM (
          SELECT n,
                 (${min} + abs(hashtext(n::text || ':a:${seed}')) % ${max - min + 1}) / ${step} * ${step} AS amount,
                 CASE WHEN abs(hashtext(n::text || ':day:${seed}')) % 20 = 0
                      THEN date_trunc('day', '${now}'::timestamptz) + ((abs(hashtext(n::text || ':s:${seed}')) % greatest(60, extract(epoch FROM '${now}'::timestamptz - date_trunc('day', '${now}'::timestamptz))::int)) || ' seconds')::interval
                      ELSE '${now}'::timestamptz - ((86400 + abs(hashtext(n::text || ':s:${seed}')) % (89 * 86400)) || ' seconds')::interval END AS at,
                 (ARRAY['success','success','success','success','success','success','success','success','success','success',
                        'success','success','success','success','success','success','success','failed','pending','reversed'])[1 + abs(hashtext(n::text || ':st:${seed}')) % 20] AS status,
                 (ARRAY['dashboard','wap1','ussd','app','app'])[1 + abs(hashtext(n::text || ':ch:${seed}')) % 5] AS channel
          FROM generate_series(${offset + 1}, ${offset + count}) n
        ) d, seed_ids ids
      ) d
      LEFT JOIN accounts fa ON fa.id = d.from_id
      LEFT JOIN accounts ta ON ta.id = d.to_id
      WHERE d.from_id IS DISTINCT FROM d.to_id
    `),
    );
    offset += count;
    void index;
  }
  await db.execute(sql.raw('DROP TABLE seed_ids'));
  await postSuccessfulTransactions(db);
}

/** Double entry: debit from (amount + fee), credit to (amount), fees net of commission, commission to the agent. */
async function postSuccessfulTransactions(db: Db, where = sql`TRUE`) {
  await db.execute(sql`
    INSERT INTO postings (transaction_id, account_id, amount, created_at)
    SELECT t.id, p.account_id, p.amount, t.created_at
    FROM (SELECT (SELECT id FROM accounts WHERE number = 'SYS-FEES') AS fees,
                 (SELECT id FROM accounts WHERE number = 'SYS-COMMISSIONS') AS commissions) sys
    CROSS JOIN transactions t
    CROSS JOIN LATERAL (VALUES
      (t.from_account_id, -(t.amount + t.fee)),
      (t.to_account_id, t.amount),
      (sys.fees, t.fee - t.commission),
      (CASE t.type WHEN 'cash_in' THEN t.from_account_id WHEN 'cash_out' THEN t.to_account_id
                   ELSE sys.commissions END, t.commission)
    ) AS p(account_id, amount)
    WHERE t.status = 'success' AND p.amount <> 0 AND p.account_id IS NOT NULL AND ${where}
  `);
}

/** Every account that holds money starts with enough to cover its history, funded by the system. */
async function seedOpeningBalances(db: Db, now: string) {
  await db.execute(sql`
    INSERT INTO transactions (reference, type, service, status, amount, fee, commission, from_account_id, to_account_id, channel, bank_id, created_at)
    SELECT 'OPEN-' || a.number, 'opening', 'wallet', 'success',
           greatest(0, -coalesce(s.net, 0)) + CASE a.kind
             WHEN 'customer' THEN 5000 + (abs(hashtext(a.number)) % 145) * 1000
             WHEN 'agent' THEN 500000 + (abs(hashtext(a.number)) % 25) * 100000
             WHEN 'merchant' THEN 20000 + (abs(hashtext(a.number)) % 50) * 5000
             WHEN 'bank_float' THEN 100000000 + (abs(hashtext(a.number)) % 40) * 5000000
             WHEN 'network' THEN 10000000 + (abs(hashtext(a.number)) % 20) * 1000000
             -- The budget agents' cash-in commissions are paid from.
             WHEN 'commissions' THEN 25000000
             -- An employer's payroll account holds a month of salaries (bulk payments pay from it).
             WHEN 'partner' THEN CASE WHEN a.number LIKE 'PRT-PAYROLL%' THEN 40000000 ELSE 1000000 END
             ELSE 1000000 END,
           0, 0, (SELECT id FROM accounts WHERE number = 'SYS-EQUITY'), a.id, 'dashboard', a.bank_id,
           least(a.created_at, ${now}::timestamptz - interval '91 days')
    FROM accounts a
    LEFT JOIN (SELECT account_id, sum(amount) AS net FROM postings GROUP BY account_id) s ON s.account_id = a.id
    WHERE a.kind NOT IN ('system', 'fees')
  `);
  await postSuccessfulTransactions(db, sql`t.type = 'opening'`);
}

async function seedClosures(db: Db, seed: number, size: LedgerSize, now: string) {
  await db.execute(
    sql.raw(`
    INSERT INTO closure_requests (account_id, reason, status, created_at, decided_at)
    SELECT a.id,
           (ARRAY['Moving abroad','Duplicate account','No longer uses the service','Lost phone and SIM','Deceased holder'])[1 + abs(hashtext(a.number || ':r:${seed}')) % 5],
           (ARRAY['pending','pending','approved','rejected'])[1 + abs(hashtext(a.number || ':s:${seed}')) % 4],
           '${now}'::timestamptz - ((abs(hashtext(a.number || ':t:${seed}')) % (60 * 86400)) || ' seconds')::interval,
           NULL
    FROM accounts a WHERE a.kind = 'customer' AND a.status IN ('closed', 'blocked')
    ORDER BY a.id LIMIT ${size.closures}
  `),
  );
  await db.execute(
    sql`UPDATE closure_requests SET decided_at = created_at + interval '2 days' WHERE status <> 'pending'`,
  );
}
