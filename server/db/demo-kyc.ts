import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from './database';

/**
 * The KYC side of the demo: a profile for every customer, agent and merchant, the documents of
 * the accounts waiting for review, a history of decisions (with the reasons the next reviewer reads) and
 * some students of the zone sales manager. Set-based SQL over the ledger's accounts; every
 * choice is a hash of the account number and the seed, so a seed always builds the same data.
 */

// ---- Tiny real files, so the review page has something to show ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG chunk: length, type, data and CRC (the document tests build their files with it too). */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

type Rgb = readonly [number, number, number];

/**
 * A small RGB PNG that looks like an ID card (or a portrait for a selfie): a coloured band,
 * a photo square and a few text lines, enough to tell the documents apart in the viewer.
 */
function demoPng(options: { width?: number; height?: number; accent: Rgb; portrait?: boolean }): Buffer {
  const width = options.width ?? 160;
  const height = options.height ?? 100;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const paint = (x: number, y: number): Rgb => {
    if (options.portrait) {
      const dx = x - width / 2;
      const head = dx * dx + (y - height * 0.38) ** 2 < (height * 0.2) ** 2;
      const body = y > height * 0.62 && Math.abs(dx) < width * 0.3;
      return head || body ? [110, 72, 48] : options.accent;
    }
    if (y < height * 0.2) return options.accent;
    if (x > width * 0.06 && x < width * 0.34 && y > height * 0.3 && y < height * 0.88) return [150, 150, 160];
    const line = Math.floor((y - height * 0.32) / (height * 0.12));
    const inLine = line >= 0 && line < 5 && (y - height * 0.32) % (height * 0.12) < height * 0.05;
    if (inLine && x > width * 0.42 && x < width * (0.92 - line * 0.07)) return [60, 60, 70];
    return [246, 244, 236];
  };
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** A one-page PDF showing a few lines of text (ASCII). */
function demoPdf(lines: readonly string[]): Buffer {
  const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const stream = ['BT', '/F1 14 Tf', '40 250 Td', '18 TL', ...lines.map((l) => `(${pdfText(l)}) '`), 'ET'].join('\n');
  return pdfFile([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 300] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** A PDF of these objects (numbered from 1, the first its catalog), with a correct cross-reference table. */
export function pdfFile(objects: readonly string[]): Buffer {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

// ---- Vocabulary ----

const FEMALE_FIRST_NAMES = [
  'Awa',
  'Fatou',
  'Aminata',
  'Mariama',
  'Khady',
  'Ndeye',
  'Astou',
  'Coumba',
  'Adja',
  'Rokhaya',
];
const OWNER_FIRST = ['Awa', 'Moussa', 'Fatou', 'Ibrahima', 'Rokhaya', 'Cheikh', 'Adja', 'Ousmane', 'Khady', 'Alioune'];
const OWNER_LAST = ['Ndiaye', 'Diop', 'Fall', 'Sow', 'Ba', 'Sarr', 'Gueye', 'Faye', 'Mbaye', 'Diallo', 'Kane', 'Seck'];
const NEIGHBOURHOODS = ['Médina', 'HLM', 'Parcelles Assainies', 'Grand Yoff', 'Sicap Liberté', 'Plateau', 'Ouakam'];
const CATEGORIES = ['grocery', 'hardware', 'pharmacy', 'fuel_station', 'restaurant', 'clothing', 'services'];
/** The ledger's cities and the region each lies in. */
const CITY_REGIONS: readonly [string, string][] = [
  ['Dakar', 'Dakar'],
  ['Rufisque', 'Dakar'],
  ['Thiès', 'Thiès'],
  ['Mbour', 'Thiès'],
  ['Saint-Louis', 'Saint-Louis'],
  ['Kaolack', 'Kaolack'],
  ['Ziguinchor', 'Ziguinchor'],
  ['Touba', 'Diourbel'],
];

const DEMO_REJECT_REASONS = [
  'The photo of the ID card is blurred: the card number cannot be read.',
  'The ID card has expired. Ask the customer for a valid card.',
  'The selfie does not match the photo on the ID card.',
  'The name on the ID card differs from the name registered.',
] as const;
const DEMO_MORE_DOCUMENTS_REASONS = [
  'The back of the ID card is missing.',
  'Please add a selfie holding the ID card.',
  'Please add a proof of address less than three months old.',
] as const;
const SCHOOLS = ['Lycée Lamine Guèye', 'Université Cheikh Anta Diop', 'Collège Sacré-Cœur', 'Lycée Blaise Diagne'];
const LEVELS = ['high_school', 'bachelor', 'middle_school', 'high_school'];

const arr = (items: readonly string[]) =>
  sql.raw(`ARRAY[${items.map((i) => `'${i.replace(/'/g, "''")}'`).join(',')}]::text[]`);

export async function seedDemoKyc(db: Db, options: { seed: number; now: Date }) {
  const seed = Math.trunc(options.seed);
  const now = options.now.toISOString();
  // h(salt): a deterministic non-negative integer per account and purpose.
  const h = (salt: string) => sql.raw(`abs(hashtext(a.number || ':${salt}:' || ${seed}))`);
  // A moment in the account's life: a fraction of the way from its creation to now.
  const lifeAt = (fraction: number) =>
    sql`a.created_at + (${now}::timestamptz - a.created_at) * ${sql.raw(String(fraction))}`;
  const user = (username: string) => sql`(SELECT id FROM users WHERE username = ${username})`;

  await seedProfiles(db, seed, now, h);
  await seedDocuments(db, lifeAt, user);
  await seedDecisions(db, h, lifeAt, user);
  await seedStudents(db, seed, now, user);
}

type Hash = (salt: string) => ReturnType<typeof sql.raw>;
type LifeAt = (fraction: number) => ReturnType<typeof sql>;
type UserId = (username: string) => ReturnType<typeof sql>;

async function seedProfiles(db: Db, seed: number, now: string, h: Hash) {
  // A national ID number per account: the sex digit, then 12 digits from an injective map of
  // the account id (multiplying by a number prime to 10 permutes residues mod 10^12).
  await db.execute(sql`
    INSERT INTO account_profiles (account_id, first_name, last_name, birth_date, national_id, gender, email, street,
                                  city, region, business_name, business_category, ninea, commission_plan,
                                  enrolling_agent_account_id, created_at)
    SELECT a.id, n.first_name, n.last_name,
           (${now}::timestamptz - interval '18 years' - ((1 + ${h('bd')} % (45 * 365)) || ' days')::interval)::date,
           (CASE WHEN n.first_name = ANY(${arr(FEMALE_FIRST_NAMES)}) THEN '2' ELSE '1' END)
             || lpad((((a.id::bigint * 7919 * 1000003 + ${seed}::bigint * 104729) % 1000000000000 + 1000000000000) % 1000000000000)::text, 12, '0'),
           CASE WHEN n.first_name = ANY(${arr(FEMALE_FIRST_NAMES)}) THEN 'female' ELSE 'male' END,
           CASE WHEN ${h('em')} % 3 = 0
                THEN translate(lower(n.first_name || '.' || n.last_name), 'éèêëàâîïôöûüç ', 'eeeeaaiioouuc')
                     || (${h('em')} % 100) || (ARRAY['@gmail.com','@yahoo.fr','@orange.sn'])[1 + ${h('ed')} % 3] END,
           (1 + ${h('st')} % 180) || ', Rue ' || (1 + ${h('sr')} % 60) || ' ' || (${arr(NEIGHBOURHOODS)})[1 + ${h('sn')} % ${NEIGHBOURHOODS.length}],
           coalesce(a.region, 'Dakar'),
           coalesce(cr.region, 'Dakar'),
           CASE WHEN a.kind = 'merchant' THEN a.label END,
           CASE WHEN a.kind = 'merchant' THEN (${arr(CATEGORIES)})[1 + ${h('bc')} % ${CATEGORIES.length}] END,
           CASE WHEN a.kind = 'merchant' AND ${h('ni')} % 2 = 0
                THEN lpad((${h('nn')} % 10000000)::text, 7, '0') || '2' || chr(65 + ${h('nc')} % 26) || (${h('nd')} % 10) END,
           CASE WHEN a.kind = 'agent' THEN CASE WHEN a.parent_account_id IS NULL THEN 'super_agent' ELSE 'standard' END END,
           CASE WHEN a.kind = 'customer' AND ${h('ag')} % 5 <> 0
                THEN ids.agents[1 + ${h('ai')} % cardinality(ids.agents)] END,
           a.created_at
    FROM accounts a
    CROSS JOIN (SELECT array_agg(id ORDER BY id) AS agents FROM accounts WHERE kind = 'agent') ids
    LEFT JOIN (SELECT * FROM unnest(${arr(CITY_REGIONS.map((c) => c[0]))}, ${arr(CITY_REGIONS.map((c) => c[1]))}) AS c(city, region)) cr
      ON cr.city = a.region
    CROSS JOIN LATERAL (
      SELECT CASE a.kind
               WHEN 'customer' THEN split_part(a.label, ' ', 1)
               WHEN 'agent' THEN split_part(a.label, ' ', 2)
               ELSE (${arr(OWNER_FIRST)})[1 + ${h('of')} % ${OWNER_FIRST.length}] END AS first_name,
             CASE a.kind
               WHEN 'customer' THEN split_part(a.label, ' ', 2)
               WHEN 'agent' THEN split_part(a.label, ' ', 3)
               ELSE (${arr(OWNER_LAST)})[1 + ${h('ol')} % ${OWNER_LAST.length}] END AS last_name
    ) n
    WHERE a.kind IN ('customer', 'agent', 'merchant')
  `);
}

/** How many of the newest pending accounts of each kind have no document yet. */
const NEWEST_WITHOUT_DOCUMENTS = { customer: 20, agent: 0, merchant: 4 } as const;

/**
 * Full sets for the pending accounts of each kind (but the newest), partial sets where more documents
 * were asked for, and the documents of some rejected customers, so a reviewer can see why.
 */
async function seedDocuments(db: Db, lifeAt: LifeAt, user: UserId) {
  const card = (accent: Rgb) => demoPng({ accent }).toString('base64');
  const files = {
    id_front: { name: 'cni-recto.png', mime: 'image/png', data: card([0, 133, 63]) },
    id_back: { name: 'cni-verso.png', mime: 'image/png', data: card([227, 27, 35]) },
    selfie: {
      name: 'selfie.png',
      mime: 'image/png',
      data: demoPng({ accent: [210, 225, 240], portrait: true, width: 100, height: 120 }).toString('base64'),
    },
    proof_of_address: {
      name: 'facture-senelec.pdf',
      mime: 'application/pdf',
      data: demoPdf(['SENELEC - Facture d electricite', 'Justificatif de domicile (demo)', 'Dakar, Senegal']).toString(
        'base64',
      ),
    },
    business_registration: {
      name: 'ninea-rccm.pdf',
      mime: 'application/pdf',
      data: demoPdf(['Republique du Senegal', 'Certificat NINEA / RCCM (demo)', 'Registre du commerce']).toString(
        'base64',
      ),
    },
  } as const;
  const full = {
    customer: ['id_front', 'id_back', 'selfie', 'proof_of_address'],
    agent: ['id_front', 'id_back', 'selfie', 'proof_of_address'],
    merchant: ['id_front', 'id_back', 'selfie', 'business_registration'],
  } as const;
  // `first: null` is every pending account but the newest few of its kind: the queue a reviewer
  // opens (oldest first) can be finished, while the latest registrations still wait for their
  // documents, as they would after a registration in the field.
  const plan: {
    kind: keyof typeof full;
    status: string;
    first: number | null;
    types: readonly (keyof typeof files)[];
    by: string;
  }[] = [
    { kind: 'customer', status: 'pending', first: null, types: full.customer, by: 'zone-sales-manager' },
    { kind: 'customer', status: 'more_documents', first: 6, types: ['id_front'], by: 'zone-sales-manager' },
    {
      kind: 'customer',
      status: 'rejected',
      first: 4,
      types: ['id_front', 'id_back', 'selfie'],
      by: 'zone-sales-manager',
    },
    { kind: 'agent', status: 'pending', first: null, types: full.agent, by: 'admin' },
    { kind: 'merchant', status: 'pending', first: null, types: full.merchant, by: 'zone-sales-manager' },
  ];
  for (const p of plan) {
    const types = p.types.map((t) => ({ type: t, ...files[t] }));
    await db.execute(sql`
      INSERT INTO kyc_documents (account_id, type, file_name, mime_type, size, sha256, content, uploaded_by, created_at)
      SELECT a.id, f.type, f.name, f.mime, length(decode(f.data, 'base64')), encode(sha256(decode(f.data, 'base64')), 'hex'),
             decode(f.data, 'base64'), ${user(p.by)}, ${lifeAt(p.status === 'pending' ? 0.6 : 0.2)}
      FROM (SELECT * FROM accounts WHERE kind = ${p.kind} AND kyc_status = ${p.status}
            ${
              p.first === null
                ? sql`ORDER BY created_at DESC, id DESC OFFSET ${NEWEST_WITHOUT_DOCUMENTS[p.kind]}`
                : sql`AND status IN ('active', 'inactive') ORDER BY id LIMIT ${p.first}`
            }) a
      CROSS JOIN unnest(${arr(types.map((t) => t.type))}, ${arr(types.map((t) => t.name))},
                        ${arr(types.map((t) => t.mime))}, ${arr(types.map((t) => t.data))}) AS f(type, name, mime, data)
    `);
  }
}

/** Every decided account has its decision on file; some rejections followed a request for documents. */
async function seedDecisions(db: Db, h: Hash, lifeAt: LifeAt, user: UserId) {
  const reviewer = sql`CASE a.kind WHEN 'agent' THEN ${user('admin')} ELSE ${user('kyc-admin')} END`;
  const kinds = sql`a.kind IN ('customer', 'agent', 'merchant')`;
  // A request for documents before some rejections, and before the resubmissions now pending.
  await db.execute(sql`
    INSERT INTO kyc_decisions (account_id, decision, reason, previous_status, reviewer_user_id, created_at)
    SELECT a.id, 'more_documents', (${arr(DEMO_MORE_DOCUMENTS_REASONS)})[1 + ${h('mr')} % ${DEMO_MORE_DOCUMENTS_REASONS.length}],
           'pending', ${user('support-plus')}, ${lifeAt(0.3)}
    FROM accounts a
    WHERE ${kinds} AND ((a.kyc_status = 'rejected' AND ${h('pm')} % 2 = 0)
       OR (a.kyc_status = 'pending' AND EXISTS (SELECT 1 FROM kyc_documents d WHERE d.account_id = a.id) AND ${h('pm')} % 3 = 0))
  `);
  await db.execute(sql`
    INSERT INTO kyc_decisions (account_id, decision, reason, previous_status, reviewer_user_id, created_at)
    SELECT a.id,
           CASE a.kyc_status WHEN 'approved' THEN 'approve' WHEN 'rejected' THEN 'reject' ELSE 'more_documents' END,
           CASE a.kyc_status
             WHEN 'approved' THEN NULL
             WHEN 'rejected' THEN (${arr(DEMO_REJECT_REASONS)})[1 + ${h('rr')} % ${DEMO_REJECT_REASONS.length}]
             ELSE (${arr(DEMO_MORE_DOCUMENTS_REASONS)})[1 + ${h('mr')} % ${DEMO_MORE_DOCUMENTS_REASONS.length}] END,
           CASE WHEN EXISTS (SELECT 1 FROM kyc_decisions k WHERE k.account_id = a.id) THEN 'more_documents' ELSE 'pending' END,
           ${reviewer}, CASE a.kyc_status WHEN 'rejected' THEN ${lifeAt(0.7)} ELSE ${lifeAt(0.5)} END
    FROM accounts a
    WHERE ${kinds} AND a.kyc_status IN ('approved', 'rejected', 'more_documents')
  `);
}

/** The zone sales manager's students: recent pending customers, young, with a guardian's number. */
async function seedStudents(db: Db, seed: number, now: string, user: UserId) {
  const chosen = sql`(SELECT id FROM accounts WHERE kind = 'customer' AND kyc_status = 'pending' AND status = 'active'
                       AND NOT EXISTS (SELECT 1 FROM kyc_documents d WHERE d.account_id = accounts.id)
                      ORDER BY id DESC LIMIT 3)`;
  await db.execute(sql`
    INSERT INTO students (account_id, school, level, guardian_phone, onboarded_by, created_at)
    SELECT a.id, (${arr(SCHOOLS)})[1 + (a.id + ${seed}) % ${SCHOOLS.length}], (${arr(LEVELS)})[1 + (a.id + ${seed}) % ${LEVELS.length}],
           '+221 77 5' || lpad((a.id % 100)::text, 2, '0') || ' ' || lpad((a.id * 7 % 100)::text, 2, '0') || ' ' || lpad((a.id * 13 % 100)::text, 2, '0'),
           ${user('zone-sales-manager')}, a.created_at
    FROM accounts a WHERE a.id IN ${chosen}
  `);
  // Students are young, and the manager who onboarded them is on record.
  await db.execute(sql`
    UPDATE account_profiles p
    SET birth_date = (${now}::timestamptz - interval '19 years' - ((s.account_id % 1000) || ' days')::interval)::date,
        national_id = NULL, registered_by = s.onboarded_by
    FROM students s WHERE s.account_id = p.account_id
  `);
}
