/** Every fee schedule over time: when it applied, to which transfer, who asked and who approved. */
import type { ReactNode } from 'react';
import type { FeeScheduleView } from '../../../contract/api/fees';
import type { Language } from '../../i18n';
import { formatBasisPoints, formatXof } from '../../i18n/format';
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { TableColumn } from '../../ui/table/table-types';
import { formatDateTime } from '../../ui/values';
import type { Translate } from './messages';

type Fit = Pick<TableColumn<FeeScheduleView>, 'width' | 'priority' | 'keep' | 'role' | 'numeric' | 'rowHeader'>;

/** The bands in one line each: the range, then the rate and the fixed part. */
function BandsSummary({ schedule, lang, k }: { schedule: FeeScheduleView; lang: Language; k: Translate }) {
  return (
    <ul className="space-y-0.5 whitespace-normal">
      {schedule.bands.map((b) => (
        <li key={b.minAmount}>
          {k('range', { from: formatXof(b.minAmount, lang), to: formatXof(b.maxAmount, lang) })}:{' '}
          {formatBasisPoints(b.percentFeeBp, lang)} + {formatXof(b.fixedFee, lang)}
        </li>
      ))}
    </ul>
  );
}

export function HistoryTable({
  schedules,
  lang,
  k,
}: {
  schedules: readonly FeeScheduleView[];
  lang: Language;
  k: Translate;
}) {
  const column = (id: string, cell: (s: FeeScheduleView) => ReactNode, fit: Fit): TableColumn<FeeScheduleView> => ({
    id,
    header: k(`history.columns.${id}`),
    cell,
    sortable: false,
    ...fit,
  });
  const columns: TableColumn<FeeScheduleView>[] = [
    column('from', (s) => formatDateTime(s.effectiveFrom), { width: 150, priority: 0, keep: true, role: 'date' }),
    column('flow', (s) => k(`flows.${s.flowId}`), {
      width: 180,
      priority: 0,
      keep: true,
      role: 'reference',
      rowHeader: true,
    }),
    column('bands', (s) => <BandsSummary schedule={s} lang={lang} k={k} />, { width: 300, priority: 1, role: 'other' }),
    column('requestedBy', (s) => s.requestedBy ?? k('history.system'), { width: 150, priority: 2, role: 'party' }),
    column('approvedBy', (s) => s.approvedBy ?? k('history.system'), { width: 150, priority: 2, role: 'party' }),
    column('to', (s) => (s.effectiveTo ? formatDateTime(s.effectiveTo) : k('history.current')), {
      width: 150,
      priority: 3,
      role: 'status',
    }),
  ];
  return (
    <PriorityTable
      label={k('history.caption')}
      columns={columns}
      rows={schedules}
      rowKey={(s) => String(s.id)}
      rowData={(s) => ({ 'data-schedule': String(s.id), 'data-flow': s.flowId })}
    />
  );
}
