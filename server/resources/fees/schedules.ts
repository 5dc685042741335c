import { asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FeeBandBody, FeePreview, FeeScheduleView } from '../../../contract/fees';
import { TRANSFER_FLOW_IDS, type TransferFlowId } from '../../../contract/transfers';
import type { Db } from '../../db/database';
import { isoTimestamp } from '../../db/query';
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
    .orderBy(desc(versions.effectiveFrom), desc(versions.id))
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

/** Every schedule, past ones included, newest first; one flow's when asked. */
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
