/** Confirms an approval or a rejection (with its required reason) of one row or the selection. */
import { useId } from 'react';
import { useTranslation } from '../../i18n/react';
import { formatXof } from '../../i18n/format';
import { ConfirmDialog, ReasonField, type ReasonDialogProps } from '../../ui/list/ConfirmDialog';
import type { PendingDecision } from './authorize-machine';
import { FailureAlert } from '../../ui/parts';
import { REASON_MIN } from '../../../contract/reasons';
import type { ApprovalView } from '../../../contract/api/approvals';
import { formatDateTime } from '../../ui/values';

/** A party as the checker knows it: its name, account and phone. */
const partyText = (p: ApprovalView['source']) => [p.name, p.number, p.phone].filter(Boolean).join(' · ');

export function DecisionDialog({
  pending,
  reason,
  reasonInvalid,
  failure,
  busy,
  lang,
  onReason,
  onCancel,
  onConfirm,
}: ReasonDialogProps & {
  pending: PendingDecision | null;
  reasonInvalid: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const rejecting = pending?.decision === 'reject';
  const rows = pending?.rows ?? [];
  const total = rows.reduce((sum, r) => sum + r.amount, 0);

  return (
    <ConfirmDialog
      open={pending !== null}
      busy={busy}
      title={rejecting ? t('approvals.dialog.rejectTitle') : t('approvals.dialog.approveTitle')}
      description={
        <>
          {t('approvals.dialog.summary', { count: rows.length, total: formatXof(total, lang) })}
          {!rejecting && ` ${t('approvals.dialog.approveWarning')}`}
        </>
      }
      summary={
        <ul className="mt-2 max-h-48 overflow-auto text-sm text-ink tabular-nums">
          {rows.map((r) => (
            <li key={r.id} className="py-0.5">
              {t('approvals.dialog.row', {
                reference: r.reference,
                amount: formatXof(r.amount, lang),
                fee: formatXof(r.fee, lang),
                payer: partyText(r.source),
                payee: partyText(r.destination),
                maker: r.maker,
                when: formatDateTime(r.createdAt),
              })}
            </li>
          ))}
        </ul>
      }
      cancelLabel={t('approvals.dialog.cancel')}
      confirmLabel={rejecting ? t('approvals.dialog.confirmReject') : t('approvals.dialog.confirmApprove')}
      busyLabel={t('approvals.dialog.working')}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {rejecting && (
        <ReasonField
          id={`${id}-reason`}
          label={t('approvals.dialog.reason')}
          hint={t('approvals.dialog.reasonHint', { min: REASON_MIN })}
          error={reasonInvalid ? t('approvals.dialog.reasonRequired', { min: REASON_MIN }) : undefined}
          required
          value={reason}
          onValue={onReason}
        />
      )}
      {failure && (
        <FailureAlert failure={failure}>
          <p>{t('approvals.dialog.failed')}</p>
        </FailureAlert>
      )}
    </ConfirmDialog>
  );
}
