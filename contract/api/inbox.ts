import { z } from 'zod';
import { EXPIRED_NOTICE_DAYS, INBOX_COUNT_EVENT, INBOX_DECIDERS, INBOX_KINDS } from '../inbox';
import { PRESENCE_EVENT } from '../presence';
import { feeBandWarning } from './bulk';
import { inboxChange } from './inbox-change';
import { decisionFacts } from './inbox-facts';
import { defineOperation } from './operation';

const tags = ['Approvals inbox'];

/** How often an open stream asks whether its session still holds: it ends within this of a logout. */
export const SESSION_CHECK_MS = 2_000;
/** How often it asks the database for the count again: any replica's decision shows within this. */
export const RECHECK_MS = 5_000;
/** A stream ends after this and the dashboard opens a new one. */
export const STREAM_LIFETIME_MS = 60_000;

const kindParam = z.object({
  kind: z.enum(INBOX_KINDS),
  id: z.string().min(1).max(64).meta({ description: 'The id within its kind (a bulk batch’s is a UUID)' }),
});

/**
 * One waiting request. `reference`: a transaction reference or account number that names it;
 * `party`: the account money leaves (transfers), the wallet that changes, or what an
 * administrative change does (English, as stored; `change` says it as data); `deciderBank`: whose
 * checkers decide, for a bank-checker decider; `detailPath`: a page that opens this very item. Every kind expires after the same configured time
 * (docs/decisions/034-every-waiting-request-expires.md).
 */
const inboxItem = z
  .object({
    kind: z.enum(INBOX_KINDS),
    id: z.string(),
    subject: z
      .string()
      .meta({ description: 'Transfer flow, batch file name, chargeback reference or wallet change kind' }),
    reference: z.string().nullable(),
    party: z.string().nullable(),
    maker: z.string(),
    mine: z.boolean(),
    amount: z.number().int().nullable(),
    createdAt: z.string(),
    expiresAt: z.string().meta({ description: 'When it expires if nobody decides it (every kind)' }),
    canDecide: z.boolean(),
    decider: z.enum(INBOX_DECIDERS),
    deciderBank: z.string().nullable(),
    detailPath: z.string().nullable(),
    outsideBands: z
      .object({ rows: z.number().int(), furthest: feeBandWarning })
      .nullable()
      .meta({ description: 'A fee override: how many rows charge outside their fee band, and the furthest' }),
    facts: decisionFacts,
    change: inboxChange.nullable().meta({ description: 'An administrative change: what it is about, as data' }),
  })
  .meta({ id: 'InboxItem' });

/** One of the caller's own requests that nobody decided in time: it was not carried out. */
const expiredRequest = z
  .object({
    kind: z.enum(INBOX_KINDS),
    id: z.string(),
    subject: z.string(),
    reference: z.string().nullable(),
    /** What an administrative change would have done (English, as stored; `change` says it as data). */
    summary: z.string().nullable(),
    change: inboxChange
      .nullable()
      .meta({ description: 'An administrative change: what it was about (none for one expired before it was kept)' }),
    amount: z.number().int().nullable(),
    createdAt: z.string(),
    expiredAt: z.string(),
    detailPath: z.string().nullable(),
  })
  .meta({ id: 'ExpiredRequest' });

const perKind = z.object({
  transfer: z.number().int(),
  bulk: z.number().int(),
  chargeback: z.number().int(),
  wallet: z.number().int(),
  change: z.number().int(),
});

const inboxPage = z
  .object({
    rows: z.array(inboxItem),
    waiting: perKind.meta({ description: 'How many wait for the caller’s decision, by kind' }),
    bank: z
      .string()
      .nullable()
      .meta({ description: 'The caller’s bank: a bank checker sees its bank’s requests only' }),
    expired: z.array(expiredRequest).meta({
      description: `The caller’s own requests that nobody decided in time, the last ${EXPIRED_NOTICE_DAYS} days, newest first`,
    }),
  })
  .meta({ id: 'InboxPage' });

