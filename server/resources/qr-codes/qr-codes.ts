import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import QRCode from 'qrcode';
import { buildMerchantPayload, DEFAULT_MCC } from '../../../contract/emv-qr';
import {
  MCC_BY_CATEGORY,
  normaliseQrCode,
  QR_CODE_ALPHABET,
  type QrImageFormat,
  type QrStatus,
} from '../../../contract/merchant-qr';
import type { QrCodePage, QrCodeView, QrMerchant, QrResolution } from '../../../contract/api/qr-codes';
import { recordAudit } from '../../domain/audit/record';
import type { Db } from '../../db/database';
import { isoTimestamp, queryPage, queryRows } from '../../db/query';
import { merchantQrCodes } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { ApiError } from '../../lib/api-error';
import { accountMatch } from '../../domain/search/patterns';

const merchantNotFound = (number: string) =>
  new ApiError(404, 'MERCHANT_NOT_FOUND', 'Merchant not found', `merchant: there is no merchant account ${number}.`);

const merchantNotActive = (number: string, status: string) =>
  new ApiError(
    409,
    'MERCHANT_NOT_ACTIVE',
    'Merchant not active',
    `The merchant account ${number} is ${status}: only an active merchant can be paid by QR code.`,
  );

const merchantKycNotApproved = (number: string) =>
  new ApiError(
    409,
    'MERCHANT_KYC_NOT_APPROVED',
    'KYC not approved',
    `The merchant ${number} is not KYC-approved yet: approve its KYC before giving it a payment QR code.`,
  );

const qrNotFound = (code: string) =>
  new ApiError(404, 'QR_NOT_FOUND', 'QR code not found', `There is no QR code ${code}.`);

export const qrUnlinked = (code: string, at: string) =>
  new ApiError(410, 'QR_UNLINKED', 'QR code unlinked', `The QR code ${code} was unlinked on ${at.slice(0, 10)}.`);

const qrAlreadyUnlinked = (code: string) =>
  new ApiError(409, 'QR_ALREADY_UNLINKED', 'Already unlinked', `The QR code ${code} is already unlinked.`);

interface MerchantRow {
  id: number;
  number: string;
  label: string;
  phone: string | null;
  region: string | null;
  status: string;
  kyc_status: string;
  city: string | null;
  business_category: string | null;
}

const SELECT_MERCHANT = sql`
  SELECT a.id, a.number, a.label, a.phone, a.region, a.status, a.kyc_status, p.city, p.business_category
  FROM accounts a LEFT JOIN account_profiles p ON p.account_id = a.id`;

const toMerchant = (r: MerchantRow): QrMerchant => ({
  number: r.number,
  name: r.label,
  phone: r.phone,
  city: r.city || r.region || 'Dakar',
  status: r.status,
  kycStatus: r.kyc_status,
  mcc: (r.business_category && MCC_BY_CATEGORY[r.business_category]) || DEFAULT_MCC,
});

/** Merchants by account number, name or the end of their phone; at most 20. */
export async function searchMerchants(db: Db, q: string): Promise<QrMerchant[]> {
  const rows = await queryRows<MerchantRow>(
    db,
    sql`${SELECT_MERCHANT} WHERE a.kind = 'merchant' AND ${accountMatch(q, sql`a`)}
        ORDER BY (a.status = 'active' AND a.kyc_status = 'approved') DESC, a.number LIMIT 20`,
  );
  return rows.map(toMerchant);
}

async function merchantByNumber(db: Db, number: string) {
  const [row] = await queryRows<MerchantRow>(
    db,
    sql`${SELECT_MERCHANT} WHERE a.kind = 'merchant' AND a.number = ${number.toUpperCase()}`,
  );
  return row;
}

interface CodeRow extends MerchantRow {
  code: string;
  amount: number | string | null;
  payload: string;
  created_at: string | Date;
  created_by: string;
  unlinked_at: string | Date | null;
  unlinked_by: string | null;
  unlink_reason: string | null;
}

const SELECT_CODES = sql`
  SELECT q.code, q.amount, q.payload, q.created_at, cu.name AS created_by,
         q.unlinked_at, uu.name AS unlinked_by, q.unlink_reason,
         a.id, a.number, a.label, a.phone, a.region, a.status, a.kyc_status, p.city, p.business_category
  FROM merchant_qr_codes q
  JOIN accounts a ON a.id = q.account_id
  LEFT JOIN account_profiles p ON p.account_id = a.id
  JOIN users cu ON cu.id = q.created_by
  LEFT JOIN users uu ON uu.id = q.unlinked_by`;

const toView = (r: CodeRow): QrCodeView => ({
  code: r.code,
  status: r.unlinked_at ? 'unlinked' : 'linked',
  payload: r.payload,
  amount: r.amount === null ? null : Number(r.amount),
  merchant: toMerchant(r),
  createdAt: isoTimestamp(r.created_at),
  createdBy: r.created_by,
  unlinkedAt: r.unlinked_at ? isoTimestamp(r.unlinked_at) : null,
  unlinkedBy: r.unlinked_by,
  unlinkReason: r.unlink_reason,
});

async function codeRow(db: Db, code: string): Promise<CodeRow | undefined> {
  const [row] = await queryRows<CodeRow>(db, sql`${SELECT_CODES} WHERE q.code = ${normaliseQrCode(code)}`);
  return row;
}

/** One code, linked or not (the unlink page shows both); 404 if there is none. */
export async function loadQrCode(db: Db, code: string): Promise<QrCodeView> {
  const row = await codeRow(db, code);
  if (!row) throw qrNotFound(normaliseQrCode(code));
  return toView(row);
}

