import { z } from 'zod';
import type { GroupKey } from './groups';
import { REASON_MIN, rejectionNeedsReason, requiredReason } from './reasons';
import { hybridMerchantSettingsSchema } from './registration';
import { normaliseSenegalMobile, PHONE_MESSAGE } from './senegal-formats';

/**
 * Wallet migration (/migration; docs/settings.md): a wallet moves to a new phone number, or a
 * customer wallet becomes a merchant (and back, while it holds nothing only a merchant has). The
 * API and the page validate with these schemas; the API also checks the wallet's state under a row
 * lock.
 */

/** Who sees /migration: the admin Settings menu, the support supervisor and support-plus (docs/product.md). */
export const MIGRATION_GROUPS: readonly GroupKey[] = ['admin', 'networkSupervisor', 'supportSupervisor', 'supportPlus'];

export const MIGRATION_KINDS = ['phone', 'type'] as const;
export type MigrationKind = (typeof MIGRATION_KINDS)[number];

/** The account types a wallet may move between; agents keep their type (their network depends on it). */
export const MIGRATION_TYPES = ['customer', 'merchant'] as const;
export type MigrationType = (typeof MIGRATION_TYPES)[number];

export const ACCOUNT_NUMBER_PATTERN = /^[A-Za-z]{2,5}-[A-Za-z0-9_-]{1,40}$/;

/** What the support agent typed to find a wallet: an account number, or a Senegalese mobile number. */
export type WalletTerm = { number: string } | { phone: string };

export function readWalletTerm(input: string): WalletTerm | null {
  const term = input.trim();
  if (ACCOUNT_NUMBER_PATTERN.test(term)) return { number: term.toUpperCase() };
  const phone = normaliseSenegalMobile(term);
  return phone ? { phone } : null;
}

export const WALLET_TERM_MESSAGE = 'Enter an account number (CUS-000123) or a mobile number (+221 7X XXX XX XX)';

const noControl = (v: string) => !/\p{Cc}/u.test(v);

const migrationReasonSchema = requiredReason(
  300,
  `Say why the wallet is migrated (at least ${REASON_MIN} characters)`,
).refine(noControl, 'Must not contain control characters');

const accountNumberSchema = z
  .string()
  .trim()
  .max(48)
  .regex(ACCOUNT_NUMBER_PATTERN, 'Not an account number')
  .transform((v) => v.toUpperCase());

/** The new number, in the one stored form (+221 7X XXX XX XX), as registration stores it. */
const newPhoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .max(24, PHONE_MESSAGE)
  .refine((v) => normaliseSenegalMobile(v) !== null, PHONE_MESSAGE)
  .transform((v) => normaliseSenegalMobile(v) as string);

const { businessName, businessCategory } = hybridMerchantSettingsSchema.shape;

const phoneMigrationSchema = z.object({
  kind: z.literal('phone'),
  number: accountNumberSchema,
  newPhone: newPhoneSchema,
  reason: migrationReasonSchema,
});

const typeMigrationSchema = z.object({
  kind: z.literal('type'),
  number: accountNumberSchema,
  newType: z.enum(MIGRATION_TYPES),
  /** Required to become a merchant: the shop's name becomes the wallet's name, as at registration. */
  businessName: businessName.optional(),
  businessCategory: businessCategory.optional(),
  reason: migrationReasonSchema,
});

const BUSINESS_NAME_REQUIRED = 'Give the business name the merchant will trade under';
const BUSINESS_CATEGORY_REQUIRED = 'Choose the business category';

export const migrationBodySchema = z
  .discriminatedUnion('kind', [phoneMigrationSchema, typeMigrationSchema])
  .superRefine((value, ctx) => {
    if (value.kind !== 'type' || value.newType !== 'merchant') return;
    if (!value.businessName) ctx.addIssue({ code: 'custom', path: ['businessName'], message: BUSINESS_NAME_REQUIRED });
    if (!value.businessCategory) {
      ctx.addIssue({ code: 'custom', path: ['businessCategory'], message: BUSINESS_CATEGORY_REQUIRED });
    }
  });

export type MigrationBody = z.output<typeof migrationBodySchema>;

/** A migration waits for a second person (maker-checker) before anything about the wallet changes. */
export const MIGRATION_STATUSES = ['pending', 'applied', 'rejected', 'expired'] as const;
export type MigrationStatus = (typeof MIGRATION_STATUSES)[number];

/** The checker's answer to a pending migration: a rejection says why. */
export const migrationDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(300).refine(noControl, 'Must not contain control characters').optional(),
  })
  .refine((v) => rejectionNeedsReason(v.decision, v.reason), {
    message: `Say why the migration is rejected (at least ${REASON_MIN} characters)`,
    path: ['reason'],
  });
export type MigrationDecisionBody = z.output<typeof migrationDecisionSchema>;
export type MigrationInput = z.input<typeof migrationBodySchema>;

/**
 * Why a wallet cannot be migrated (or cannot change type). The page names each in the user's
 * language from its code; the API answers the same codes (409) when asked anyway.
 */
export const MIGRATION_BLOCKERS = [
  'ACCOUNT_NOT_ACTIVE',
  'KYC_NOT_APPROVED',
  'PENDING_APPROVALS',
  'TYPE_NOT_MIGRATABLE',
  'STUDENT_WALLET',
  'MERCHANT_NETWORK',
  'MERCHANT_QR_CODES',
  'MERCHANT_LOGIN',
  'NO_HOLDER_PROFILE',
] as const;
export type MigrationBlockerCode = (typeof MIGRATION_BLOCKERS)[number];
