import { and, eq } from 'drizzle-orm';
import type { ChangeKind } from '../../../contract/change-requests';
import { hasAdminMenu } from '../../../contract/groups';
import type { AuditEntry } from '../audit/record';
import type { Db } from '../../db/database';
import { changeRequests } from '../../db/schema';
import { ApiError, forbiddenError } from '../../lib/api-error';
import type { SessionUser } from '../../lib/session-user';
import type { ChangeOutcome } from './appliers';
import { changeAppliers } from './registry';
import { readPayload } from './requests';
import { isMaker } from '../../lib/maker-checker';
import { refuseIfExpired } from '../../lib/request-lifetime';

export interface ChangeDecision {
  decision: 'approve' | 'reject';
  reason?: string | undefined;
}

interface Step {
  caller: SessionUser;
  now: Date;
  /** How long a request waits before it expires (APPROVAL_TTL_HOURS). */
  lifetimeMs: number;
  /** Records the audit entry in the decision's own database transaction. */
  audit: (tx: Db, entry: AuditEntry) => Promise<void>;
  /** The server key (TWO_FACTOR_KEY) a credential change's first half waits under. */
  sealKey?: Buffer | null;
}

/** A decided change; an approval may hand the approving administrator a second half, once. */
export interface DecidedChange extends ChangeOutcome {
  kind: ChangeKind;
}

const notFound = () => new ApiError(404, 'CHANGE_NOT_FOUND', 'Not found', 'There is no such change request.');
const cannotChangeOwn = () =>
  new ApiError(
    409,
    'CANNOT_CHANGE_OWN',
    'Not your own account',
    'This change is about your own account: another administrator must decide it.',
  );
const alreadyDecided = () =>
  new ApiError(409, 'CHANGE_ALREADY_DECIDED', 'Already decided', 'This change request was already decided.');
const selfApproval = () =>
  new ApiError(
    403,
    'SELF_APPROVAL',
    'Not your decision',
    'You asked for this change: another administrator must decide it.',
  );

/** Administrators decide administrative changes, never the one who asked. */
const mayDecideChange = (caller: SessionUser, makerUserId: number) =>
  hasAdminMenu(caller.group) && !isMaker(caller.userId, makerUserId);

/**
 * The user a change is about never decides it: their own account is another administrator's.
 * A payload the code no longer reads can only be rejected, so it names nobody.
 */
export function isAboutCaller(kind: ChangeKind, payload: unknown, callerId: number): boolean {
  const { subjectUserId, payload: schema } = changeAppliers[kind];
  const parsed = schema.safeParse(payload);
  return subjectUserId !== undefined && parsed.success && subjectUserId(parsed.data) === callerId;
}

/**
 * The checker's step: a rejection closes the request; an approval applies the change with its
 * kind's code in the same transaction, so a change that can no longer be applied (a username
 * taken meanwhile) is refused and the request keeps waiting.
 */
export async function decideChange(db: Db, id: number, decision: ChangeDecision, step: Step): Promise<DecidedChange> {
  if (!hasAdminMenu(step.caller.group)) throw forbiddenError('Only administrators decide administrative changes.');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t.select().from(changeRequests).where(eq(changeRequests.id, id)).for('update');
    if (!row) throw notFound();
    refuseIfExpired(row, 'pending', step.now, step.lifetimeMs);
    if (row.status !== 'pending') throw alreadyDecided();
    if (!mayDecideChange(step.caller, row.makerUserId)) throw selfApproval();
    const kind = row.kind as ChangeKind;
    if (isAboutCaller(kind, row.payload, step.caller.userId)) throw cannotChangeOwn();
    const audit = (entry: AuditEntry) => step.audit(t, entry);
    let outcome: ChangeOutcome = {};
    if (decision.decision === 'approve') {
      outcome =
        (await changeAppliers[kind].apply(t, readPayload(kind, row.payload), {
          requestId: id,
          makerUserId: row.makerUserId,
          checker: step.caller,
          now: step.now,
          audit,
          sealKey: step.sealKey ?? null,
        })) ?? {};
    }
    await t
      .update(changeRequests)
      .set({
        status: decision.decision === 'approve' ? 'approved' : 'rejected',
        checkerUserId: step.caller.userId,
        decidedAt: step.now,
        reason: decision.reason ?? null,
      })
      .where(and(eq(changeRequests.id, id), eq(changeRequests.status, 'pending')));
    await audit({
      action: decision.decision === 'approve' ? 'change.approve' : 'change.reject',
      targetType: 'change',
      targetId: id,
      details: { kind, subject: row.subject, summary: row.summary, reason: decision.reason ?? null },
    });
    return { kind, ...outcome };
  });
}
