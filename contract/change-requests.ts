import { z } from 'zod';
import { noControlCharacters } from './fields';
import { REASON_MIN, rejectionNeedsReason } from './reasons';

/**
 * Administrative changes that wait for a second administrator (docs/decisions/029-administrative-changes-need-a-second-admin.md).
 * Each kind has its own applier on the server; the inbox shows them all under one kind, `change`.
 */
export const CHANGE_KINDS = [
  'limits.update',
  'user.create',
  'user.update',
  'fees.schedule',
  'user.passwordReset',
  'user.twoFactorReset',
  'user.unlock',
  'user.reactivate',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const CHANGE_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/** Largest amount a limit may be set to: the ledger's largest transfer bound (1e12 XOF). */
const LIMIT_CEILING = 1_000_000_000_000;
const xof = z.number().int().nonnegative().max(LIMIT_CEILING);

/** The transfer limits an administrator sets at /fees; the environment gives only their first values. */
export const transferLimitsSchema = z
  .object({
    approvalThreshold: xof,
    customerDailyLimit: xof.positive(),
    maxTransfer: xof.positive(),
  })
  .refine((l) => l.approvalThreshold <= l.maxTransfer, {
    message: 'The approval threshold cannot exceed the largest transfer.',
    path: ['approvalThreshold'],
  });
export type TransferLimits = z.infer<typeof transferLimitsSchema>;

/** A second administrator's decision; a rejection says why, for the maker. */
export const changeDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(500).refine(noControlCharacters, 'Must not contain control characters').optional(),
  })
  .refine((v) => rejectionNeedsReason(v.decision, v.reason), {
    message: `Say why the change is rejected (at least ${REASON_MIN} characters)`,
    path: ['reason'],
  });
