import { z } from '@hono/zod-openapi';
import {
  APPROVAL_STATUSES,
  type ApprovalDecisionResult,
  type ApprovalView,
  TRANSFER_FLOW_IDS,
  type TransferParty,
} from '../../../contract/transfers';
import { idParam, listQuerySchema, noControlCharacters } from '../../http/params';

// The checkers' page asks for `pending` by default and leaves the filter out for "All statuses".
export const approvalQuery = listQuerySchema({
  statuses: APPROVAL_STATUSES,
  statusDescription: 'One status (the page asks for pending first); left out, empty or `all`: every status',
  searchDescription: 'Reference, maker, or the beneficiary’s name, number or phone',
  extra: { flow: z.enum(TRANSFER_FLOW_IDS).optional() },
});

export const approvalIdParam = z.object({ id: idParam().openapi({ example: 1 }) });

const rejectionReason = z
  .string({ error: 'Give the reason for the rejection' })
  .trim()
  .min(3, 'Give the reason for the rejection (at least 3 characters)')
  .max(500)
  .refine(...noControlCharacters);

export const rejectBody = z.object({ reason: rejectionReason }).openapi('ApprovalRejection');

/** A checker's note on an approval (any decision in bulk; a rejection's must say why). */
const optionalReason = z
  .string()
  .trim()
  .max(500)
  .refine(...noControlCharacters)
  .optional();

export const approveBody = z.object({ reason: optionalReason }).openapi('ApprovalApproval');

export const decisionsBody = z
  .object({
    ids: z.array(idParam()).min(1, 'Choose at least one request').max(200, 'At most 200 requests at once'),
    decision: z.enum(['approve', 'reject']),
    reason: optionalReason,
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
