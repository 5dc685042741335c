import { Link } from '@tanstack/react-router';
import { CircleCheck, CircleX, FileUp, MessageSquareWarning } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import type { KycAccountDetail } from '../../../contract/api/kyc';
import type { Language } from '../../i18n';
import { Button } from '../../ui/Button';
import { decisionTitle, documentTitle } from '../../ui/kyc-labels';
import { SECONDARY_BUTTON } from '../../ui/parts';

const DECISION_BUTTONS = [
  { decision: 'approve', Icon: CircleCheck, variant: 'approve' },
  { decision: 'reject', Icon: CircleX, variant: 'reject' },
  { decision: 'more_documents', Icon: MessageSquareWarning, variant: 'secondary' },
] as const;

/** The decisions the caller may take (approve only when nothing blocks it, and why not), and a way to upload a document. */
export function DecisionActions({
  detail,
  lang,
  onStart,
}: {
  detail: KycAccountDetail;
  lang: Language;
  onStart: (decision: 'approve' | 'reject' | 'more_documents') => void;
}) {
  const { t } = useTranslation();
  const { canDecide, canApprove, canUpload } = detail.permissions;
  if (!canDecide && !canUpload) return null;
  const missing = detail.missingDocuments;
  // Why approval is not offered, said only while the account still waits for it: once it is
  // decided, "another reviewer must approve it" would contradict the status beside it.
  const blocked = canDecide && !canApprove && detail.account.kycStatus === 'pending';
  return (
    <section aria-label={t('kyc.detail.actions')} className="flex flex-wrap items-center gap-2">
      {canDecide &&
        DECISION_BUTTONS.filter(({ decision }) => decision !== 'approve' || canApprove).map(
          ({ decision, Icon, variant }) => (
            <Button key={decision} variant={variant} onClick={() => onStart(decision)}>
              <Icon size={16} aria-hidden />
              {decisionTitle(decision, lang)}
            </Button>
          ),
        )}
      {canUpload && (
        <Link to="/upload-document" search={{ account: detail.account.number } as never} className={SECONDARY_BUTTON}>
          <FileUp size={16} aria-hidden />
          {t('kyc.detail.upload')}
        </Link>
      )}
      {blocked && (
        <p className="w-full text-sm text-muted" data-testid="approve-blocked">
          {missing.length > 0
            ? t('kyc.detail.approveNeedsDocuments', {
                documents: missing.map((d) => documentTitle(d, lang)).join(', '),
              })
            : t('kyc.detail.approveNotYours')}
        </p>
      )}
    </section>
  );
}
