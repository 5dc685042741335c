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
import { type ChargebackListActor, statusBadge, typeLabel } from './chargeback-labels';

const DECISIONS = [
  { decision: 'approve', className: 'bg-emerald-700 text-white hover:bg-emerald-800' },
  { decision: 'reject', className: 'border border-red-300 bg-white text-red-700 hover:bg-red-50' },
] as const;

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
          <span className="text-xs text-slate-600">{t(`${K}.list.by`, { name: row.maker })}</span>
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
          <span className="text-xs text-slate-600">
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
          <span className="block text-xs text-slate-600">→ {row.original.to?.name ?? t(`${K}.tx.none`)}</span>
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
    column(
      'decision',
      t(`${K}.list.decision`),
      (row) => (
        <div className="max-w-48 whitespace-normal">
          {statusBadge(t, row.status)}
          {row.checker && (
            <span className="mt-1 block text-xs text-slate-600">{t(`${K}.list.by`, { name: row.checker })}</span>
          )}
          {row.decisionReason && <span className="block text-xs text-slate-700">“{row.decisionReason}”</span>}
          {row.reversalReference && (
            <span className="block text-xs font-medium text-slate-800 tabular-nums">
              {t(`${K}.list.reversal`, { reference: row.reversalReference })}
            </span>
          )}
        </div>
      ),
      { width: 140, priority: 2, role: 'status' },
    ),
    {
      ...column(
        'actions',
        <span className="sr-only">{t(`${K}.list.actions`)}</span>,
        (row) =>
          row.canDecide ? (
            <div className="flex gap-2">
              {DECISIONS.map(({ decision, className }) => (
                <button
                  key={decision}
                  type="button"
                  aria-label={t(`${K}.list.${decision}Named`, { reference: row.original.reference })}
                  onClick={() => decide(decision, row)}
                  className={`h-9 rounded-md px-3 text-sm font-semibold ${className}`}
                >
                  {t(`${K}.list.${decision}`)}
                </button>
              ))}
            </div>
          ) : (
            row.status === 'pending' && <span className="text-xs text-slate-500">{t(`${K}.list.ownRequest`)}</span>
          ),
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
