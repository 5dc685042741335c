/**
 * The detail view of one account under review: identity, account status and what KYC lets it
 * do, documents side by side, the decision history (newest first) and, for a caller who may
 * decide, the decisions in a bar held in view. It shows the review machine it is given (AccountReview assembles it
 * with the API; the catalogue with fixtures).
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import type { Language } from '../../i18n';
import { Badge, valueLabel } from '../../ui/values';
import { FailureRetry } from '../../ui/list/ListFrame';
import { AccountHeading } from './AccountHeading';
import { HeldByNote } from '../../ui/HeldByNote';
import type { FetchContent } from './DocumentCard';
import { KycDecisionDialog } from './KycDecisionDialog';
import { accountStatusLabel, kycStatusLabel } from '../../ui/kyc-labels';
import {
  type ReviewActor,
  sameDecisions,
  selectDecisionFailure,
  selectDecisionsOffered,
  selectDetail,
  selectDialogDecision,
  selectIsDeciding,
  selectIsLoading,
  selectLoadFailure,
  selectReason,
  selectReasonProblem,
} from './review-machine';
import { AccountFacts } from './AccountFacts';
import { approvalEffect } from './approval-effect';
import { DecisionActions } from './DecisionActions';
import { DecisionHistory } from './DecisionHistory';
import { IdentityFacts } from './IdentityFacts';
import { LatestConcern } from './LatestConcern';
import { ReviewDocuments } from './ReviewDocuments';

export function AccountReviewView({
  actor,
  fetchContent,
  number,
  lang,
  backSearch,
  pathname,
  heldBy = [],
}: {
  actor: ReviewActor;
  /** The bytes of a document, fetched only when the reviewer opens it. */
  fetchContent: FetchContent;
  number: string;
  lang: Language;
  /** The list's URL search, to go back to the same page of the same filters. */
  backSearch: Record<string, string | number>;
  pathname: string;
  /** Who else has this case open right now. */
  heldBy?: readonly string[];
}) {
  const { t } = useTranslation();
  const detail = useSelector(actor, selectDetail);
  const loading = useSelector(actor, selectIsLoading);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const dialogDecision = useSelector(actor, selectDialogDecision);
  const reason = useSelector(actor, selectReason);
  const reasonProblem = useSelector(actor, selectReasonProblem);
  const decisionFailure = useSelector(actor, selectDecisionFailure);
  const deciding = useSelector(actor, selectIsDeciding);
  const offered = useSelector(actor, selectDecisionsOffered, sameDecisions);

  return (
    <div className="space-y-4">
      <Link
        to={pathname}
        search={backSearch as never}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-accent hover:underline"
      >
        <ArrowLeft size={16} aria-hidden />
        {t('kyc.detail.back')}
      </Link>
      {loading && (
        <p role="status" className="text-sm text-muted">
          {t('kyc.detail.loading', { number })}
        </p>
      )}
      {loadFailure && (
        <FailureRetry
          failure={loadFailure}
          retryLabel={t('kyc.detail.retry')}
          onRetry={() => actor.send({ type: 'account.retry' })}
        />
      )}
      {detail && (
        <article aria-labelledby="kyc-account-title" className="space-y-4">
          <header className="flex flex-wrap items-start justify-between gap-3">
            <AccountHeading
              id="kyc-account-title"
              number={detail.account.number}
              label={detail.account.label}
              details={[detail.account.number, valueLabel(t, 'kinds', detail.account.kind), detail.account.phone]
                .filter(Boolean)
                .join(' · ')}
              large
            />
            <div className="flex flex-wrap gap-2">
              <Badge
                value={detail.account.kycStatus}
                label={t('kyc.detail.kycBadge', { status: kycStatusLabel(t, detail.account.kycStatus) })}
              />
              <Badge value={detail.account.status} label={accountStatusLabel(t, detail.account.status)} />
            </div>
          </header>
          <HeldByNote names={heldBy} />
          <LatestConcern detail={detail} />
          <div className="grid gap-4 lg:grid-cols-2">
            <AccountFacts detail={detail} lang={lang} />
            <IdentityFacts detail={detail} lang={lang} />
          </div>
          <ReviewDocuments detail={detail} lang={lang} fetchContent={fetchContent} />
          <DecisionHistory decisions={detail.decisions} />
          <DecisionActions
            detail={detail}
            offered={offered}
            lang={lang}
            onStart={(decision, andNext) => actor.send({ type: 'decision.start', decision, andNext })}
          />
        </article>
      )}
      <KycDecisionDialog
        decision={dialogDecision}
        accountLabel={detail?.account.label ?? number}
        approveEffect={detail ? approvalEffect(t, detail, lang) : ''}
        reason={reason}
        reasonProblem={reasonProblem}
        failure={decisionFailure}
        busy={deciding}
        lang={lang}
        onReason={(text) => actor.send({ type: 'reason.change', reason: text })}
        onCancel={() => actor.send({ type: 'decision.cancel' })}
        onConfirm={() => {
          actor.send({ type: 'decision.confirm' });
          return actor.getSnapshot().context.reasonProblem === null;
        }}
      />
    </div>
  );
}
