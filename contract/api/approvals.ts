import { z } from 'zod';
import { REASON_MIN, rejectionNeedsReason, requiredReason } from '../reasons';
import { APPROVAL_STATUSES, TRANSFER_FLOW_IDS } from '../transfers';
import { listQuerySchema } from './list-query';
import { defineOperation } from './operation';
import { idSchema } from './schema-parts';
import { controlFree } from './transfers';

const tags = ['Approvals'];

// The checkers' page asks for `pending` by default and leaves the filter out for "All statuses".
const approvalQuery = listQuerySchema({
  statuses: APPROVAL_STATUSES,
  statusDescription: 'One status (the page asks for pending first); left out, empty or `all`: every status',
  searchDescription: 'Reference, maker, or the beneficiary’s name, number or phone',
  extra: { flow: z.enum(TRANSFER_FLOW_IDS).optional() },
});

/** The filters of the approvals list, as the API reads them. */
export type ApprovalFilterQuery = z.output<typeof approvalQuery>;

const approvalIdParam = z.object({ id: idSchema().meta({ example: 1 }) });

const REJECTION_TOO_SHORT = `Give the reason for the rejection (at least ${REASON_MIN} characters)`;

const rejectionReason = requiredReason(500, REJECTION_TOO_SHORT).refine(...controlFree);

export const rejectBody = z.object({ reason: rejectionReason }).meta({ id: 'ApprovalRejection' });

/** A checker's note on an approval (any decision in bulk; a rejection's must say why). */
const optionalReason = z
  .string()
  .trim()
  .max(500)
  .refine(...controlFree)
  .optional();

export const approveBody = z.object({ reason: optionalReason }).meta({ id: 'ApprovalApproval' });

const decisionsBody = z
  .object({
    ids: z.array(idSchema()).min(1, 'Choose at least one request').max(200, 'At most 200 requests at once'),
    decision: z.enum(['approve', 'reject']),
    reason: optionalReason,
  })
  .refine((v) => rejectionNeedsReason(v.decision, v.reason), {
    message: REJECTION_TOO_SHORT,
    path: ['reason'],
  })
  .meta({ id: 'ApprovalDecisions' });

const party = z.object({
  number: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  kind: z.string(),
  balance: z.number().int().optional(),
});

/** `canDecide`: whether the caller may decide it (not the maker, right group or bank, still pending). */
const approvalView = z
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
  .meta({ id: 'ApprovalView' });

const approvalPage = z
  .object({
    rows: z.array(approvalView),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'ApprovalPage' });

/** One result per id, in order; `message` is the refusal's longMessage when not ok. */
const decisionResult = z
  .object({
    id: z.number().int(),
    ok: z.boolean(),
    status: z.enum(APPROVAL_STATUSES).nullable(),
    reference: z.string().nullable(),
    message: z.string().nullable(),
  })
  .meta({ id: 'ApprovalDecisionResult' });

export type ApprovalView = z.output<typeof approvalView>;
export type ApprovalDecisionResult = z.output<typeof decisionResult>;

const decisionRefusals = {
  400: `Invalid input (a rejection needs a reason of ${REASON_MIN} to 500 characters)`,
  401: 'No live session',
  403: 'MAKER_CANNOT_APPROVE (the maker never decides its own request) or FORBIDDEN (bank transfers are decided by a checker of the same bank, the others by administrators)',
  404: 'No such request the caller may see (APPROVAL_NOT_FOUND)',
  409: 'APPROVAL_EXPIRED, or APPROVAL_ALREADY_DECIDED',
  422: 'Approving would break a rule now (INSUFFICIENT_FUNDS, ACCOUNT_BLOCKED...): it stays pending',
} as const;

export const listApprovals = defineOperation({
  method: 'get',
  path: '/approvals',
  tags,
  summary:
    'Transfers waiting for a checker (/authorize-transactions), newest first. Admins see all, bank users their bank’s, others their own.',
  query: approvalQuery,
  answers: { 200: { schema: approvalPage, description: 'One page of requests' } },
  errors: { 400: decisionRefusals[400] },
});

export const getApproval = defineOperation({
  method: 'get',
  path: '/approvals/{id}',
  tags,
  summary: 'One approval request',
  params: approvalIdParam,
  answers: { 200: { schema: approvalView, description: 'The request' } },
  errors: { 404: decisionRefusals[404] },
});

export const approveApproval = defineOperation({
  method: 'post',
  path: '/approvals/{id}/approve',
  tags,
  summary: 'Approve: the transfer is posted now, under the same rules and locks as a submission',
  params: approvalIdParam,
  body: approveBody,
  bodyRequired: false,
  answers: { 200: { schema: approvalView, description: 'The request as decided' } },
  errors: decisionRefusals,
});

export const rejectApproval = defineOperation({
  method: 'post',
  path: '/approvals/{id}/reject',
  tags,
  summary: 'Reject with a reason: the transfer fails and nothing moves',
  params: approvalIdParam,
  body: rejectBody,
  answers: { 200: { schema: approvalView, description: 'The request as decided' } },
  errors: decisionRefusals,
});

export const decideApprovals = defineOperation({
  method: 'post',
  path: '/approvals/decisions',
  tags,
  summary: 'Approve or reject up to 200 requests; each is decided on its own and gets its own result, in order',
  body: decisionsBody,
  answers: { 200: { schema: z.array(decisionResult), description: 'One result per id' } },
  errors: { 400: decisionRefusals[400], 401: decisionRefusals[401] },
});
