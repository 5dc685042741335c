import { type ReactNode, useEffect, useState } from 'react';
import type { DashboardSummary } from '../../../contract/api/dashboard';
import { Link } from '@tanstack/react-router';
import { summaryCardIds, todayReport } from '../../../contract/dashboard';
import { SUCCESSFUL_STATUS } from '../../../contract/totals';
import type { GroupKey } from '../../../contract/groups';
import { useTranslation } from '../../i18n/react';
import { useServices } from '../../app/ServicesContext';
import { formatNumber, formatXof } from '../../i18n/format';
import { homeApi } from './home-api';
import { VolumeChart } from './VolumeChart';
import { isLanguage } from '../../i18n';

/** The card and chart frames, shared by the figures and their placeholders so both take the same room. */
function FiguresGrid({ children }: { children: ReactNode }) {
  return <div className="mb-8 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">{children}</div>;
}

/** Where a card leads: the report that lists what it counts. */
interface CardLink {
  to: string;
  search: Record<string, string>;
}

const CARD = '@container min-w-0 rounded-lg border border-line bg-raised p-4 shadow-sm';

/** A long amount scales down with its card's width (a container query) and, at worst, wraps. */
function FigureCard({ label, link, children }: { label: string; link?: CardLink; children: ReactNode }) {
  const content = (
    <>
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-[clamp(1rem,10cqi,1.5rem)] leading-tight font-semibold text-ink tabular-nums [overflow-wrap:anywhere]">
        {children}
      </p>
    </>
  );
  if (!link) return <div className={CARD}>{content}</div>;
  return (
    <Link to={link.to} search={link.search} className={`${CARD} block hover:border-brand-500 hover:shadow`}>
      {content}
    </Link>
  );
}

/**
 * The today cards open the report of every transaction the user sees, on the server's today and
 * filtered to successful ones: the same definition (contract/totals.ts), so the same count.
 */
function todayLink(id: string, group: GroupKey, day: string): CardLink | undefined {
  if (id !== 'todayCount' && id !== 'todayVolume') return undefined;
  const report = todayReport(group);
  return report ? { to: report.path, search: { from: day, to: day, status: SUCCESSFUL_STATUS } } : undefined;
}

function ChartFrame({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="min-w-0 sm:col-span-2 xl:col-span-2">
      <figure className="min-w-0 rounded-lg border border-line bg-raised p-4 shadow-sm">
        <figcaption className="mb-2 text-sm font-medium text-muted">{caption}</figcaption>
        {children}
      </figure>
    </div>
  );
}

type SummaryState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'success'; data: DashboardSummary };

/** One read when the home page opens; a failure shows the API's message in place. */
function useSummary(api: ReturnType<typeof useServices>['api']): SummaryState {
  const [state, setState] = useState<SummaryState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    homeApi(api)
      .summary()
      .then(
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

/**
 * Today's figures for the signed-in user's scope (the API decides what that scope is). While
 * they load, the same cards hold their places (summaryCardIds), so the page does not shift.
 */
export function HomeFigures({ user }: { user: { group: GroupKey; bankId: number | null } }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const { api } = useServices();
  const state = useSummary(api);
  if (state.status === 'loading') {
    return (
      <div aria-busy="true" className="animate-pulse">
        <FiguresGrid>
          {summaryCardIds(user).map((id) => (
            <FigureCard key={id} label={t(`home.cards.${id}`)}>
              <span className="inline-block h-[1lh] w-24 rounded bg-sunken align-top" />
            </FigureCard>
          ))}
          <ChartFrame caption={t('home.chartTitle')}>
            <div className="h-44 rounded bg-sunken" />
          </ChartFrame>
        </FiguresGrid>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <p role="alert" className="mb-6 text-sm text-danger">
        {state.message}
      </p>
    );
  }
  return (
    <FiguresGrid>
      {state.data.cards.map((card) => (
        <FigureCard
          key={card.id}
          label={t(`home.cards.${card.id}`)}
          link={todayLink(card.id, user.group, state.data.day)}
        >
          <span data-testid={`figure-${card.id}`}>
            {card.kind === 'amount' ? formatXof(card.value, lang) : formatNumber(card.value, lang)}
          </span>
        </FigureCard>
      ))}
      <ChartFrame caption={t('home.chartTitle')}>
        <VolumeChart days={state.data.chart.days} lang={lang} />
      </ChartFrame>
    </FiguresGrid>
  );
}
