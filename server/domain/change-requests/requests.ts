import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChangeKind, ChangeStatus } from '../../../contract/change-requests';
import type { ChangeRequestView } from '../../../contract/api/change-requests';
import type { Db } from '../../db/database';
import { isoTimestamp } from '../../db/query';
import { changeRequests, users } from '../../db/schema';
import { validationFailed } from '../../http/openapi';
import { ApiError } from '../../lib/api-error';
import { changeAppliers } from './registry';
import { isMaker } from '../../lib/maker-checker';

export interface ChangeAsked {
  kind: ChangeKind;
  subject: string;
  summary: string;
  payload: unknown;
  makerUserId: number;
  now: Date;
}

const alreadyWaiting = () =>
  new ApiError(
    409,
    'CHANGE_PENDING',
    'A change already waits',
    'The same change already waits for a second administrator: have it decided first.',
  );

/** Checks a payload against its kind's schema, as the API would refuse a bad body. */
export function readPayload(kind: ChangeKind, payload: unknown) {
  const parsed = changeAppliers[kind].payload.safeParse(payload);
  if (!parsed.success) throw validationFailed(parsed.error);
  return parsed.data;
}

/**
 * The maker's step: records the change as asked; nothing changes until a second administrator
 * approves it. Audit the request in the same transaction.
 */
export async function requestChange(db: Db, asked: ChangeAsked): Promise<{ id: number }> {
  const payload = readPayload(asked.kind, asked.payload);
  const [waiting] = await db
    .select({ id: changeRequests.id })
    .from(changeRequests)
    .where(
      and(
        eq(changeRequests.status, 'pending'),
        eq(changeRequests.kind, asked.kind),
        eq(changeRequests.subject, asked.subject),
      ),
    )
    .limit(1);
  if (waiting) throw alreadyWaiting();
  const [row] = await db
    .insert(changeRequests)
    .values({
      kind: asked.kind,
      subject: asked.subject,
      summary: asked.summary,
      payload,
      makerUserId: asked.makerUserId,
      createdAt: asked.now,
      status: 'pending',
    })
    .returning({ id: changeRequests.id })
    .catch((error: unknown) => {
      // Another maker asked for the same subject between our check and this insert.
      throw isUniqueViolation(error) ? alreadyWaiting() : error;
    });
  if (!row) throw new Error('The change request was not written');
  return row;
}

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (('code' in error && error.code === '23505') || ('cause' in error && isUniqueViolation(error.cause)));

const checker = alias(users, 'checker');

function view(
  row: {
    id: number;
    kind: string;
    summary: string;
    status: string;
    maker: string;
    makerUserId: number;
    createdAt: Date | string;
    decidedAt: Date | string | null;
    decidedBy: string | null;
    reason: string | null;
    payload: unknown;
  },
  callerId: number,
): ChangeRequestView {
  return {
    id: row.id,
    kind: row.kind as ChangeKind,
    summary: row.summary,
    status: row.status as ChangeStatus,
    maker: row.maker,
    mine: isMaker(callerId, row.makerUserId),
    createdAt: isoTimestamp(row.createdAt),
    decidedAt: row.decidedAt === null ? null : isoTimestamp(row.decidedAt),
    decidedBy: row.decidedBy,
    reason: row.reason,
    payload: row.payload,
  };
}

function selectViews(db: Db) {
  return db
    .select({
      id: changeRequests.id,
      kind: changeRequests.kind,
      summary: changeRequests.summary,
      status: changeRequests.status,
      maker: users.name,
      makerUserId: changeRequests.makerUserId,
      createdAt: changeRequests.createdAt,
      decidedAt: changeRequests.decidedAt,
      decidedBy: checker.name,
      reason: changeRequests.reason,
      payload: changeRequests.payload,
    })
    .from(changeRequests)
    .innerJoin(users, eq(users.id, changeRequests.makerUserId))
    .leftJoin(checker, eq(checker.id, changeRequests.checkerUserId));
}

/** The changes of these kinds that wait for a decision, oldest first. */
export async function pendingChanges(db: Db, kinds: readonly ChangeKind[], callerId: number, limit = 200) {
  if (kinds.length === 0) return [];
  const rows = await selectViews(db)
    .where(and(eq(changeRequests.status, 'pending'), inArray(changeRequests.kind, [...kinds])))
    .orderBy(changeRequests.createdAt, changeRequests.id)
    .limit(limit);
  return rows.map((r) => view(r, callerId));
}
