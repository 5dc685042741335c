import { MessageSquareWarning } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import type { KycAccountDetail } from '../../../contract/api/kyc';
import { formatDateTime } from '../../ui/values';
import { decisionOutcome } from '../../ui/kyc-labels';

/** Why the last reviewer held the account back: the next reviewer reads it first. */
export function LatestConcern({ detail }: { detail: KycAccountDetail }) {
  const { t } = useTranslation();
  const last = detail.decisions[0];
  if (!last || last.decision === 'approve') return null;
  return (
    <section
      aria-label={t('kyc.detail.lastDecision')}
      data-testid="latest-concern"
      className="flex items-start gap-3 rounded-lg border border-warning-line bg-warning-soft p-4 text-sm text-warning"
    >
      <MessageSquareWarning size={18} aria-hidden className="mt-0.5 shrink-0" />
      <div>
        <p className="font-semibold">
          {t('kyc.detail.lastDecisionBy', {
            decision: decisionOutcome(t, last.decision),
            who: last.reviewer,
            when: formatDateTime(last.at),
          })}
        </p>
        {last.reason && <p className="mt-1">“{last.reason}”</p>}
      </div>
    </section>
  );
}
