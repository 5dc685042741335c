import { useTranslation } from '../../i18n/react';
import type { KycDecisionView } from '../../../contract/api/kyc';
import { formatDateTime } from '../../ui/values';
import { decisionOutcome } from '../../ui/kyc-labels';
import { H3, SECTION } from './review-view';

/** Past decisions on the account, newest first. */
export function DecisionHistory({ decisions }: { decisions: KycDecisionView[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="kyc-history" className={SECTION}>
      <h3 id="kyc-history" className={H3}>
        {t('kyc.detail.history')}
      </h3>
      {decisions.length === 0 ? (
        <p className="text-sm text-muted">{t('kyc.detail.noHistory')}</p>
      ) : (
        <ol className="space-y-3" data-testid="decision-history">
          {decisions.map((d) => (
            <li key={d.id} className="border-l-2 border-line pl-3 text-sm">
              <p className="font-medium text-ink">
                {decisionOutcome(t, d.decision)}
                <span className="font-normal text-muted">
                  {' '}
                  · {d.reviewer} · {formatDateTime(d.at)}
                </span>
              </p>
              {d.reason && <p className="text-ink">“{d.reason}”</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
