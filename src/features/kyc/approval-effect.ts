import type { TFunction } from '../../i18n/translator';
import type { KycAccountDetail } from '../../../contract/api/kyc';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { accountStatusLabel } from '../../ui/kyc-labels';

/**
 * What approving this account does, in the words of the API's own forecast (`afterApproval`):
 * activated, able to move money within its limit, or what still stops it once approved.
 */
export function approvalEffect(t: TFunction, detail: KycAccountDetail, lang: Language): string {
  const after = detail.afterApproval;
  if (!after.canTransact) {
    return t('kyc.decision.approveEffect.remains', {
      status: accountStatusLabel(t, after.status).toLocaleLowerCase(lang),
    });
  }
  const limit =
    after.dailyLimit === null
      ? t('kyc.decision.approveEffect.noLimit')
      : t('kyc.decision.approveEffect.daily', { amount: formatXof(after.dailyLimit, lang) });
  const activates = after.status !== detail.account.status;
  return t(activates ? 'kyc.decision.approveEffect.activates' : 'kyc.decision.approveEffect.mayMove', { limit });
}
