import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FeeBandBody } from '../../../contract/fees';
import type { FeePreview, FeeScheduleView } from '../../../contract/api/fees';
import { TRANSFER_FLOW_IDS, type TransferFlowId } from '../../../contract/transfers';
import type { Db } from '../../db/database';
import { isoTimestamp } from '../../db/query';
import { ApiError } from '../../lib/api-error';
import { feeSchedule, feeScheduleVersions, users } from '../../db/schema';
import { computeCharges, feeBandColumns, feeBandFor } from '../../ledger/fees';

const maker = alias(users, 'maker');
const checker = alias(users, 'checker');
const versions = feeScheduleVersions;

/** How many past schedules the history shows at most, newest first. */
const HISTORY_LIMIT = 200;

const flowOrder = (flowId: string) => TRANSFER_FLOW_IDS.indexOf(flowId as TransferFlowId);

async function loadSchedules(db: Db, where: SQL | undefined, limit: number): Promise<FeeScheduleView[]> {
  const rows = await db
    .select({
      id: versions.id,
      flowId: versions.flowId,
      effectiveFrom: versions.effectiveFrom,
      effectiveTo: versions.effectiveTo,
      requestedBy: maker.name,
      approvedBy: checker.name,
    })
    .from(versions)
    .leftJoin(maker, eq(maker.id, versions.makerUserId))
    .leftJoin(checker, eq(checker.id, versions.checkerUserId))
    .where(where)
    .orderBy(desc(versions.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const bands = await db
    .select({ versionId: feeSchedule.versionId, ...feeBandColumns })
    .from(feeSchedule)
    .where(
      inArray(
        feeSchedule.versionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(feeSchedule.minAmount));
  const byVersion = new Map<number, FeeBandBody[]>();
  for (const { versionId, ...band } of bands) byVersion.set(versionId, [...(byVersion.get(versionId) ?? []), band]);
  return rows.map((r) => ({
    id: r.id,
    flowId: r.flowId as TransferFlowId,
    effectiveFrom: isoTimestamp(r.effectiveFrom),
    effectiveTo: r.effectiveTo ? isoTimestamp(r.effectiveTo) : null,
    requestedBy: r.requestedBy,
    approvedBy: r.approvedBy,
    bands: byVersion.get(r.id) ?? [],
  }));
}

/** The schedule in force of every flow, in the order the flows are defined. */
export async function currentSchedules(db: Db): Promise<FeeScheduleView[]> {
  const list = await loadSchedules(db, isNull(versions.effectiveTo), TRANSFER_FLOW_IDS.length);
  return list.sort((a, b) => flowOrder(a.flowId) - flowOrder(b.flowId));
}

/** Every schedule, past ones included, newest first (a flow's schedules follow each other by id); one flow's when asked. */
export function scheduleHistory(db: Db, flowId: TransferFlowId | undefined): Promise<FeeScheduleView[]> {
  return loadSchedules(db, flowId ? eq(versions.flowId, flowId) : undefined, HISTORY_LIMIT);
}

/**
 * What an amount costs under the schedule in force, through the very lookup and rule the
 * ledger charges with. The commission is what an agent serving the customer would earn.
 */
export async function previewFee(db: Db, flowId: TransferFlowId, amount: number): Promise<FeePreview> {
  const band = await feeBandFor(db, flowId, amount);
  const { fee, commission } = computeCharges(amount, band, null, true);
  return { flowId, amount, fee, commission, total: amount + fee };
}

const scheduleChanged = (flowId: string) =>
  new ApiError(
    409,
    'FEE_SCHEDULE_CHANGED',
    'Schedule changed meanwhile',
    `The fee schedule of ${flowId} changed after this request was made. Ask for the change again from the schedule in force.`,
  );

/** The id of a flow's schedule in force; a change request names it to catch a change meanwhile. */
export async function currentVersionId(db: Db, flowId: TransferFlowId): Promise<number | null> {
  const [row] = await db
    .select({ id: versions.id })
    .from(versions)
    .where(and(eq(versions.flowId, flowId), isNull(versions.effectiveTo)));
  return row?.id ?? null;
}

export interface ScheduleChange {
  flowId: TransferFlowId;
  /** The schedule the maker changed; another one in force means the request is stale. */
  baseVersionId: number | null;
  bands: FeeBandBody[];
}

/**
 * Puts a flow's new bands in force at `now` (the approval) and closes the schedule they
 * replace: transactions already made keep the fee they were charged, which they carry.
 * The schedule's row is locked first, so two approvals of one flow cannot both apply.
 */
export async function replaceSchedule(
  tx: Db,
  change: ScheduleChange,
  who: { makerUserId: number; checkerUserId: number; changeRequestId: number; now: Date },
): Promise<number> {
  const [current] = await tx
    .select({ id: versions.id })
    .from(versions)
    .where(and(eq(versions.flowId, change.flowId), isNull(versions.effectiveTo)))
    .for('update');
  if ((current?.id ?? null) !== change.baseVersionId) throw scheduleChanged(change.flowId);
  if (current) await tx.update(versions).set({ effectiveTo: who.now }).where(eq(versions.id, current.id));
  const [created] = await tx
    .insert(versions)
    .values({
      flowId: change.flowId,
      effectiveFrom: who.now,
      makerUserId: who.makerUserId,
      checkerUserId: who.checkerUserId,
      changeRequestId: who.changeRequestId,
      createdAt: who.now,
    })
    .returning({ id: versions.id });
  if (!created) throw new Error('The new fee schedule was not stored.');
  await tx
    .insert(feeSchedule)
    .values(
      change.bands.map((band) => ({ ...band, flowId: change.flowId, versionId: created.id, createdAt: who.now })),
    );
  return created.id;
}
