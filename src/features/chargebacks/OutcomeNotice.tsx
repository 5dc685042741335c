import type { TFunction } from '../../i18n/translator';
import { CircleCheck, X } from 'lucide-react';
import { useQueue } from '../../ui/list/use-queue';
import { CHARGEBACK_MESSAGES_KEY as K } from './messages';
import type { ChargebackListActor } from './chargeback-labels';

/** What became of the last decision sent from the list. */
export function OutcomeNotice({ actor, t }: { actor: ChargebackListActor; t: TFunction }) {
  const { outcome } = useQueue(actor);
  if (!outcome) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-success-line bg-success-soft p-3 text-sm text-success"
    >
      <CircleCheck size={18} aria-hidden className="mt-0.5 shrink-0" />
      <p className="flex-1" data-testid="chargeback-outcome">
        {outcome.decision === 'approve'
          ? t(`${K}.outcome.approved`, { reference: outcome.reference, reversal: outcome.reversalReference })
          : t(`${K}.outcome.rejected`, { reference: outcome.reference })}
      </p>
      <button
        type="button"
        aria-label={t('common.dismiss')}
        onClick={() => actor.send({ type: 'outcome.dismiss' })}
        className="rounded p-0.5 hover:bg-success-soft"
      >
        <X size={16} aria-hidden />
      </button>
    </div>
  );
}
