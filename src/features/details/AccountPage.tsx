/**
 * /accounts/$number: one account as the user's reports list it: holder, balance and status
 * first, then what KYC allows, the transactions newest first (only those the user's reports
 * list), registration, documents, KYC decisions, migrations and QR codes.
 */
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { ShieldCheck } from 'lucide-react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { AccountDetail } from '../../../contract/details';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { usePageMessages } from '../../i18n/page-messages';
import type { TFunction } from '../../i18n/translator';
import { PageFrame } from '../../ui/PageFrame';
import { accountPath, DetailLink, transactionPath } from '../../ui/detail-links';
import type { HostedPageProps } from '../../ui/hosted-page';
import { Button } from '../../ui/Button';
import { Fact, Facts, SECONDARY_BUTTON } from '../../ui/parts';
import { decisionOutcome } from '../../ui/kyc-labels';
import { Badge, formatDateTime, valueLabel } from '../../ui/values';
import { createDetailMachine, selectBusy, selectDetail, selectFailure, selectMissing } from './detail-machine';
import { detailsApi } from './details-api';
import { Failed, Figure, Headline, Loading, Missing, Section, Table } from './DetailParts';
import { DETAIL_MESSAGES, DETAIL_MESSAGES_KEY as K } from './messages';

const accountMachine = createDetailMachine<AccountDetail>();

type History = AccountDetail['transactions'];

function Transactions({
  history,
  t,
  lang,
  busy,
  onPage,
}: {
  history: History;
  t: TFunction;
  lang: Language;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(history.total / history.pageSize));
  if (history.total === 0) return <p className="text-sm text-muted">{t(`${K}.account.noTransactions`)}</p>;
  return (
    <>
      <Table
        caption={t(`${K}.account.transactionsCaption`)}
        head={
          <tr>
            <th className="py-2 pr-3">{t(`${K}.account.transaction`)}</th>
            <th className="py-2 pr-3 text-right">{t(`${K}.tx.amount`)}</th>
            <th className="py-2 pr-3">{t(`${K}.tx.status`)}</th>
            <th className="py-2 pr-3">{t(`${K}.account.counterparty`)}</th>
            <th className="py-2">{t(`${K}.tx.type`)}</th>
          </tr>
        }
      >
        {history.rows.map((r) => (
          <tr key={r.reference}>
            <td className="py-2 pr-3 whitespace-nowrap">
              <DetailLink to={transactionPath(r.reference)}>{r.reference}</DetailLink>
              <span className="block text-xs text-muted tabular-nums">{formatDateTime(r.createdAt)}</span>
            </td>
            <td
              className={`py-2 pr-3 text-right font-medium whitespace-nowrap tabular-nums ${r.direction === 'in' ? 'text-success' : 'text-danger'}`}
            >
              {r.direction === 'in' ? '+' : '−'}
              {formatXof(r.amount, lang)}
            </td>
            <td className="py-2 pr-3">
              <Badge value={r.status} label={valueLabel(t, 'status', r.status)} />
            </td>
            <td className="py-2 pr-3">
              {r.counterparty ? (
                <DetailLink to={accountPath(r.counterparty.number)}>{r.counterparty.name}</DetailLink>
              ) : (
                t(`${K}.none`)
              )}
            </td>
            <td className="py-2">{valueLabel(t, 'types', r.type)}</td>
          </tr>
        ))}
      </Table>
      <nav className="mt-3 flex flex-wrap items-center gap-3 text-sm" aria-label={t(`${K}.account.transactions`)}>
        <Button variant="secondary" disabled={busy || history.page <= 1} onClick={() => onPage(history.page - 1)}>
          {t(`${K}.account.previous`)}
        </Button>
        <span className="tabular-nums">{t(`${K}.account.pageOf`, { page: history.page, pages })}</span>
        <Button variant="secondary" disabled={busy || history.page >= pages} onClick={() => onPage(history.page + 1)}>
          {t(`${K}.account.next`)}
        </Button>
      </nav>
    </>
  );
}

