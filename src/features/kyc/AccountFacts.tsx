import { useTranslation } from '../../i18n/react';
import type { KycAccountDetail } from '../../../contract/api/kyc';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { formatDateTime } from '../../ui/values';
import { Fact, Facts } from '../../ui/parts';
import { accountStatusLabel, kycStatusLabel } from '../../ui/kyc-labels';
import { H3, SECTION } from './review-view';

/** The account itself: statuses, dates, parent, and what KYC lets it do. */
export function AccountFacts({ detail, lang }: { detail: KycAccountDetail; lang: Language }) {
  const { t } = useTranslation();
  const { account } = detail;
  const { limits } = account;
  return (
    <section aria-labelledby="kyc-account-facts" className={SECTION}>
      <h3 id="kyc-account-facts" className={H3}>
        {t('kyc.detail.account')}
      </h3>
      <Facts>
        <Fact label={t('kyc.detail.accountStatus')}>{accountStatusLabel(t, account.status)}</Fact>
        <Fact label={t('kyc.detail.kycStatus')}>{kycStatusLabel(t, account.kycStatus)}</Fact>
        <Fact label={t('kyc.detail.pinStatus')}>{t(`reports.values.pin.${account.pinStatus}`, account.pinStatus)}</Fact>
        <Fact label={t('kyc.detail.region')}>{account.region ?? '—'}</Fact>
        <Fact label={t('kyc.detail.opened')}>{formatDateTime(account.createdAt)}</Fact>
        <Fact label={t('kyc.detail.activated')}>
          {account.activatedAt ? formatDateTime(account.activatedAt) : t('kyc.detail.notYet')}
        </Fact>
        {account.parent && (
          <Fact label={t('kyc.detail.parent')}>
            {account.parent.label} ({account.parent.number})
          </Fact>
        )}
        <Fact label={t('kyc.detail.canTransact')}>
          <span data-testid="can-transact">{limits.canTransact ? t('kyc.detail.yes') : t('kyc.detail.no')}</span>
        </Fact>
        <Fact label={t('kyc.detail.dailyLimit')}>
          <span data-testid="daily-limit">
            {limits.dailyLimit === null ? t('kyc.detail.noLimit') : formatXof(limits.dailyLimit, lang)}
          </span>
        </Fact>
      </Facts>
      <p className="mt-2 text-sm text-muted">{limits.explanation[lang]}</p>
    </section>
  );
}
