/**
 * A transaction report's totals by status, above its filters so they are in view on any screen:
 * the successful count and volume first (what the totals under the columns add up), then
 * failed, reversed and pending beside them, and one sentence saying so (contract/totals.ts).
 */
import clsx from 'clsx';
import type { ReportPage } from '../../../contract/api/reports';
import type { Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import { useTranslation } from '../../i18n/react';

type Breakdown = NonNullable<ReportPage['byStatus']>;

const BOX = 'mb-3 rounded-md border border-line bg-raised px-3 py-2 text-sm print:border-0 print:px-0';

export function StatusTotals({
  byStatus,
  busy,
  lang,
}: {
  /** Null until the first answer: the box keeps its room meanwhile, so the filters below do not move. */
  byStatus: Breakdown | null;
  busy: boolean;
  lang: Language;
}) {
  const { t } = useTranslation();
  if (!byStatus) {
    return (
      <div aria-hidden className={`${BOX} animate-pulse`}>
        <p className="h-[1lh] w-64 max-w-full rounded bg-sunken" />
        <p className="mt-1 h-[1lh] text-xs" />
      </div>
    );
  }
  // Filtered on a status (successful included), the breakdown holds that status alone: nothing is beside it.
  const filtered = byStatus.length === 1;
  return (
    <section
      aria-label={t('reports.byStatus.title')}
      aria-busy={busy}
      data-testid="report-status-totals"
      className={clsx(BOX, { 'opacity-60': busy })}
    >
      <ul className="flex flex-wrap gap-x-5 gap-y-1">
        {byStatus.map((s, index) => (
          <li
            key={s.status}
            data-status={s.status}
            className={clsx('tabular-nums', index === 0 ? 'font-semibold text-ink' : 'text-muted')}
          >
            {t('reports.byStatus.figure', {
              status: t(`reports.byStatus.${s.status}`),
              n: formatNumber(s.count, lang),
              amount: formatXof(s.amount, lang),
            })}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-muted">
        {t(filtered ? 'reports.byStatus.noteFiltered' : 'reports.byStatus.note')}
      </p>
    </section>
  );
}
