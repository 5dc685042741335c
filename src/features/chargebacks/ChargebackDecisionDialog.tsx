import type { TFunction } from '../../i18n/translator';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { FailureAlert } from '../../ui/parts';
import { ConfirmDialog, ReasonField } from '../../ui/list/ConfirmDialog';
import { useQueue } from '../../ui/list/use-queue';
import { CHARGEBACK_MESSAGES_KEY as K } from './messages';
import { PostingsTable } from './PostingsTable';
import type { ChargebackListActor } from './chargeback-labels';
import { REASON_MIN } from '../../../contract/reasons';

/** The checker confirms an approval (with what it will post) or a rejection, with a reason either way. */
export function ChargebackDecisionDialog({
  actor,
  t,
  lang,
}: {
  actor: ChargebackListActor;
  t: TFunction;
  lang: Language;
}) {
  const { pending, reason, reasonInvalid, decisionFailure: failure, deciding: busy } = useQueue(actor);
  const approving = pending?.decision === 'approve';
  const row = pending?.rows[0];
  const tx = row?.original;
  return (
    <ConfirmDialog
      open={pending !== null}
      busy={busy}
      wide
      title={approving ? t(`${K}.dialog.approveTitle`) : t(`${K}.dialog.rejectTitle`)}
      description={
        tx &&
        (approving
          ? t(tx.fee > 0 || tx.commission > 0 ? `${K}.dialog.approveWarningFee` : `${K}.dialog.approveWarning`, {
              amount: formatXof(tx.amount, lang),
              from: tx.from?.name ?? t(`${K}.tx.none`),
              to: tx.to?.name ?? t(`${K}.tx.none`),
            })
          : t(`${K}.dialog.rejectNote`))
      }
      cancelLabel={t(`${K}.dialog.cancel`)}
      confirmLabel={approving ? t(`${K}.dialog.confirmApprove`) : t(`${K}.dialog.confirmReject`)}
      busyLabel={t(`${K}.dialog.working`)}
      confirmVariant={approving ? 'approve' : 'danger'}
      onCancel={() => actor.send({ type: 'decision.cancel' })}
      onConfirm={() => actor.send({ type: 'decision.confirm' })}
    >
      {row && tx && (
        <>
          <p className="text-sm font-medium text-ink tabular-nums">
            {tx.reference} · {formatXof(tx.amount, lang)}
          </p>
          <p className="text-sm text-ink">{t(`${K}.dialog.asked`, { maker: row.maker, reason: row.reason })}</p>
          {approving && <PostingsTable tx={tx} t={t} lang={lang} />}
          {failure && <FailureAlert failure={failure} />}
          <ReasonField
            id="chargeback-decision-reason"
            label={t(`${K}.dialog.reason`)}
            error={reasonInvalid ? t(`${K}.dialog.reasonProblem`, { min: REASON_MIN }) : undefined}
            value={reason}
            onValue={(text) => actor.send({ type: 'reason.change', reason: text })}
          />
        </>
      )}
    </ConfirmDialog>
  );
}