/** A fresh public code: QR and ten Crockford base32 characters (50 bits of randomness). */
function newQrCode(): string {
  const bytes = randomBytes(10);
  return `QR${[...bytes].map((b) => QR_CODE_ALPHABET[b & 31]).join('')}`;
}

/** Makes a merchant's payment code (static, or for a fixed amount); audited. */
export async function generateQr(
  c: Context<AppEnv>,
  db: Db,
  input: { merchant: string; amount?: number | null },
): Promise<QrCodeView> {
  const merchant = await merchantByNumber(db, input.merchant);
  if (!merchant) throw merchantNotFound(input.merchant);
  if (merchant.status !== 'active') throw merchantNotActive(merchant.number, merchant.status);
  if (merchant.kyc_status !== 'approved') throw merchantKycNotApproved(merchant.number);
  const view = toMerchant(merchant);
  const amount = input.amount ?? null;
  const now = c.get('deps').clock.now();
  const code = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // A clash of 50 random bits is all but impossible; the unique index settles it if one comes.
    for (let attempt = 0; attempt < 5; attempt++) {
      const candidate = newQrCode();
      const payload = buildMerchantPayload({
        merchantId: view.number,
        code: candidate,
        merchantName: view.name,
        city: view.city,
        mcc: view.mcc,
        amount,
      });
      const [row] = await tx
        .insert(merchantQrCodes)
        .values({
          code: candidate,
          accountId: merchant.id,
          amount,
          payload,
          createdBy: c.get('user').userId,
          createdAt: now,
        })
        .onConflictDoNothing({ target: merchantQrCodes.code })
        .returning({ code: merchantQrCodes.code });
      if (!row) continue;
      await recordAudit(c, tx, {
        action: 'qr.generate',
        targetType: 'qrCode',
        targetId: row.code,
        details: { merchant: view.number, merchantName: view.name, amount },
      });
      return row.code;
    }
    throw new Error('Could not draw a free QR code');
  });
  return loadQrCode(db, code);
}

/** Codes of a merchant (number, name or phone) or one code, newest first. */
export async function listQrCodes(
  db: Db,
  input: { merchant?: string; code?: string; status: QrStatus | 'all'; page: number; pageSize: number },
): Promise<QrCodePage> {
  const where = [sql`TRUE`];
  const merchant = input.merchant?.trim();
  if (merchant) where.push(accountMatch(merchant, sql`a`));
  if (input.code) where.push(sql`q.code = ${input.code}`);
  if (input.status === 'linked') where.push(sql`q.unlinked_at IS NULL`);
  if (input.status === 'unlinked') where.push(sql`q.unlinked_at IS NOT NULL`);
  const condition = sql.join(where, sql` AND `);
  return queryPage(
    db,
    input,
    {
      count: sql`SELECT count(*) AS total FROM merchant_qr_codes q JOIN accounts a ON a.id = q.account_id WHERE ${condition}`,
      rows: sql`${SELECT_CODES} WHERE ${condition} ORDER BY q.created_at DESC, q.id DESC`,
    },
    toView,
  );
}

/** What a scanned code pays: 404 if no such code, 410 once it is unlinked. */
export async function resolveQr(db: Db, code: string): Promise<QrResolution> {
  const row = await codeRow(db, code);
  if (!row) throw qrNotFound(normaliseQrCode(code));
  if (row.unlinked_at) throw qrUnlinked(row.code, isoTimestamp(row.unlinked_at));
  const view = toView(row);
  return {
    code: view.code,
    amount: view.amount,
    merchant: { number: view.merchant.number, name: view.merchant.name, city: view.merchant.city },
  };
}

/** Unlinks a code for good, with the reason; audited. */
export async function unlinkQr(c: Context<AppEnv>, db: Db, code: string, reason: string): Promise<QrCodeView> {
  const normalised = normaliseQrCode(code);
  const now = c.get('deps').clock.now();
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .select({ id: merchantQrCodes.id, unlinkedAt: merchantQrCodes.unlinkedAt, accountId: merchantQrCodes.accountId })
      .from(merchantQrCodes)
      .where(eq(merchantQrCodes.code, normalised))
      .for('update');
    if (!row) throw qrNotFound(normalised);
    if (row.unlinkedAt) throw qrAlreadyUnlinked(normalised);
    await tx
      .update(merchantQrCodes)
      .set({ unlinkedAt: now, unlinkedBy: c.get('user').userId, unlinkReason: reason })
      .where(and(eq(merchantQrCodes.id, row.id), isNull(merchantQrCodes.unlinkedAt)));
    const [merchant] = await queryRows<{ number: string }>(
      tx,
      sql`SELECT number FROM accounts WHERE id = ${row.accountId}`,
    );
    await recordAudit(c, tx, {
      action: 'qr.unlink',
      targetType: 'qrCode',
      targetId: normalised,
      details: { merchant: merchant?.number ?? null, reason },
    });
  });
  return loadQrCode(db, normalised);
}

/** The code's image: a PNG of `size` pixels, or a scalable SVG. Medium error correction, quiet zone of 4. */
export async function qrImage(payload: string, format: QrImageFormat, size: number) {
  const options = { errorCorrectionLevel: 'M' as const, margin: 4 };
  if (format === 'svg') {
    return { body: await QRCode.toString(payload, { ...options, type: 'svg' }), contentType: 'image/svg+xml' };
  }
  return { body: await QRCode.toBuffer(payload, { ...options, type: 'png', width: size }), contentType: 'image/png' };
}
