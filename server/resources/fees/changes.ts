import type { Context } from 'hono';
import { xofInEnglish as xof } from '../../../contract/money';
import type { FeeBandBody } from '../../../contract/fees';
import type { PendingFeeChange } from '../../../contract/api/fees';
import { findTransferFlow, type TransferFlowId } from '../../../contract/transfers';
import { recordAudit } from '../../domain/audit/record';
import type { Db } from '../../db/database';
import type { AppEnv } from '../../http/env';
import { pendingChanges, requestChange } from '../../domain/change-requests/requests';
import { currentVersionId, type ScheduleChange } from '../../domain/fees/schedules';

const percent = (bp: number) => `${bp / 100}%`;

function bandText(band: FeeBandBody): string {
  const cap = band.maxFee === null ? 'no cap' : `max ${xof(band.maxFee)}`;
  const commission = [
    band.commissionShareBp ? `agent ${percent(band.commissionShareBp)} of fee` : '',
    band.commissionRateBp ? `agent ${percent(band.commissionRateBp)} of amount` : '',
  ].filter(Boolean);
  return `${xof(band.minAmount)} to ${xof(band.maxAmount)}: ${percent(band.percentFeeBp)} + ${xof(band.fixedFee)} (min ${xof(band.minFee)}, ${cap})${commission.length ? `, ${commission.join(', ')}` : ''}`;
}

/** What the checker reads in the inbox: the flow and every new band, in full. */
function changeSummary(flowId: TransferFlowId, bands: readonly FeeBandBody[]): string {
  const flow = findTransferFlow(flowId)?.title.en ?? flowId;
  return `${flow} fees: ${bands.map(bandText).join('; ')}`;
}

/**
 * The maker's step: the new bands wait for a second administrator; the schedule in force now
 * is named in the request, so an approval after another change is refused.
 */
export async function requestScheduleChange(
  c: Context<AppEnv>,
  flowId: TransferFlowId,
  bands: FeeBandBody[],
): Promise<{ changeRequestId: number }> {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const payload: ScheduleChange = { flowId, baseVersionId: await currentVersionId(tx, flowId), bands };
    const { id } = await requestChange(tx, {
      kind: 'fees.schedule',
      subject: flowId,
      summary: changeSummary(flowId, bands),
      payload,
      makerUserId: c.get('user').userId,
      now,
    });
    await recordAudit(c, tx, {
      action: 'change.request',
      targetType: 'change',
      targetId: id,
      details: { kind: 'fees.schedule', subject: flowId, bands },
    });
    return { changeRequestId: id };
  });
}

/** The fee changes waiting for a decision, as /fees shows them. */
export async function pendingFeeChanges(db: Db, callerId: number): Promise<PendingFeeChange[]> {
  const rows = await pendingChanges(db, ['fees.schedule'], callerId);
  return rows.map((r) => {
    const change = r.payload as ScheduleChange;
    return {
      id: r.id,
      flowId: change.flowId,
      requestedBy: r.maker,
      requestedAt: r.createdAt,
      mine: r.mine,
      bands: change.bands,
    };
  });
}
