/**
 * A bank's balance repartition (/bbg-repartition, /bis-repartition): the bank's float and
 * how the wallet balances split by account kind, as bars and as a table.
 */
import { useRouterState } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageMessages } from '../../i18n/page-messages';
import { BALANCE_MESSAGES, BALANCE_MESSAGES_KEY } from './messages';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import { PageFrame } from '../../routes/PageFrame';
import {
  fetchActor,
  resultOf,
  selectError,
  selectIsEmpty,
  selectIsFailed,
  selectIsLoading,
} from '../../ui/list/report-machine';
import { valueLabel } from '../../ui/values';
import '../../ui/report-print.css';
import { type RepartitionAnswer, type RepartitionQuery, repartitionMachine } from './balance-machine';
import { repartitionBankForPath } from './balance-routes';
import { HorizontalBarChart } from './charts';
import { CardsSkeleton, LoadError, PrintButton, StatCard } from '../../ui/page-parts';
import type { HostedPageProps } from '../../ui/hosted-page';

const selectRepartition = resultOf<RepartitionAnswer>();

export default function RepartitionPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(BALANCE_MESSAGES_KEY, BALANCE_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const bankCode = repartitionBankForPath(pathname);
  if (!bankCode) {
    return (
      <PageFrame title={title}>
        <p className="text-slate-600">{t('reports.notDefined')}</p>
      </PageFrame>
    );
  }
  return <RepartitionScreen key={bankCode} bankCode={bankCode} title={title} lang={lang} />;
}

function RepartitionScreen({ bankCode, title, lang }: { bankCode: string; title: string; lang: Language }) {
  const { t } = useTranslation();
  const services = useServices();
  const actor = useActorRef(
    repartitionMachine.provide({
      actors: {
        fetchReport: fetchActor((input: RepartitionQuery, signal) =>
          services.api.get<RepartitionAnswer>(`balances/repartition/${encodeURIComponent(input.bankCode)}`, {
            signal,
          }),
        ),
      },
    }),
  );
  useEffect(() => {
    actor.send({ type: 'report.query', query: { bankCode } });
  }, [actor, bankCode]);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectIsFailed);
  const empty = useSelector(actor, selectIsEmpty);
  const error = useSelector(actor, selectError);
  const data = useSelector(actor, selectRepartition);
  const xof = (n: number) => formatXof(n, lang);
  const shown = loading ? null : data;

  return (
    <PageFrame title={title} actions={<PrintButton />}>
      <div data-print-root className="min-w-0 space-y-4" aria-busy={loading}>
        {failed && <LoadError message={error} onRetry={() => actor.send({ type: 'report.retry' })} />}
        {!failed && !shown && (
          <>
            <p role="status" className="sr-only">
              {t('reports.loading')}
            </p>
            <CardsSkeleton count={2} />
          </>
        )}
        {!failed && shown && (
          <>
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <StatCard label={t('balances.float')} value={xof(shown.float)} big>
                <p className="mt-1 text-xs text-slate-600">{shown.bank.name}</p>
              </StatCard>
              <StatCard
                label={t('balances.accounts')}
                value={formatNumber(
                  shown.rows.reduce((sum, r) => sum + r.accounts, 0),
                  lang,
                )}
              />
            </dl>
            {empty ? (
              <p
                role="status"
                className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600"
              >
                {t('balances.noRows')}
              </p>
            ) : (
              <Repartition data={shown} lang={lang} xof={xof} />
            )}
          </>
        )}
      </div>
    </PageFrame>
  );
}

function Repartition({ data, lang, xof }: { data: RepartitionAnswer; lang: Language; xof: (n: number) => string }) {
  const { t } = useTranslation();
  const rows = [...data.rows].sort((a, b) => b.balance - a.balance);
  const sum = rows.reduce((s, r) => s + r.balance, 0);
  const label = (kind: string) => valueLabel(t, 'kinds', kind);
  const share = (balance: number) =>
    sum === 0
      ? '—'
      : new Intl.NumberFormat(lang === 'fr' ? 'fr-SN' : 'en-SN', { style: 'percent', maximumFractionDigits: 1 }).format(
          balance / sum,
        );
  const num = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <section
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        aria-labelledby="repartition-chart"
      >
        <h2 id="repartition-chart" className="mb-2 text-base font-semibold text-slate-900">
          {t('balances.repartitionTitle')}
        </h2>
        <HorizontalBarChart
          data={rows.map((r) => ({ key: r.kind, label: label(r.kind), value: r.balance }))}
          title={t('balances.repartitionTitle')}
          description={t('balances.repartitionDesc', { bank: data.bank.name, float: xof(data.float) })}
          formatValue={xof}
        />
      </section>
      <section
        className="report-scroll overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard.
        tabIndex={0}
        aria-label={t('balances.repartitionTitle')}
      >
        <table className="min-w-full text-sm">
          <caption className="px-3 py-2 text-left text-base font-semibold text-slate-900">
            {t('balances.repartitionTable')}
          </caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                {t('balances.kind')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('balances.accounts')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('balances.balance')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('balances.share')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.kind} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-2 text-left font-normal text-slate-800">
                  {label(r.kind)}
                </th>
                <td className={num}>{formatNumber(r.accounts, lang)}</td>
                <td className={num}>{xof(r.balance)}</td>
                <td className={num}>{share(r.balance)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold">
            <tr>
              <th scope="row" className="px-3 py-2 text-left">
                {t('reports.total')}
              </th>
              <td className={num}>
                {formatNumber(
                  rows.reduce((s, r) => s + r.accounts, 0),
                  lang,
                )}
              </td>
              <td className={num}>{xof(sum)}</td>
              <td className={num} />
            </tr>
          </tfoot>
        </table>
      </section>
    </div>
  );
}