const waitingState = z
  .object({
    count: z.number().int().meta({ description: 'How many requests wait for the caller’s decision' }),
    version: z.string().meta({
      description:
        'Changes whenever a request the caller’s inbox lists arrives, leaves or becomes theirs to decide, even when the count stays the same: an open list loads again when it changes',
      example: '3f9a0c12d4e5b678',
    }),
  })
  .meta({ id: 'InboxWaitingState' });

const decisionBody = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z.string().max(500).optional().meta({
      description: 'Needed to reject; a chargeback needs one to approve too (each kind’s own rules apply)',
    }),
  })
  .meta({ id: 'InboxDecision' });

export type InboxItem = z.output<typeof inboxItem>;
export type ExpiredRequest = z.output<typeof expiredRequest>;
export type InboxPage = z.output<typeof inboxPage>;

const refusals = { 400: 'VALIDATION_FAILED', 401: 'No live session' } as const;

export const listInbox = defineOperation({
  method: 'get',
  path: '/inbox',
  tags,
  summary:
    'Everything that waits for a second person and the caller may follow: transfers, bulk batches, chargebacks, wallet changes, administrative changes; what the caller may decide first, then the oldest. Also the caller’s own requests that expired undecided.',
  query: z.object({ kind: z.enum(INBOX_KINDS).optional() }),
  answers: { 200: { schema: inboxPage, description: 'The waiting requests' } },
  errors: refusals,
});

export const countInbox = defineOperation({
  method: 'get',
  path: '/inbox/count',
  tags,
  summary: 'How many requests wait for the caller’s decision (not counted as activity)',
  answers: { 200: { schema: waitingState, description: 'The count and the list’s version' } },
  errors: { 401: refusals[401] },
});

export const streamInboxCount = defineOperation({
  method: 'get',
  path: '/inbox/stream',
  tags,
  summary: `Server-sent events: a \`${INBOX_COUNT_EVENT}\` event with {"count": n, "version": v} (as GET /inbox/count answers) at once and whenever either changes (checked every ${RECHECK_MS / 1000} s); the stream ends within ${SESSION_CHECK_MS / 1000} s of its session's end (logout, expiry, deactivation), and after ${STREAM_LIFETIME_MS / 1000} s, when the client opens a new one (not counted as activity; never stored). Between counts, a \`${PRESENCE_EVENT}\` event with {"held": [{"kind", "id", "by": [names]}]} whenever who else has open the items the caller may open changes (checked every ${SESSION_CHECK_MS / 1000} s; PUT /presence/{kind}/{id})`,
  answers: {
    200: {
      description: 'An event stream',
      content: { 'text/event-stream': { schema: z.string() } },
      read: 'stream',
    },
  },
  errors: { 401: refusals[401] },
});

export const decideInboxItem = defineOperation({
  method: 'post',
  path: '/inbox/{kind}/{id}/decision',
  tags,
  summary:
    'Approve or reject (with a reason) any waiting request, by the decision code of its kind: the same refusals as on its own page (never the maker; bank transfers by a checker of that bank)',
  params: kindParam,
  body: decisionBody,
  answers: {
    200: {
      schema: z.object({
        kind: z.enum(INBOX_KINDS),
        id: z.string(),
        secondHalf: z.string().optional().meta({
          description:
            'An approved password reset or creation of a deciding user: the second half of their one-time password, shown once to the approving administrator (the maker has the first)',
          example: 'jkmn-pqrs',
        }),
      }),
      description: 'Decided',
    },
  },
  errors: {
    ...refusals,
    403: 'FORBIDDEN, MAKER_CANNOT_APPROVE, MAKER_CANNOT_DECIDE, SELF_APPROVAL or PASSWORD_CHANGE_REQUIRED',
    404: 'No such waiting request the caller may see',
    409: 'Already decided, expired (REQUEST_EXPIRED, APPROVAL_EXPIRED), (approving) what stops it now, or CANNOT_CHANGE_OWN (a change of the caller’s own account)',
    422: 'Approving would break a rule now: it stays pending',
  },
});
