import { z } from 'zod';
import {
  merchantSearchSchema,
  normaliseQrCode,
  QR_CODE_PATTERN,
  QR_IMAGE_FORMATS,
  QR_MESSAGES,
  QR_STATUSES,
  qrGenerateSchema,
  qrImageQuerySchema,
  qrListQuerySchema,
  qrUnlinkSchema,
} from '../merchant-qr';
import { defineOperation } from './operation';

const tags = ['Merchant QR codes'];

/** The wallet a code pays into. */
const merchant = z
  .object({
    number: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    city: z.string(),
    status: z.string(),
    kycStatus: z.string(),
    /** ISO 18245 category code carried in the payload (52). */
    mcc: z.string(),
  })
  .meta({ id: 'QrMerchant' });

const qrCode = z
  .object({
    code: z.string(),
    status: z.enum(QR_STATUSES),
    payload: z.string().meta({ description: 'EMVCo merchant-presented payload, CRC included' }),
    /** Whole XOF, or null for a static code. */
    amount: z.number().int().nullable(),
    merchant,
    createdAt: z.string().meta({ format: 'date-time' }),
    createdBy: z.string(),
    unlinkedAt: z.string().meta({ format: 'date-time' }).nullable(),
    unlinkedBy: z.string().nullable(),
    unlinkReason: z.string().nullable(),
  })
  .meta({ id: 'QrCode' });

const qrCodePage = z.object({
  rows: z.array(qrCode),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** What a linked code resolves to; an unlinked code answers 410. */
const qrResolution = z.object({
  code: z.string(),
  amount: z.number().int().nullable(),
  merchant: z.object({ number: z.string(), name: z.string(), city: z.string() }),
});

export type QrMerchant = z.output<typeof merchant>;
export type QrCodeView = z.output<typeof qrCode>;
export type QrCodePage = z.output<typeof qrCodePage>;
export type QrResolution = z.output<typeof qrResolution>;

const codeParam = z.object({
  code: z
    .string()
    .max(40)
    .refine((v) => QR_CODE_PATTERN.test(normaliseQrCode(v)), QR_MESSAGES.code)
    .meta({ example: 'QR7K2M9XQ4AB' }),
});

const refusals = {
  401: 'No live session',
  403: 'Only the groups with the admin menu manage merchant QR codes (FORBIDDEN)',
} as const;

export const searchQrMerchants = defineOperation({
  method: 'get',
  path: '/qr-codes/merchants',
  tags,
  summary: 'Merchants by account number, name or the end of their phone number (20 at most)',
  query: merchantSearchSchema,
  answers: { 200: { schema: z.object({ merchants: z.array(merchant) }), description: 'Matching merchants' } },
  errors: { 400: 'VALIDATION_FAILED', ...refusals },
});

export const generateQrCode = defineOperation({
  method: 'post',
  path: '/qr-codes',
  tags,
  summary:
    'Generate a merchant’s payment QR code: an EMVCo payload, static (no amount) or for an amount. Audited (qr.generate).',
  body: qrGenerateSchema,
  answers: { 201: { schema: qrCode, description: 'The new code' } },
  errors: {
    400: 'VALIDATION_FAILED',
    ...refusals,
    404: 'MERCHANT_NOT_FOUND',
    409: 'MERCHANT_NOT_ACTIVE; MERCHANT_KYC_NOT_APPROVED',
  },
});

export const listQrCodes = defineOperation({
  method: 'get',
  path: '/qr-codes',
  tags,
  summary: 'Find codes by merchant (number, name or phone) or by code, newest first',
  query: qrListQuerySchema,
  answers: { 200: { schema: qrCodePage, description: 'One page of codes' } },
  errors: { 400: 'VALIDATION_FAILED (give a merchant or a code)', ...refusals },
});

export const resolveQrCode = defineOperation({
  method: 'get',
  path: '/qr-codes/{code}',
  tags,
  summary: 'Resolve a scanned code to the merchant it pays; an unlinked code no longer resolves (410)',
  params: codeParam,
  answers: { 200: { schema: qrResolution, description: 'The merchant the code pays' } },
  errors: { 400: 'VALIDATION_FAILED', ...refusals, 404: 'QR_NOT_FOUND', 410: 'QR_UNLINKED' },
});

export const getQrCode = defineOperation({
  method: 'get',
  path: '/qr-codes/{code}/details',
  tags,
  summary: 'A code with its merchant and history, linked or unlinked',
  params: codeParam,
  answers: { 200: { schema: qrCode, description: 'The code' } },
  errors: { 400: 'VALIDATION_FAILED', ...refusals, 404: 'QR_NOT_FOUND' },
});

export const getQrCodeImage = defineOperation({
  method: 'get',
  path: '/qr-codes/{code}/image',
  tags,
  summary: 'The code as a PNG or SVG file to download or print (attachment); an unlinked code has none (410)',
  params: codeParam,
  query: qrImageQuerySchema,
  answers: {
    200: {
      description: 'The image',
      content: {
        'image/png': { schema: { type: 'string', format: 'binary' } },
        'image/svg+xml': { schema: { type: 'string' } },
      },
      read: 'blob',
    },
  },
  errors: {
    400: `VALIDATION_FAILED (format: ${QR_IMAGE_FORMATS.join(' or ')})`,
    ...refusals,
    404: 'QR_NOT_FOUND',
    410: 'QR_UNLINKED',
  },
});

export const unlinkQrCode = defineOperation({
  method: 'post',
  path: '/qr-codes/{code}/unlink',
  tags,
  summary: 'Unlink a code for good, with a reason; it stops resolving. Audited (qr.unlink).',
  params: codeParam,
  body: qrUnlinkSchema,
  answers: { 200: { schema: qrCode, description: 'The unlinked code' } },
  errors: {
    400: 'VALIDATION_FAILED (a reason of 5 to 300 characters)',
    ...refusals,
    404: 'QR_NOT_FOUND',
    409: 'QR_ALREADY_UNLINKED',
  },
});
