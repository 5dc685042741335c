import { useTranslation } from '../../i18n/react';
import type { KycAccountDetail } from '../../../contract/api/kyc';
import { BUSINESS_CATEGORY_TITLES, COMMISSION_PLAN_TITLES } from '../../../contract/registration';
import { STUDENT_LEVEL_TITLES } from '../../../contract/students';
import type { Text } from '../../../contract/text';
import type { Language } from '../../i18n';
import { formatDay } from '../../i18n/format';
import { formatDateTime } from '../../ui/values';
import { Fact, Facts } from '../../ui/parts';
import { H3, SECTION } from './review-view';

/** A code's title from one of the contract's tables, or the code itself when the table lacks it. */
function titleOf(titles: Record<string, Text>, code: string | null, lang: Language): string | null {
  if (!code) return null;
  return titles[code]?.[lang] ?? code;
}

/** Who holds the account, as registered. */
export function IdentityFacts({ detail, lang }: { detail: KycAccountDetail; lang: Language }) {
  const { t } = useTranslation();
  const { identity, student } = detail;
  const fact = (label: string, value: string | null | undefined) =>
    value ? (
      <Fact key={label} label={label}>
        {value}
      </Fact>
    ) : null;
  return (
    <section aria-labelledby="kyc-identity" className={SECTION}>
      <h3 id="kyc-identity" className={H3}>
        {t('kyc.detail.identity')}
      </h3>
      {!identity ? (
        <p className="text-sm text-muted">{t('kyc.detail.noIdentity')}</p>
      ) : (
        <Facts>
          {fact(t('kyc.detail.firstName'), identity.firstName)}
          {fact(t('kyc.detail.lastName'), identity.lastName)}
          {fact(t('kyc.detail.birthDate'), identity.birthDate ? formatDay(identity.birthDate) : null)}
          {fact(t('kyc.detail.gender'), identity.gender ? t(`kyc.detail.genders.${identity.gender}`) : null)}
          {fact(t('kyc.detail.nationalId'), identity.nationalId)}
          {fact(t('kyc.detail.email'), identity.email)}
          {fact(
            t('kyc.detail.address'),
            [identity.street, identity.city, identity.region].filter(Boolean).join(', ') || null,
          )}
          {fact(t('kyc.detail.businessName'), identity.businessName)}
          {fact(t('kyc.detail.businessCategory'), titleOf(BUSINESS_CATEGORY_TITLES, identity.businessCategory, lang))}
          {fact(t('kyc.detail.companyName'), identity.companyName)}
          {fact(t('kyc.detail.contactPerson'), identity.contactPerson)}
          {fact('NINEA', identity.ninea)}
          {fact(t('kyc.detail.commissionPlan'), titleOf(COMMISSION_PLAN_TITLES, identity.commissionPlan, lang))}
          {fact(
            t('kyc.detail.settlementBank'),
            identity.settlementBank ? `${identity.settlementBank.name} (${identity.settlementBank.code})` : null,
          )}
          {fact(
            t('kyc.detail.enrollingAgent'),
            identity.enrollingAgent ? `${identity.enrollingAgent.label} (${identity.enrollingAgent.number})` : null,
          )}
          {fact(
            t('kyc.detail.registered'),
            t('kyc.detail.registeredBy', {
              when: formatDateTime(identity.registeredAt),
              who: identity.registeredBy ?? '—',
            }),
          )}
        </Facts>
      )}
      {student && (
        <>
          <h4 className="mt-4 mb-1 text-sm font-semibold text-ink">{t('kyc.detail.student')}</h4>
          <Facts>
            {fact(t('students.fields.school'), student.school)}
            {fact(t('students.fields.level'), titleOf(STUDENT_LEVEL_TITLES, student.level, lang))}
            {fact(t('students.fields.guardianPhone'), student.guardianPhone)}
            {fact(t('kyc.detail.onboardedBy'), student.onboardedBy)}
          </Facts>
        </>
      )}
    </section>
  );
}
