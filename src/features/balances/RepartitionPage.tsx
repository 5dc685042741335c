/**
 * A bank's balance repartition (/bbg-repartition, /bis-repartition): the bank's float and
 * how the wallet balances split by account kind, as bars and as a table.
 */
import { useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageMessages } from '../../i18n/page-messages';
import { BALANCE_MESSAGES, BALANCE_MESSAGES_KEY } from './messages';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import { PageFrame } from '../../ui/PageFrame';
import { useLoad } from '../../ui/list/use-list-page';
import { AmountTable } from './AmountTable';
import { BalanceFrame } from './BalanceFrame';
import { valueLabel } from '../../ui/values';
import '../../ui/report-print.css';
import type { Repartition as RepartitionAnswer } from '../../../contract/api/balances';
import { type RepartitionQuery, repartitionMachine } from './balance-machine';
import { balancesApi } from './balances-api';
import { repartitionBankForPath } from '../../../contract/navigation/balance-routes';
import { HorizontalBarChart } from './charts';
import { StatCard } from '../../ui/page-parts';
import type { HostedPageProps } from '../../ui/hosted-page';

export default function RepartitionPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(BALANCE_MESSAGES_KEY, BALANCE_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const bankCode = repartitionBankForPath(pathname);
  if (!bankCode) {
    return (
      <PageFrame title={title}>
        <p className="text-muted">{t('reports.notDefined')}</p>
      </PageFrame>
    );
  }
  return <RepartitionScreen key={bankCode} bankCode={bankCode} title={title} lang={lang} />;
}

function RepartitionScreen({
  bankCode,
  title,
  lang,
}: {
  bankCode: RepartitionQuery['bankCode'];
  title: string;
  lang: Language;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const query: RepartitionQuery = useMemo(() => ({ bankCode }), [bankCode]);
  const api = useMemo(() => balancesApi(services.api), [services.api]);
  const loaded = useLoad(repartitionMachine, api.repartition, query, bankCode);
  const xof = (n: number) => formatXof(n, lang);

  return (
    <BalanceFrame title={title} loaded={loaded} cards={2}>
      {(shown) => (
        <>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label={t('balances.float')} value={xof(shown.float)} big>
              <p className="mt-1 text-xs text-muted">{shown.bank.name}</p>
            </StatCard>
            <StatCard
              label={t('balances.accounts')}
              value={formatNumber(
                shown.rows.reduce((sum, r) => sum + r.accounts, 0),
                lang,
              )}
            />
          </dl>
          {loaded.empty ? (
            <p
              role="status"
              className="rounded-lg border border-dashed border-edge bg-raised p-8 text-center text-muted"
            >
              {t('balances.noRows')}
            </p>
          ) : (
            <Repartition data={shown} lang={lang} xof={xof} />
          )}
        </>
      )}
    </BalanceFrame>
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
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <section className="rounded-lg border border-line bg-raised p-4 shadow-sm" aria-labelledby="repartition-chart">
        <h2 id="repartition-chart" className="mb-2 text-base font-semibold text-ink">
          {t('balances.repartitionTitle')}
        </h2>
        <HorizontalBarChart
          data={rows.map((r) => ({ key: r.kind, label: label(r.kind), value: r.balance }))}
          title={t('balances.repartitionTitle')}
          description={t('balances.repartitionDesc', { bank: data.bank.name, float: xof(data.float) })}
          formatValue={xof}
        />
      </section>
      <AmountTable
        label={t('balances.repartitionTable')}
        name={{ id: 'kind', header: t('balances.kind'), value: (r) => label(r.kind) }}
        amounts={[
          { id: 'accounts', header: t('balances.accounts'), value: (r) => formatNumber(r.accounts, lang) },
          { id: 'balance', header: t('balances.balance'), value: (r) => xof(r.balance) },
          { id: 'share', header: t('balances.share'), value: (r) => share(r.balance) },
        ]}
        rows={rows}
        rowKey={(r) => r.kind}
        totals={{
          label: t('reports.total'),
          values: {
            accounts: formatNumber(
              rows.reduce((s, r) => s + r.accounts, 0),
              lang,
            ),
            balance: xof(sum),
          },
        }}
      />
    </div>
  );
}
