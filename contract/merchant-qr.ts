import { z } from 'zod';
import { noControlCharacters } from './fields';
import { REASON_MIN, requiredReason } from './reasons';
import type { GroupKey } from './groups';

/**
 * Merchant payment QR codes (/generate-qr, /unlink-qr; docs/settings.md). A code is an EMVCo
 * merchant-presented payload (contract/emv-qr.ts) naming the merchant's wallet and a public
 * code; unlinking a code, with a reason, stops it resolving for good.
 */

/** The groups whose menu links to /generate-qr and /unlink-qr (the admin menu). */
export const QR_MANAGERS: readonly GroupKey[] = ['admin', 'networkSupervisor'];

/** Crockford base32 (no I, L, O, U): a code read aloud or typed from paper is not misread. */
export const QR_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const QR_CODE_PATTERN = /^QR[0-9A-HJKMNP-TV-Z]{10}$/;
/** Codes as people type them: any case, spaces or dashes between groups. */
export const normaliseQrCode = (text: string) => text.replace(/[\s-]+/g, '').toUpperCase();

const MERCHANT_NUMBER_PATTERN = /^[A-Z]{3}-[A-Z0-9]{1,20}$/;
export const QR_MAX_AMOUNT = 50_000_000;
export const UNLINK_REASON_MAX = 300;

export const QR_MESSAGES = {
  merchant: 'Choose a merchant account (MRC-00005)',
  amount: `A whole number of XOF from 1 to ${QR_MAX_AMOUNT.toLocaleString('en-US')}`,
  reason: `Say why, in ${REASON_MIN} to ${UNLINK_REASON_MAX} characters`,
  code: 'A QR code reads QR and 10 letters or digits (QR7K2M9XQ4AB)',
} as const;

export const qrGenerateSchema = z.object({
  /** The merchant's wallet account number. */
  merchant: z.string().trim().toUpperCase().regex(MERCHANT_NUMBER_PATTERN, QR_MESSAGES.merchant),
  /** Whole XOF: a dynamic code for this amount; omitted or null: the customer types it. */
  amount: z
    .number()
    .int(QR_MESSAGES.amount)
    .min(1, QR_MESSAGES.amount)
    .max(QR_MAX_AMOUNT, QR_MESSAGES.amount)
    .nullish(),
});
export type QrGenerateBody = z.input<typeof qrGenerateSchema>;

export const qrUnlinkSchema = z.object({
  reason: requiredReason(UNLINK_REASON_MAX, QR_MESSAGES.reason).refine(
    noControlCharacters,
    'Must not contain control characters',
  ),
});

export const QR_STATUSES = ['linked', 'unlinked'] as const;
export type QrStatus = (typeof QR_STATUSES)[number];

export const qrListQuerySchema = z
  .object({
    /** A merchant's account number, or part of its name or phone. */
    merchant: z.string().trim().max(80).refine(noControlCharacters, 'Must not contain control characters').optional(),
    /** A whole code, any case, spaces and dashes ignored. */
    code: z
      .string()
      .max(40)
      .transform(normaliseQrCode)
      .refine((v) => v === '' || QR_CODE_PATTERN.test(v), QR_MESSAGES.code)
      .optional(),
    status: z.enum([...QR_STATUSES, 'all']).default('all'),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((v) => Boolean(v.merchant) || Boolean(v.code), {
    message: 'Give a merchant or a code to look for',
    path: ['merchant'],
  });

export const merchantSearchSchema = z.object({
  q: z.string().trim().min(2).max(80).refine(noControlCharacters, 'Must not contain control characters'),
});

export const QR_IMAGE_FORMATS = ['png', 'svg'] as const;
export type QrImageFormat = (typeof QR_IMAGE_FORMATS)[number];

export const qrImageQuerySchema = z.object({
  format: z.enum(QR_IMAGE_FORMATS).default('png'),
  /** Pixels per side of a PNG; an SVG scales. */
  size: z.coerce.number().int().min(128).max(2048).default(512),
});

/** Business categories of contract/registration.ts and the MCC each carries in a payload. */
export const MCC_BY_CATEGORY: Record<string, string> = {
  grocery: '5411',
  hardware: '5251',
  pharmacy: '5912',
  fuel_station: '5541',
  restaurant: '5812',
  clothing: '5651',
  electronics: '5732',
  transport: '4121',
  services: '7299',
  other: '5999',
};
