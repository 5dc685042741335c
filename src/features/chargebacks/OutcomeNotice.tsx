import type { TFunction } from '../../i18n/translator';
import { useQueue } from '../../ui/list/use-queue';
import { SuccessNotice } from '../../ui/SuccessNotice';
import { CHARGEBACK_MESSAGES_KEY as K } from './messages';
import type { ChargebackListActor } from './chargeback-labels';

/** What became of the last decision sent from the list. */
export function OutcomeNotice({ actor, t }: { actor: ChargebackListActor; t: TFunction }) {
  const { outcome } = useQueue(actor);
  if (!outcome) return null;
  return (
    <SuccessNotice onDismiss={() => actor.send({ type: 'outcome.dismiss' })}>
      <p data-testid="chargeback-outcome">
        {outcome.decision === 'approve'
          ? t(`${K}.outcome.approved`, { reference: outcome.reference, reversal: outcome.reversalReference })
          : t(`${K}.outcome.rejected`, { reference: outcome.reference })}
      </p>
    </SuccessNotice>
  );
}
