/**
 * /transactions/$reference: one transaction as the user's reports list it. Amount, fee,
 * commission and status come first; the receipt (the kit's one layout, as the transfer page
 * prints it) is what prints.
 */
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Printer, Undo2 } from 'lucide-react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { TransactionDetail } from '../../../contract/details';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { usePageMessages } from '../../i18n/page-messages';
import type { TFunction } from '../../i18n/translator';
import { PageFrame } from '../../ui/PageFrame';
import { accountPath, DetailLink, transactionPath } from '../../ui/detail-links';
import type { HostedPageProps } from '../../ui/hosted-page';
import { Button } from '../../ui/Button';
import { Fact, Facts, PRIMARY_BUTTON } from '../../ui/parts';
import { Badge, formatDateTime, valueLabel } from '../../ui/values';
import { PrintableReceipt } from '../../ui/receipt/PrintableReceipt';
import { createDetailMachine, selectDetail, selectFailure, selectMissing } from './detail-machine';
import { detailsApi } from './details-api';
import { Failed, Figure, Headline, Loading, Missing, Section, Table } from './DetailParts';
import { DETAIL_MESSAGES, DETAIL_MESSAGES_KEY as K } from './messages';
import { humanizeCode } from '../../../contract/report-values';

const transactionMachine = createDetailMachine<TransactionDetail>();

type Party = TransactionDetail['from'];

function PartyLink({ party, t }: { party: Party; t: TFunction }) {
  if (!party) return <>{t(`${K}.none`)}</>;
  const details = [party.phone, party.number].filter(Boolean).join(' · ');
  return (
    <>
      <DetailLink to={accountPath(party.number)}>{party.name}</DetailLink>
      {details && <span className="block text-xs text-muted tabular-nums">{details}</span>}
    </>
  );
}

/** Amount, fee, commission and status: what a caller asks about first, above the receipt. */
function Figures({ tx, t, lang }: { tx: TransactionDetail; t: TFunction; lang: Language }) {
  const xof = (n: number) => formatXof(n, lang);
  return (
    <Headline>
      <Figure label={t(`${K}.tx.amount`)} big>
        {xof(tx.amount)}
      </Figure>
      <Figure label={t(`${K}.tx.fee`)}>{xof(tx.fee)}</Figure>
      <Figure label={t(`${K}.tx.commission`)}>{xof(tx.commission)}</Figure>
      <Figure label={t(`${K}.tx.status`)}>
        <Badge value={tx.status} label={valueLabel(t, 'status', tx.status)} />
      </Figure>
    </Headline>
  );
}

function Receipt({ tx, t }: { tx: TransactionDetail; t: TFunction }) {
  return (
    <PrintableReceipt
      title={t(`${K}.tx.receipt`)}
      content={{
        reference: tx.reference,
        createdAt: tx.createdAt,
        what: `${valueLabel(t, 'types', tx.type)} · ${valueLabel(t, 'services', tx.service)}`,
        from: <PartyLink party={tx.from} t={t} />,
        to: <PartyLink party={tx.to} t={t} />,
        amount: tx.amount,
        fee: tx.fee,
        total: tx.total,
        note: tx.details.note ?? null,
        servedBy: tx.initiator,
        status: valueLabel(t, 'status', tx.status),
        channel: valueLabel(t, 'channels', tx.channel),
      }}
      // The till's balance at the time is not kept with the transaction: the agent copy adds the commission only.
      agent={{ commission: tx.commission, float: null }}
    />
  );
}

/** What the service recorded beyond the receipt: the bank, network or member, and its own codes. */
function ServiceFacts({ tx, t }: { tx: TransactionDetail; t: TFunction }) {
  const details = Object.entries(tx.details).filter(([key]) => key !== 'note');
  if (!tx.bank && !tx.network && !tx.member && details.length === 0) return null;
  return (
    <Section title={t(`${K}.tx.details`)}>
      <Facts>
        {tx.bank && <Fact label={t(`${K}.tx.bank`)}>{tx.bank}</Fact>}
        {tx.network && <Fact label={t(`${K}.tx.network`)}>{valueLabel(t, 'networks', tx.network)}</Fact>}
        {tx.member && <Fact label={t(`${K}.tx.member`)}>{tx.member}</Fact>}
        {details.map(([key, value]) => (
          <Fact key={key} label={`${t(`${K}.tx.details`)}: ${key}`}>
            {value}
          </Fact>
        ))}
      </Facts>
    </Section>
  );
}

