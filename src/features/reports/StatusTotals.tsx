/**
 * A transaction report's totals by status, above its rows so they are in view on any screen:
 * the successful count and volume first (what the totals under the columns add up), then
 * failed, reversed and pending beside them, and one sentence saying so (contract/totals.ts).
 */
import clsx from 'clsx';
import type { ReportPage } from '../../../contract/api/reports';
import type { Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import { useTranslation } from '../../i18n/react';

type Breakdown = NonNullable<ReportPage['byStatus']>;

export function StatusTotals({ byStatus, lang }: { byStatus: Breakdown; lang: Language }) {
  const { t } = useTranslation();
  // Filtered on a status (successful included), the breakdown holds that status alone: nothing is beside it.
  const filtered = byStatus.length === 1;
  return (
    <section
      aria-label={t('reports.byStatus.title')}
      data-testid="report-status-totals"
      className="mb-3 rounded-md border border-line bg-raised px-3 py-2 text-sm print:border-0 print:px-0"
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
