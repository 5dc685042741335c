import type { TFunction } from '../../i18n/translator';
import { ConfirmDialog, ReasonField } from '../../ui/list/ConfirmDialog';
import { useQueue } from '../../ui/list/use-queue';
import { FailureAlert } from '../../ui/parts';
import { formatDateTime } from '../../ui/values';
import { type DecisionActor, decisionFailure } from './decision-view';
import { MIGRATION_MESSAGES_KEY as K } from './messages';
import { valueText } from './migration-view';
import { REASON_MIN } from '../../../contract/reasons';

/** The checker confirms an approval (what will change) or a rejection (with its reason). */
export function MigrationDecisionDialog({ actor, t }: { actor: DecisionActor; t: TFunction }) {
  const { pending, reason, reasonInvalid, decisionFailure: failure, deciding: busy } = useQueue(actor);
  const decision = pending?.decision ?? 'approve';
  const approving = decision === 'approve';
  const row = pending?.rows[0];
  const values = row && {
    name: row.name,
    number: row.number,
    from: valueText(t, row, row.fromValue),
    to: valueText(t, row, row.toValue),
  };
  return (
    <ConfirmDialog
      open={pending !== null}
      busy={busy}
      title={approving ? t(`${K}.decisions.approveTitle`) : t(`${K}.decisions.rejectTitle`)}
      description={
        values && (approving ? t(`${K}.decisions.approveNote`, values) : t(`${K}.decisions.rejectNote`, values))
      }
      cancelLabel={t(`${K}.decisions.cancel`)}
      confirmLabel={approving ? t(`${K}.decisions.confirmApprove`) : t(`${K}.decisions.confirmReject`)}
      busyLabel={t(`${K}.decisions.working`)}
      confirmVariant={approving ? 'approve' : 'danger'}
      onCancel={() => {
        actor.send({ type: 'decision.cancel' });
        // A refusal means the list is out of date (decided elsewhere, the wallet changed): read it again.
        if (failure) actor.send({ type: 'list.reload' });
      }}
      onConfirm={() => actor.send({ type: 'decision.confirm' })}
    >
      {row && (
        <>
          <p className="text-sm text-ink">
            {t(`${K}.decisions.asked`, { maker: row.by, date: formatDateTime(row.createdAt) })}
          </p>
          <p className="break-words text-sm text-ink">{t(`${K}.decisions.reason`, { reason: row.reason })}</p>
          {failure && <FailureAlert failure={decisionFailure(t, failure)} />}
          <ReasonField
            id="migration-decision-reason"
            label={approving ? t(`${K}.decisions.decisionReasonOptional`) : t(`${K}.decisions.decisionReason`)}
            error={
              reasonInvalid
                ? approving
                  ? t(`${K}.decisions.noteProblem`)
                  : t(`${K}.decisions.reasonProblem`, { min: REASON_MIN })
                : undefined
            }
            value={reason}
            onValue={(text) => actor.send({ type: 'reason.change', reason: text })}
          />
        </>
      )}
    </ConfirmDialog>
  );
}
