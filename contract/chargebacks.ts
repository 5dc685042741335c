import { z } from 'zod';
import type { GroupKey } from './groups';
import { REASON_MIN, requiredReason } from './reasons';

/**
 * Chargebacks (/chargeback-voucher; docs/money-movement.md): a maker asks to reverse a successful
 * transaction, with a reason; a checker (another user) approves or rejects it, with a reason.
 * Approval posts a new `chargeback` transaction whose postings are the exact opposite of the
 * original's; the original is never changed or deleted.
 */

/**
 * The product gives /chargeback-voucher to support-plus (docs/product.md); the admin menu's groups
 * (who decide the other maker-checker requests) have it too, so a second person can always decide.
 */
export const CHARGEBACK_GROUPS: readonly GroupKey[] = ['admin', 'networkSupervisor', 'supportPlus'];

/** expired: nobody decided it within the request lifetime (APPROVAL_TTL_HOURS). */
export const CHARGEBACK_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ChargebackStatus = (typeof CHARGEBACK_STATUSES)[number];

const CHARGEBACK_DECISIONS = ['approve', 'reject'] as const;
export type ChargebackDecision = (typeof CHARGEBACK_DECISIONS)[number];

/** Type and service of the reversal transaction in the ledger and the reports. */
export const CHARGEBACK_TYPE = 'chargeback';

/** References as the ledger writes them: TR/TX + six digits of date + eight of sequence, or OPEN-…. */
const REFERENCE_PATTERN = /^[A-Z]{2,4}[A-Z0-9-]{4,40}$/;
const REFERENCE_MESSAGE = 'Enter a transaction reference such as TR26112200000042';

export const referenceSchema = z
  .string({ error: REFERENCE_MESSAGE })
  .trim()
  .max(44, REFERENCE_MESSAGE)
  .transform((v) => v.toUpperCase())
  .refine((v) => REFERENCE_PATTERN.test(v), REFERENCE_MESSAGE);

export const CHARGEBACK_REASON_MAX = 500;

const reasonSchema = (what: string) =>
  requiredReason(CHARGEBACK_REASON_MAX, `Give the reason for the ${what} (at least ${REASON_MIN} characters)`).refine(
    (v) => !/\p{Cc}/u.test(v.replace(/[\n\r\t]/g, ' ')),
    'Must not contain control characters',
  );

export const chargebackRequestSchema = z.object({
  reference: referenceSchema,
  reason: reasonSchema('chargeback'),
});
export type ChargebackRequest = z.output<typeof chargebackRequestSchema>;

export const chargebackDecisionSchema = z.object({
  decision: z.enum(CHARGEBACK_DECISIONS),
  reason: reasonSchema('decision'),
});

/** Why a transaction cannot be charged back, by code; null when it can. */
export const CHARGEBACK_REFUSALS = [
  'TRANSACTION_NOT_SUCCESSFUL',
  'CHARGEBACK_OF_REVERSAL',
  'NOT_REVERSIBLE',
  'ACCOUNT_CLOSED',
  'CHARGEBACK_EXISTS',
] as const;
export type ChargebackRefusalCode = (typeof CHARGEBACK_REFUSALS)[number];
