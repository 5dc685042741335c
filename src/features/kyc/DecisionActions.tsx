import { Link } from '@tanstack/react-router';
import { CircleCheck, CircleX, FileUp, MessageSquareWarning } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import type { KycAccountDetail } from '../../../contract/api/kyc';
import type { Language } from '../../i18n';
import { decisionTitle, documentTitle } from '../../ui/kyc-labels';

const BUTTON = 'inline-flex h-10 items-center gap-1.5 rounded-md px-3 text-sm font-semibold';

const DECISION_BUTTONS = [
  { decision: 'approve', Icon: CircleCheck, className: 'bg-success text-inverse hover:brightness-90' },
  {
    decision: 'reject',
    Icon: CircleX,
    className: 'border border-danger-line bg-raised text-danger hover:bg-danger-soft',
  },
  {
    decision: 'more_documents',
    Icon: MessageSquareWarning,
    className: 'border border-edge bg-raised text-ink hover:bg-surface',
  },
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
          ({ decision, Icon, className }) => (
            <button key={decision} type="button" onClick={() => onStart(decision)} className={`${BUTTON} ${className}`}>
              <Icon size={16} aria-hidden />
              {decisionTitle(decision, lang)}
            </button>
          ),
        )}
      {canUpload && (
        <Link
          to="/upload-document"
          search={{ account: detail.account.number } as never}
          className={`${BUTTON} border border-edge bg-raised text-ink hover:bg-surface`}
        >
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
