/**
 * The detail view of one account under review: identity, account status and what KYC lets it
 * do, documents in place, the decision history (newest first) and, for a caller who may
 * decide, the decisions. The review machine is assembled here with the API and the toasts.
 */
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { ArrowLeft, CircleCheck, CircleX, FileUp, MessageSquareWarning } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { fromPromise } from 'xstate';
import type { KycAccountDetail, KycDecisionView } from '../../../contract/kyc';
import { BUSINESS_CATEGORY_TITLES, COMMISSION_PLAN_TITLES, STUDENT_LEVEL_TITLES } from '../../../contract/registration';
import type { Text } from '../../../contract/reports';
import { useServices } from '../../app/ServicesContext';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { Badge, formatDateTime, formatDay } from '../../ui/values';
import { Fact, Facts } from '../../ui/parts';
import { FailureRetry } from '../../ui/list/ListFrame';
import { AccountHeading } from './AccountHeading';
import { DocumentList, RequiredDocuments } from './DocumentViewer';
import { kycApi } from '../../api/kyc-api';
import { KycDecisionDialog } from './KycDecisionDialog';
import { accountStatusLabel, decisionOutcome, decisionTitle, documentTitle, kycStatusLabel } from '../../ui/kyc-labels';
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

/** A code's title from one of the contract's tables, or the code itself when the table lacks it. */
function titleOf(titles: Record<string, Text>, code: string | null, lang: Language): string | null {
  if (!code) return null;
  return titles[code]?.[lang] ?? code;
}

const BUTTON = 'inline-flex h-10 items-center gap-1.5 rounded-md px-3 text-sm font-semibold';
const DECISION_BUTTONS = [
  { decision: 'approve', Icon: CircleCheck, className: 'bg-emerald-700 text-white hover:bg-emerald-800' },
  { decision: 'reject', Icon: CircleX, className: 'border border-red-300 bg-white text-red-700 hover:bg-red-50' },
  {
    decision: 'more_documents',
    Icon: MessageSquareWarning,
    className: 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
  },
] as const;

const SECTION = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
const H3 = 'mb-2 text-base font-semibold text-slate-900';

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
        announceDecision: (_, { decision, number: accountNumber }) =>
          services.notifications.notify(services.i18n.t(`kyc.decision.done.${decision}`, { number: accountNumber })),
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
        <p role="status" className="text-sm text-slate-500">
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
              details={[detail.account.number, t(`reports.values.kinds.${detail.account.kind}`), detail.account.phone]
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
          <Documents detail={detail} lang={lang} fetchContent={api.content} />
          <History decisions={detail.decisions} />
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

/** Why the last reviewer held the account back: the next reviewer reads it first. */
function LatestConcern({ detail }: { detail: KycAccountDetail }) {
  const { t } = useTranslation();
  const last = detail.decisions[0];
  if (!last || last.decision === 'approve') return null;
  return (
    <section
      aria-label={t('kyc.detail.lastDecision')}
      data-testid="latest-concern"
      className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <MessageSquareWarning size={18} aria-hidden className="mt-0.5 shrink-0" />
      <div>
        <p className="font-semibold">
          {t('kyc.detail.lastDecisionBy', {
            decision: decisionOutcome(t, last.decision),
            who: last.reviewer,
            when: formatDateTime(last.at),
          })}
        </p>
        {last.reason && <p className="mt-1">“{last.reason}”</p>}
      </div>
    </section>
  );
}

function DecisionActions({
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
          className={`${BUTTON} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        >
          <FileUp size={16} aria-hidden />
          {t('kyc.detail.upload')}
        </Link>
      )}
      {canDecide && !canApprove && (
        <p className="w-full text-sm text-slate-600" data-testid="approve-blocked">
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

function AccountFacts({ detail, lang }: { detail: KycAccountDetail; lang: Language }) {
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
      <p className="mt-2 text-sm text-slate-600">{limits.explanation[lang]}</p>
    </section>
  );
}

function IdentityFacts({ detail, lang }: { detail: KycAccountDetail; lang: Language }) {
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
        <p className="text-sm text-slate-600">{t('kyc.detail.noIdentity')}</p>
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
          <h4 className="mt-4 mb-1 text-sm font-semibold text-slate-900">{t('kyc.detail.student')}</h4>
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

function Documents({
  detail,
  lang,
  fetchContent,
}: {
  detail: KycAccountDetail;
  lang: Language;
  fetchContent: (url: string, signal?: AbortSignal) => Promise<Blob>;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="kyc-documents" className={SECTION}>
      <h3 id="kyc-documents" className={H3}>
        {t('kyc.detail.documents')}
      </h3>
      <RequiredDocuments
        required={detail.requiredDocuments}
        documents={detail.documents}
        lang={lang}
        className="mb-3"
      />
      <DocumentList documents={detail.documents} lang={lang} fetchContent={fetchContent} />
    </section>
  );
}

function History({ decisions }: { decisions: KycDecisionView[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="kyc-history" className={SECTION}>
      <h3 id="kyc-history" className={H3}>
        {t('kyc.detail.history')}
      </h3>
      {decisions.length === 0 ? (
        <p className="text-sm text-slate-600">{t('kyc.detail.noHistory')}</p>
      ) : (
        <ol className="space-y-3" data-testid="decision-history">
          {decisions.map((d) => (
            <li key={d.id} className="border-l-2 border-slate-200 pl-3 text-sm">
              <p className="font-medium text-slate-900">
                {decisionOutcome(t, d.decision)}
                <span className="font-normal text-slate-600">
                  {' '}
                  · {d.reviewer} · {formatDateTime(d.at)}
                </span>
              </p>
              {d.reason && <p className="text-slate-700">“{d.reason}”</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