function Identity({ account, t, lang }: { account: AccountDetail; t: TFunction; lang: Language }) {
  const none = t(`${K}.none`);
  const date = (v: string | null) => (v ? formatDateTime(v) : none);
  return (
    <Section title={t(`${K}.account.holder`)}>
      <Facts>
        <Fact label={t(`${K}.account.phone`)}>{account.phone ?? none}</Fact>
        <Fact label={t(`${K}.account.kind`)}>{valueLabel(t, 'kinds', account.kind)}</Fact>
        <Fact label={t(`${K}.account.kyc`)}>
          <Badge value={account.kycStatus} label={valueLabel(t, 'kyc', account.kycStatus)} />
        </Fact>
        <Fact label={t(`${K}.account.limits`)}>
          {account.limits.explanation[lang]}{' '}
          <span className="tabular-nums">
            (
            {account.limits.dailyLimit === null
              ? t(`${K}.account.noLimit`)
              : `${t(`${K}.account.dailyLimit`)}: ${formatXof(account.limits.dailyLimit, lang)}`}
            )
          </span>
        </Fact>
        <Fact label={t(`${K}.account.pin`)}>{valueLabel(t, 'pin', account.pinStatus)}</Fact>
        {account.region && <Fact label={t(`${K}.account.region`)}>{account.region}</Fact>}
        {account.bank && <Fact label={t(`${K}.account.bank`)}>{account.bank}</Fact>}
        {account.network && <Fact label={t(`${K}.account.network`)}>{valueLabel(t, 'networks', account.network)}</Fact>}
        {account.parent && (
          <Fact label={t(`${K}.account.parent`)}>
            <DetailLink to={accountPath(account.parent.number)}>{account.parent.name}</DetailLink>
          </Fact>
        )}
        <Fact label={t(`${K}.account.registered`)}>{date(account.createdAt)}</Fact>
        <Fact label={t(`${K}.account.activated`)}>{date(account.activatedAt)}</Fact>
        <Fact label={t(`${K}.account.lastActivity`)}>{date(account.lastActivityAt)}</Fact>
      </Facts>
    </Section>
  );
}