function Related({ tx, t, lang }: { tx: TransactionDetail; t: TFunction; lang: Language }) {
  return (
    <>
      {tx.approval && (
        <Section title={t(`${K}.tx.approval`)}>
          <Facts>
            <Fact label={t(`${K}.tx.status`)}>
              <Badge value={tx.approval.status} label={valueLabel(t, 'status', tx.approval.status)} />
            </Fact>
            <Fact label={t(`${K}.tx.maker`)}>{tx.approval.maker}</Fact>
            <Fact label={t(`${K}.tx.checker`)}>{tx.approval.checker ?? t(`${K}.none`)}</Fact>
            {tx.approval.reason && <Fact label={t(`${K}.tx.reason`)}>{tx.approval.reason}</Fact>}
          </Facts>
        </Section>
      )}
      {tx.bulk && (
        <Section title={t(`${K}.tx.bulk`)}>
          <p className="text-sm text-ink">
            {t(`${K}.tx.batchFile`, { file: tx.bulk.fileName, row: tx.bulk.rowNo })}{' '}
            <Badge value={tx.bulk.status} label={valueLabel(t, 'status', tx.bulk.status)} />
          </p>
        </Section>
      )}
      {tx.reversalOf && (
        <p className="rounded-lg border border-warning-line bg-warning-soft p-3 text-sm text-warning">
          {t(`${K}.tx.reversalOf`)} <DetailLink to={transactionPath(tx.reversalOf)}>{tx.reversalOf}</DetailLink>
        </p>
      )}
      {tx.chargebacks.length > 0 && (
        <Section title={t(`${K}.tx.chargebacks`)}>
          <ul className="divide-y divide-line text-sm">
            {tx.chargebacks.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-2 py-2">
                <Badge value={c.status} label={valueLabel(t, 'status', c.status)} />
                <span>{c.reason}</span>
                <span className="text-muted">
                  {c.maker}
                  {c.checker ? ` → ${c.checker}` : ''}
                  {c.decidedAt ? ` · ${formatDateTime(c.decidedAt)}` : ''}
                </span>
                {c.reversalReference && (
                  <DetailLink to={transactionPath(c.reversalReference)}>
                    {t(`${K}.tx.reversal`, { reference: c.reversalReference })}
                  </DetailLink>
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title={t(`${K}.tx.history`)}>
        <ol className="space-y-1 text-sm">
          {tx.history.map((h) => (
            <li key={`${h.at}-${h.status}`} className="flex flex-wrap gap-x-2">
              <span className="text-muted tabular-nums">{formatDateTime(h.at)}</span>
              <span className="font-medium">
                {t(`${K}.tx.events.${h.status}`, { defaultValue: humanizeCode(h.status) })}
              </span>
              {h.by && <span className="text-muted">{h.by}</span>}
              {h.note && <span className="text-muted">· {h.note}</span>}
            </li>
          ))}
        </ol>
      </Section>
      <Section title={t(`${K}.tx.postings`)}>
        <Table
          caption={t(`${K}.tx.postingsCaption`)}
          head={
            <tr>
              <th className="py-2 pr-3">{t(`${K}.tx.account`)}</th>
              <th className="py-2 text-right">{t(`${K}.tx.entry`)}</th>
            </tr>
          }
        >
          {tx.postings.map((p) => (
            <tr key={`${p.number}:${p.amount}`}>
              <td className="py-2 pr-3">
                <DetailLink to={accountPath(p.number)}>{p.name}</DetailLink>
                <span className="block text-xs text-muted">{p.number}</span>
              </td>
              <td className={`py-2 text-right tabular-nums ${p.amount < 0 ? 'text-danger' : 'text-success'}`}>
                {formatXof(p.amount, lang)}
              </td>
            </tr>
          ))}
        </Table>
      </Section>
    </>
  );
}

export default function TransactionPage({ params }: HostedPageProps) {
  const { t, i18n } = usePageMessages(K, DETAIL_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const api = useMemo(() => detailsApi(services.api), [services.api]);
  const reference = (params.reference ?? '').toUpperCase();
  const actor = useActorRef(
    transactionMachine.provide({
      actors: { loadDetail: fromPromise(({ input, signal }) => api.transaction(input.key, signal)) },
      actions: { printReceipt: () => window.print() },
    }),
    { input: { key: reference } },
  );
  const tx = useSelector(actor, selectDetail);
  const failure = useSelector(actor, selectFailure);
  const missing = useSelector(actor, selectMissing);
  const title = t(`${K}.tx.title`, { reference });

  if (missing) return <Missing t={t} text={t(`${K}.missingTransaction`, { key: reference })} />;
  if (failure) return <Failed title={title} failure={failure} onRetry={() => actor.send({ type: 'detail.retry' })} />;
  if (!tx) return <Loading title={title} t={t} />;
  const chargeback = tx.actions.find((a) => a.id === 'chargeback');
  const actions = (
    <div className="flex flex-wrap gap-2 print:hidden">
      {tx.actions.some((a) => a.id === 'print') && (
        <Button variant="secondary" onClick={() => actor.send({ type: 'detail.print' })}>
          <Printer size={16} aria-hidden />
          {t(`${K}.tx.print`)}
        </Button>
      )}
      {chargeback && (
        <Link to={chargeback.path} search={{ reference: tx.reference } as never} className={PRIMARY_BUTTON}>
          <Undo2 size={16} aria-hidden />
          {t(`${K}.tx.chargeback`)}
        </Link>
      )}
    </div>
  );
  return (
    <PageFrame title={title} actions={actions}>
      <div className="space-y-4">
        <div className="print:hidden">
          <Figures tx={tx} t={t} lang={lang} />
        </div>
        <Receipt tx={tx} t={t} />
        <div className="space-y-4 print:hidden">
          <ServiceFacts tx={tx} t={t} />
          <Related tx={tx} t={t} lang={lang} />
        </div>
      </div>
    </PageFrame>
  );
}
