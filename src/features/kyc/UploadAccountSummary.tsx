import type { KycAccountDetail } from '../../../contract/api/kyc';
import type { Language } from '../../i18n';
import { useTranslation } from '../../i18n/react';
import { kycStatusLabel } from '../../ui/kyc-labels';
import { Button } from '../../ui/Button';
import { Badge } from '../../ui/values';
import { AccountHeading } from './AccountHeading';
import { RequiredDocuments } from './DocumentViewer';

/** The account documents are being added to, what it still lacks, and a way back to the search. */
export function UploadAccountSummary({
  id,
  account,
  lang,
  uploading,
  onChangeAccount,
}: {
  id: string;
  account: KycAccountDetail;
  lang: Language;
  uploading: boolean;
  onChangeAccount: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-line bg-raised p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <AccountHeading
          id={id}
          number={account.account.number}
          label={account.account.label}
          details={[account.account.number, account.account.phone].filter(Boolean).join(' · ')}
        />
        <div className="flex items-center gap-2">
          <Badge
            value={account.account.kycStatus}
            label={t('kyc.detail.kycBadge', { status: kycStatusLabel(t, account.account.kycStatus) })}
          />
          <Button variant="link" disabled={uploading} onClick={onChangeAccount}>
            {t('kyc.upload.otherAccount')}
          </Button>
        </div>
      </div>
      <RequiredDocuments
        required={account.requiredDocuments}
        documents={account.documents}
        lang={lang}
        className="mt-3"
      />
    </section>
  );
}