function Records({ account, t, lang }: { account: AccountDetail; t: TFunction; lang: Language }) {
  const none = t(`${K}.none`);
  const reg = account.registration;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {reg && (
        <Section title={t(`${K}.account.registration`)}>
          <Facts>
            <Fact label={t(`${K}.account.name`)}>{`${reg.firstName} ${reg.lastName}`}</Fact>
            <Fact label={t(`${K}.account.nationalId`)}>{reg.nationalId ?? none}</Fact>
            <Fact label={t(`${K}.account.registeredBy`)}>
              {reg.registeredBy ?? none} · {formatDateTime(reg.registeredAt)}
            </Fact>
            {reg.enrollingAgent && (
              <Fact label={t(`${K}.account.enrollingAgent`)}>
                <DetailLink to={accountPath(reg.enrollingAgent.number)}>{reg.enrollingAgent.label}</DetailLink>
              </Fact>
            )}
          </Facts>
        </Section>
      )}
      <Section title={t(`${K}.account.documents`)}>
        {account.documents.length === 0 ? (
          <p className="text-sm text-muted">{t(`${K}.account.noDocuments`)}</p>
        ) : (
          <ul className="divide-y divide-line text-sm">
            {account.documents.map((d) => (
              <li key={d.id} className="py-2">
                <span className="font-medium">{valueLabel(t, 'documents', d.type)}</span> · {d.fileName}
                <span className="block text-xs text-muted">
                  {formatDateTime(d.createdAt)}
                  {d.uploadedBy ? ` · ${d.uploadedBy}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t(`${K}.account.decisions`)}>
        {account.kycDecisions.length === 0 ? (
          <p className="text-sm text-muted">{t(`${K}.account.noDecisions`)}</p>
        ) : (
          <ul className="divide-y divide-line text-sm">
            {account.kycDecisions.map((d) => (
              <li key={`${d.at}-${d.decision}`} className="py-2">
                <span className="font-medium">{decisionOutcome(t, d.decision)}</span> · {d.reviewer} ·{' '}
                {formatDateTime(d.at)}
                {d.reason && <span className="block text-muted">{d.reason}</span>}
              </li>
            ))}
          </ul>
        )}
      </Section>
      {account.migrations.length > 0 && (
        <Section title={t(`${K}.account.migrations`)}>
          <ul className="divide-y divide-line text-sm">
            {account.migrations.map((m) => (
              <li key={`${m.at}-${m.kind}`} className="py-2">
                {m.fromValue} → {m.toValue} · {m.by} · {formatDateTime(m.at)}
                <span className="block text-muted">{m.reason}</span>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {account.qrCodes.length > 0 && (
        <Section title={t(`${K}.account.qrCodes`)}>
          <ul className="divide-y divide-line text-sm">
            {account.qrCodes.map((q) => (
              <li key={q.code} className="py-2">
                <span className="font-medium tabular-nums">{q.code}</span> ·{' '}
                {q.amount === null ? t(`${K}.account.anyAmount`) : formatXof(q.amount, lang)}
                {q.unlinkedAt && (
                  <span className="block text-muted">
                    {t(`${K}.account.unlinked`, { date: formatDateTime(q.unlinkedAt) })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}

export default function AccountPage({ params }: HostedPageProps) {
  const { t, i18n } = usePageMessages(K, DETAIL_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const api = useMemo(() => detailsApi(services.api), [services.api]);
  const number = (params.number ?? '').toUpperCase();
  const actor = useActorRef(
    accountMachine.provide({
      actors: { loadDetail: fromPromise(({ input, signal }) => api.account(input.key, input.page, signal)) },
    }),
    { input: { key: number } },
  );
  const account = useSelector(actor, selectDetail);
  const failure = useSelector(actor, selectFailure);
  const missing = useSelector(actor, selectMissing);
  const busy = useSelector(actor, selectBusy);
  const title = t(`${K}.account.title`, { number });

  if (missing) return <Missing t={t} text={t(`${K}.missingAccount`, { key: number })} />;
  if (failure) return <Failed title={title} failure={failure} onRetry={() => actor.send({ type: 'detail.retry' })} />;
  if (!account) return <Loading title={title} t={t} />;
  const review = account.actions.find((a) => a.id === 'kycReview');
  return (
    <PageFrame
      title={title}
      actions={
        review && (
          <Link to={review.path} className={SECONDARY_BUTTON}>
            <ShieldCheck size={16} aria-hidden />
            {t(`${K}.account.kycReview`)}
          </Link>
        )
      }
    >
      <div className="space-y-4">
        <Headline>
          <Figure label={t(`${K}.account.balance`)} big>
            {formatXof(account.balance, lang)}
          </Figure>
          <Figure label={t(`${K}.account.holder`)}>
            <span className="text-base">{account.holder}</span>
          </Figure>
          <Figure label={t(`${K}.account.status`)}>
            <Badge value={account.status} label={valueLabel(t, 'status', account.status)} />
          </Figure>
          <Figure label={t(`${K}.account.kyc`)}>
            <Badge value={account.kycStatus} label={valueLabel(t, 'kyc', account.kycStatus)} />
          </Figure>
        </Headline>
        <Section title={t(`${K}.account.transactions`)}>
          <Transactions
            history={account.transactions}
            t={t}
            lang={lang}
            busy={busy}
            onPage={(page) => actor.send({ type: 'detail.page', page })}
          />
        </Section>
        <Identity account={account} t={t} lang={lang} />
        <Records account={account} t={t} lang={lang} />
      </div>
    </PageFrame>
  );
}
