/** Confirms one KYC decision; a rejection or a request for documents must say why. */
import { useId } from 'react';
import { useTranslation } from '../../i18n/react';
import type { KycDecision } from '../../../contract/kyc';
import { FailureAlert } from '../../ui/parts';
import { ConfirmDialog, ReasonField, type ReasonDialogProps } from '../../ui/list/ConfirmDialog';
import { decisionTitle } from '../../ui/kyc-labels';
import type { ReasonProblem } from './review-machine';
import { REASON_MIN } from '../../../contract/reasons';

export function KycDecisionDialog({
  decision,
  accountLabel,
  approveEffect,
  reason,
  reasonProblem,
  failure,
  busy,
  lang,
  onReason,
  onCancel,
  onConfirm,
}: ReasonDialogProps & {
  decision: KycDecision | null;
  accountLabel: string;
  /** What approving this account does, or what remains after it. */
  approveEffect: string;
  reasonProblem: ReasonProblem | null;
  /** False when the dialog's input was refused in place. */
  onConfirm: () => boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const needsReason = decision !== null && decision !== 'approve';
  return (
    <ConfirmDialog
      open={decision !== null}
      busy={busy}
      title={
        decision ? t('kyc.decision.title', { decision: decisionTitle(decision, lang), account: accountLabel }) : ''
      }
      description={decision === 'approve' ? approveEffect : decision ? t(`kyc.decision.effect.${decision}`) : ''}
      cancelLabel={t('kyc.decision.cancel')}
      confirmLabel={decision ? t(`kyc.decision.confirm.${decision}`) : ''}
      busyLabel={t('kyc.decision.sending')}
      onCancel={onCancel}
      onConfirm={() => {
        if (!onConfirm()) document.getElementById(`${id}-reason`)?.focus();
      }}
    >
      <ReasonField
        id={`${id}-reason`}
        label={needsReason ? t('kyc.decision.reason') : t('kyc.decision.note')}
        optional={!needsReason}
        hint={needsReason ? t('kyc.decision.reasonHint') : undefined}
        error={reasonProblem ? t(`kyc.decision.reasonProblem.${reasonProblem}`, { min: REASON_MIN }) : undefined}
        required={needsReason}
        value={reason}
        onValue={onReason}
      />
      {failure && <FailureAlert failure={failure} />}
    </ConfirmDialog>
  );
}
