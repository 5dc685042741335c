import { z } from '@hono/zod-openapi';
import {
  APPROVAL_STATUSES,
  type ApprovalDecisionResult,
  type ApprovalView,
  TRANSFER_FLOW_IDS,
  type TransferParty,
} from '../../../contract/transfers';
import { calendarDay, idParam, noControlCharacters } from '../../http/params';

const day = calendarDay();

export const approvalQuery = z
  .object({
    // The checkers' page asks for `pending` by default and leaves the filter out for "All statuses".
    status: z
      .union([z.enum(APPROVAL_STATUSES), z.literal('all'), z.literal('')])
      .optional()
      .openapi({ description: 'One status (the page asks for pending first); left out, empty or `all`: every status' }),
    flow: z.enum(TRANSFER_FLOW_IDS).optional(),
    from: day.optional(),
    to: day.optional(),
    q: z
      .string()
      .trim()
      .max(80)
      .refine(...noControlCharacters)
      .optional()
      .openapi({ description: 'Reference, maker, or the beneficiary’s name, number or phone' }),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(20),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: 'The start date is after the end date',
    path: ['from'],
  });

export const approvalIdParam = z.object({ id: idParam().openapi({ example: 1 }) });

export const rejectionReason = z
  .string({ error: 'Give the reason for the rejection' })
  .trim()
  .min(3, 'Give the reason for the rejection (at least 3 characters)')
  .max(500)
  .refine(...noControlCharacters);

export const rejectBody = z.object({ reason: rejectionReason }).openapi('ApprovalRejection');

export const approveBody = z
  .object({
    reason: z
      .string()
      .trim()
      .max(500)
      .refine(...noControlCharacters)
      .optional(),
  })
  .openapi('ApprovalApproval');

export const decisionsBody = z
  .object({
    ids: z.array(idParam()).min(1, 'Choose at least one request').max(200, 'At most 200 requests at once'),
    decision: z.enum(['approve', 'reject']),
    reason: z
      .string()
      .trim()
      .max(500)
      .refine(...noControlCharacters)
      .optional(),
  })
  .refine((v) => v.decision !== 'reject' || (v.reason?.length ?? 0) >= 3, {
    message: 'Give the reason for the rejection (at least 3 characters)',
    path: ['reason'],
  })
  .openapi('ApprovalDecisions');

const party: z.ZodType<TransferParty> = z.object({
  number: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  kind: z.string(),
  balance: z.number().int().optional(),
});

export const approvalView: z.ZodType<ApprovalView> = z
  .object({
    id: z.number().int(),
    flow: z.enum(TRANSFER_FLOW_IDS),
    status: z.enum(APPROVAL_STATUSES),
    reference: z.string(),
    amount: z.number().int(),
    fee: z.number().int(),
    source: party,
    counterparty: party,
    destination: party,
    maker: z.string(),
    createdAt: z.string(),
    expiresAt: z.string(),
    checker: z.string().nullable(),
    decidedAt: z.string().nullable(),
    reason: z.string().nullable(),
    canDecide: z.boolean(),
  })
  .openapi('ApprovalView');

export const approvalPage = z
  .object({
    rows: z.array(approvalView),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .openapi('ApprovalPage');

export const decisionResult: z.ZodType<ApprovalDecisionResult> = z
  .object({
    id: z.number().int(),
    ok: z.boolean(),
    status: z.enum(APPROVAL_STATUSES).nullable(),
    reference: z.string().nullable(),
    message: z.string().nullable(),
  })
  .openapi('ApprovalDecisionResult');
