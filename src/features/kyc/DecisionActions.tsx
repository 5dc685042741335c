import { Link } from '@tanstack/react-router';
import { CircleCheck, CircleX, FileUp, MessageSquareWarning, SkipForward } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import type { KycAccountDetail } from '../../../contract/api/kyc';
import type { KycDecision } from '../../../contract/kyc';
import type { Language } from '../../i18n';
import { Button } from '../../ui/Button';
import { decisionTitle, documentTitle } from '../../ui/kyc-labels';
import { SECONDARY_BUTTON } from '../../ui/parts';

const DECISION_BUTTONS = [
  { decision: 'approve', Icon: CircleCheck, variant: 'approve' },
  { decision: 'reject', Icon: CircleX, variant: 'reject' },
  { decision: 'more_documents', Icon: MessageSquareWarning, variant: 'secondary' },
] as const;

/**
 * The decisions the review machine offers (approve only when nothing blocks it, and why not; "approve
 * and next" to go on through the queue), and a way to upload a document. A bar held at the foot
 * of the screen: the reviewer decides while looking at the documents, never scrolling back up.
 */
export function DecisionActions({
  detail,
  offered,
  lang,
  onStart,
}: {
  detail: KycAccountDetail;
  /** What the review machine would start: the buttons never offer what its guard refuses. */
  offered: readonly KycDecision[];
  lang: Language;
  onStart: (decision: KycDecision, andNext?: boolean) => void;
}) {
  const { t } = useTranslation();
  const { canDecide, canApprove, canUpload } = detail.permissions;
  if (!canDecide && !canUpload) return null;
  const missing = detail.missingDocuments;
  // Why approval is not offered, said only while the account still waits for it: once it is
  // decided, "another reviewer must approve it" would contradict the status beside it.
  const blocked = canDecide && !canApprove && detail.account.kycStatus === 'pending';
  return (
    <section
      aria-label={t('kyc.detail.actions')}
      data-testid="decision-bar"
      className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center gap-2 rounded-t-lg border-t border-line bg-raised/95 p-2 shadow-lg backdrop-blur-sm sm:-mx-2 sm:px-3"
    >
      {offered.includes('approve') && (
        <Button variant="approve" size="sm" onClick={() => onStart('approve', true)}>
          <SkipForward size={16} aria-hidden />
          {t('kyc.detail.approveAndNext')}
        </Button>
      )}
      {DECISION_BUTTONS.filter(({ decision }) => offered.includes(decision)).map(({ decision, Icon, variant }) => (
        <Button
          key={decision}
          size="sm"
          variant={decision === 'approve' ? 'secondary' : variant}
          onClick={() => onStart(decision)}
        >
          <Icon size={16} aria-hidden />
          {decisionTitle(decision, lang)}
        </Button>
      ))}
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
