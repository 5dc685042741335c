import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useServices } from '../../app/ServicesContext';
import { formatNumber, formatXof } from '../../i18n/format';
import { isLanguage } from '../../i18n';

interface Summary {
  cards: { id: string; kind: 'amount' | 'number'; value: number }[];
  chart: { metric: 'volume'; days: { date: string; value: number }[] };
}

function VolumeChart({ days, lang }: { days: Summary['chart']['days']; lang: 'en' | 'fr' }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...days.map((d) => d.value));
  const width = 280;
  const height = 72;
  const barWidth = width / days.length;
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="mb-2 text-sm font-medium text-slate-600">{t('home.chartTitle')}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t('home.chartTitle')} className="h-20 w-full">
        {days.map((d, i) => {
          const h = Math.max(1, (d.value / max) * (height - 4));
          return (
            <rect
              key={d.date}
              x={i * barWidth + 2}
              y={height - h}
              width={barWidth - 4}
              height={h}
              rx={2}
              className="fill-brand-500"
            >
              <title>{`${d.date}: ${formatXof(d.value, lang)}`}</title>
            </rect>
          );
        })}
      </svg>
    </figure>
  );
}

type SummaryState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'success'; data: Summary };

/** One read when the home page opens; a failure shows the API's message in place. */
function useSummary(api: ReturnType<typeof useServices>['api']): SummaryState {
  const [state, setState] = useState<SummaryState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    api.get<Summary>('dashboard/summary').then(
      (data) => live && setState({ status: 'success', data }),
      (error: unknown) =>
        live && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return state;
}

/** Today's figures for the signed-in user's scope (the API decides what that scope is). */
export function HomeFigures() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const { api } = useServices();
  const state = useSummary(api);
  if (state.status === 'loading') {
    return <div aria-busy="true" className="mb-6 h-24 animate-pulse rounded-lg bg-slate-200/60" />;
  }
  if (state.status === 'error') {
    return (
      <p role="alert" className="mb-6 text-sm text-red-700">
        {state.message}
      </p>
    );
  }
  return (
    <div className="mb-8 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {state.data.cards.map((card) => (
        <div key={card.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <p className="text-sm text-slate-500">{t(`home.cards.${card.id}`)}</p>
          <p className="mt-1 text-2xl font-semibold text-slate-900" data-testid={`figure-${card.id}`}>
            {card.kind === 'amount' ? formatXof(card.value, lang) : formatNumber(card.value, lang)}
          </p>
        </div>
      ))}
      <div className="sm:col-span-2 xl:col-span-2">
        <VolumeChart days={state.data.chart.days} lang={lang} />
      </div>
    </div>
  );
}
