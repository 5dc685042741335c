/**
 * A balance page (EDK networks, gerants, Dakar Dem Dikk, an AFTU member, the banks'
 * remaining balance): the current balance, the chosen period's opening balance, credits and
 * debits, a chart of the daily closing balance and a table of the days.
 */
import { useRouterState, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageMessages } from '../../i18n/page-messages';
import { BALANCE_MESSAGES, BALANCE_MESSAGES_KEY } from './messages';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { formatDay, formatXof } from '../../i18n/format';
import { PageFrame } from '../../ui/PageFrame';
import { useLoad } from '../../ui/list/use-list-page';
import { AmountTable } from './AmountTable';
import { BalanceFrame } from './BalanceFrame';
import { readRange } from '../../ui/dates';
import { DateRangeControl, type RangeValue } from '../../ui/DateRangeControl';
import { useSetSearch } from '../../ui/list/use-set-search';
import '../../ui/report-print.css';
import type { Balance } from '../../../contract/api/balances';
import { type BalanceQuery, balanceMachine } from './balance-machine';
import { balancesApi } from './balances-api';
import { balanceForPath } from '../../../contract/navigation/balance-routes';
import { BalanceChart } from './charts';
import { StatCard } from '../../ui/page-parts';
import type { HostedPageProps } from '../../ui/hosted-page';

const BALANCE_PRESETS = ['today', '7d', '30d', 'month', 'custom'] as const;
const DEFAULT_PRESET = '30d';

/** The URL search of a period: nothing for the default, the dates only for a custom one. */
export function rangeSearch(range: RangeValue): Record<string, string> {
  if (range.preset === 'custom') return { from: range.from, to: range.to };
  return range.preset === DEFAULT_PRESET ? {} : { range: range.preset };
}

export default function BalancePage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(BALANCE_MESSAGES_KEY, BALANCE_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const balance = balanceForPath(pathname);
  if (!balance) {
    return (
      <PageFrame title={title}>
        <p className="text-muted">{t('reports.notDefined')}</p>
      </PageFrame>
    );
  }
  return (
    <BalanceScreen
      key={`${balance.balanceId}:${balance.memberId ?? ''}`}
      balanceId={balance.balanceId}
      memberId={balance.memberId}
      title={title}
      lang={lang}
    />
  );
}

function BalanceScreen({
  balanceId,
  memberId,
  title,
  lang,
}: {
  balanceId: string;
  memberId?: string;
  title: string;
  lang: Language;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const setSearch = useSetSearch();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const range = useMemo(() => readRange(search, DEFAULT_PRESET), [search]);
  const query: BalanceQuery = useMemo(
    () => ({ balanceId, from: range.from, to: range.to, ...(memberId ? { memberId } : {}) }),
    [balanceId, memberId, range.from, range.to],
  );

  const api = useMemo(() => balancesApi(services.api), [services.api]);
  const loaded = useLoad(balanceMachine, api.balance, query, JSON.stringify(query));
  const xof = (n: number) => formatXof(n, lang);

  return (
    <BalanceFrame
      title={title}
      loaded={loaded}
      cards={4}
      before={
        <>
          <section
            aria-label={t('reports.filters')}
            className="flex flex-wrap items-end gap-3 rounded-lg border border-line bg-raised p-3 shadow-sm print:hidden"
          >
            <DateRangeControl
              value={range}
              presets={BALANCE_PRESETS}
              onChange={(next) => setSearch(rangeSearch(next))}
            />
          </section>
          <p className="hidden text-sm text-ink print:block">
            {t('reports.printPeriod', { from: formatDay(range.from), to: formatDay(range.to) })}
          </p>
        </>
      }
    >
      {(data) => <BalanceBody data={data} range={range} xof={xof} />}
    </BalanceFrame>
  );
}

function BalanceBody({ data, range, xof }: { data: Balance; range: RangeValue; xof: (n: number) => string }) {
  const { t } = useTranslation();
  const days = data.days;
  const closing = days.at(-1)?.closing ?? data.opening + data.credits - data.debits;
  return (
    <>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label={t('balances.current')} value={xof(data.balance)} big>
          <p className="mt-1 truncate text-xs text-muted" title={data.account.label}>
            {data.account.label} · <span className="tabular-nums">{data.account.number}</span>
          </p>
        </StatCard>
        <StatCard label={t('balances.opening')} value={xof(data.opening)} />
        <StatCard label={t('balances.credits')} value={xof(data.credits)} tone="credit" />
        <StatCard label={t('balances.debits')} value={xof(data.debits)} tone="debit" />
      </dl>
      <section className="rounded-lg border border-line bg-raised p-4 shadow-sm" aria-labelledby="balance-chart">
        <h2 id="balance-chart" className="mb-2 text-base font-semibold text-ink">
          {t('balances.chartTitle')}
        </h2>
        {days.length === 0 ? (
          <p className="text-sm text-muted">{t('balances.noDays')}</p>
        ) : (
          <>
            <BalanceChart
              days={days}
              title={t('balances.chartTitle')}
              description={t('balances.chartDesc', {
                from: formatDay(range.from),
                to: formatDay(range.to),
                opening: xof(data.opening),
                closing: xof(closing),
              })}
              formatAmount={xof}
              formatDate={formatDay}
            />
            <p className="mt-2 flex flex-wrap gap-4 text-xs text-muted" aria-hidden>
              <span className="flex items-center gap-1">
                <span className="inline-block h-0.5 w-4 bg-accent" /> {t('balances.closing')}
              </span>
              <span className="flex items-center gap-1">
                <span className="inline-block size-2.5 bg-success" /> {t('balances.credits')}
              </span>
              <span className="flex items-center gap-1">
                <span className="inline-block size-2.5 bg-danger" /> {t('balances.debits')}
              </span>
            </p>
          </>
        )}
      </section>
      {days.length > 0 && <DaysTable days={days} xof={xof} />}
    </>
  );
}

function DaysTable({ days, xof }: { days: Balance['days']; xof: (n: number) => string }) {
  const { t } = useTranslation();
  return (
    <AmountTable
      label={t('balances.days')}
      name={{ id: 'date', header: t('balances.date'), value: (d) => formatDay(d.date) }}
      amounts={[
        { id: 'credits', header: t('balances.credits'), value: (d) => xof(d.credits), className: 'text-success' },
        { id: 'debits', header: t('balances.debits'), value: (d) => xof(d.debits), className: 'text-danger' },
        { id: 'closing', header: t('balances.closing'), value: (d) => xof(d.closing), className: 'font-medium' },
      ]}
      rows={days}
      rowKey={(d) => d.date}
    />
  );
}
