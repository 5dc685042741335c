import type { ReactNode } from 'react';
import type { TFunction } from '../../i18n/translator';
import type { ChargebackView } from '../../../contract/api/chargebacks';
import type { ChargebackDecision } from '../../../contract/chargebacks';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { formatDateTime } from '../../ui/values';
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { TableColumn } from '../../ui/table/table-types';
import { CHARGEBACK_MESSAGES_KEY as K } from './messages';
import { type ChargebackListActor, typeLabel } from './chargeback-labels';
import { ChargebackActions, ChargebackStatus } from './ChargebackCells';

type Fit = Pick<TableColumn<ChargebackView>, 'width' | 'priority' | 'keep' | 'role' | 'numeric' | 'rowHeader'>;

/**
 * One row per chargeback, with Approve and Reject where the caller may decide (never on their
 * own request). When it was asked, the transaction's reference and amount and the buttons stay
 * in view; the reason, which the checker decides on, gives way last.
 */
export function ChargebackTable({
  rows,
  t,
  lang,
  actor,
}: {
  rows: ChargebackView[];
  t: TFunction;
  lang: Language;
  actor: ChargebackListActor;
}) {
  const decide = (decision: ChargebackDecision, row: ChargebackView) =>
    actor.send({ type: 'decision.start', decision, ids: [row.id], scope: 'row' });
  const column = (
    id: string,
    header: ReactNode,
    cell: (row: ChargebackView) => ReactNode,
    fit: Fit,
  ): TableColumn<ChargebackView> => ({ id, header, cell, sortable: false, ...fit });
  const columns: TableColumn<ChargebackView>[] = [
    column(
      'asked',
      t(`${K}.list.asked`),
      (row) => (
        <>
          <span className="block tabular-nums">{formatDateTime(row.createdAt)}</span>
          <span className="text-xs text-muted">{t(`${K}.list.by`, { name: row.maker })}</span>
        </>
      ),
      { width: 140, priority: 0, keep: true, role: 'date' },
    ),
    column(
      'transaction',
      t(`${K}.list.transaction`),
      (row) => (
        <>
          <span className="block font-medium tabular-nums">{row.original.reference}</span>
          <span className="text-xs text-muted">
            {typeLabel(t, row.original.type)} · {formatDateTime(row.original.createdAt)}
          </span>
        </>
      ),
      { width: 150, priority: 0, keep: true, role: 'reference', rowHeader: true },
    ),
    column(
      'amount',
      t(`${K}.tx.amount`),
      (row) => <span className="font-semibold">{formatXof(row.original.amount, lang)}</span>,
      { width: 120, priority: 0, keep: true, role: 'amount', numeric: true },
    ),
    column(
      'parties',
      t(`${K}.list.parties`),
      (row) => (
        <>
          <span className="block">{row.original.from?.name ?? t(`${K}.tx.none`)}</span>
          <span className="block text-xs text-muted">→ {row.original.to?.name ?? t(`${K}.tx.none`)}</span>
        </>
      ),
      { width: 170, priority: 3, role: 'party' },
    ),
    column(
      'reason',
      t(`${K}.list.reason`),
      (row) => <span className="block max-w-xs min-w-36 break-words whitespace-normal">{row.reason}</span>,
      { width: 180, priority: 1 },
    ),
    column('decision', t(`${K}.list.decision`), (row) => <ChargebackStatus row={row} t={t} />, {
      width: 140,
      priority: 2,
      role: 'status',
    }),
    {
      ...column(
        'actions',
        <span className="sr-only">{t(`${K}.list.actions`)}</span>,
        (row) => <ChargebackActions row={row} t={t} onDecide={decide} />,
        { width: 180, priority: 0, keep: true, role: 'actions' },
      ),
      fieldLabel: t(`${K}.list.actions`),
    },
  ];
  return (
    <PriorityTable
      label={t(`${K}.list.title`)}
      testId="chargeback-list"
      columns={columns}
      rows={rows}
      rowKey={(row) => String(row.id)}
      rowData={(row) => ({ 'data-reference': row.original.reference })}
    />
  );
}
