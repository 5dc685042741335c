/**
 * The detail view of one account under review: identity, account status and what KYC lets it
 * do, documents in place, the decision history (newest first) and, for a caller who may
 * decide, the decisions. The review machine is assembled here with the API and the toasts.
 */
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { ArrowLeft } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { fromPromise } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import type { Language } from '../../i18n';
import { Badge, valueLabel } from '../../ui/values';
import { FailureRetry } from '../../ui/list/ListFrame';
import { AccountHeading } from './AccountHeading';
import { kycApi } from './kyc-api';
import { KycDecisionDialog } from './KycDecisionDialog';
import { accountStatusLabel, kycStatusLabel } from '../../ui/kyc-labels';
import {
  reviewMachine,
  selectDecisionFailure,
  selectDetail,
  selectDialogDecision,
  selectIsDeciding,
  selectIsLoading,
  selectLoadFailure,
  selectReason,
  selectReasonProblem,
} from './review-machine';
import { AccountFacts } from './AccountFacts';
import { DecisionActions } from './DecisionActions';
import { DecisionHistory } from './DecisionHistory';
import { IdentityFacts } from './IdentityFacts';
import { LatestConcern } from './LatestConcern';
import { ReviewDocuments } from './ReviewDocuments';

export function AccountReview({
  number,
  lang,
  backSearch,
  pathname,
  onDecided,
}: {
  number: string;
  lang: Language;
  /** The list's URL search, to go back to the same page of the same filters. */
  backSearch: Record<string, string | number>;
  pathname: string;
  onDecided: () => void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const api = useMemo(() => kycApi(services.api), [services.api]);
  const onDecidedRef = useRef(onDecided);
  onDecidedRef.current = onDecided;
  const actor = useActorRef(
    reviewMachine.provide({
      actors: {
        loadAccount: fromPromise(({ input, signal }) => api.account(input.number, signal)),
        decide: fromPromise(({ input }) => api.decide(input.number, input.body)),
      },
      actions: {
        // The i18n instance, not the render's `t`: the language may change while the request runs.
        announceDecision: (_, { decision, ...said }) =>
          services.notifications.notify(services.i18n.t(`kyc.decision.done.${decision}`, said)),
        listChanged: () => onDecidedRef.current(),
      },
    }),
    { input: { number } },
  );
  const detail = useSelector(actor, selectDetail);
  const loading = useSelector(actor, selectIsLoading);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const dialogDecision = useSelector(actor, selectDialogDecision);
  const reason = useSelector(actor, selectReason);
  const reasonProblem = useSelector(actor, selectReasonProblem);
  const decisionFailure = useSelector(actor, selectDecisionFailure);
  const deciding = useSelector(actor, selectIsDeciding);

  return (
    <div className="space-y-4">
      <Link
        to={pathname}
        search={backSearch as never}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
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
          <LatestConcern detail={detail} />
          <DecisionActions
            detail={detail}
            lang={lang}
            onStart={(decision) => actor.send({ type: 'decision.start', decision })}
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <AccountFacts detail={detail} lang={lang} />
            <IdentityFacts detail={detail} lang={lang} />
          </div>
          <ReviewDocuments detail={detail} lang={lang} fetchContent={api.content} />
          <DecisionHistory decisions={detail.decisions} />
        </article>
      )}
      <KycDecisionDialog
        decision={dialogDecision}
        accountLabel={detail?.account.label ?? number}
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
