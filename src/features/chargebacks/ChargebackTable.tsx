import type { TFunction } from '../../i18n/translator';
import type { ChargebackDecision, ChargebackView } from '../../../contract/chargebacks';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { formatDateTime } from '../../ui/values';
import { ColumnHeads, DataTable, TD } from '../../ui/list/ListFrame';
import { CHARGEBACK_MESSAGES_KEY as K } from './messages';
import { type ChargebackListActor, statusBadge, typeLabel } from './chargeback-labels';

const DECISIONS = [
  { decision: 'approve', className: 'bg-emerald-700 text-white hover:bg-emerald-800' },
  { decision: 'reject', className: 'border border-red-300 bg-white text-red-700 hover:bg-red-50' },
] as const;

/** One row per chargeback, with Approve and Reject where the caller may decide (never on their own request). */
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
  return (
    <DataTable
      label={t(`${K}.list.title`)}
      testId="chargeback-list"
      head={
        <ColumnHeads
          labels={[
            t(`${K}.list.asked`),
            t(`${K}.list.transaction`),
            t(`${K}.list.parties`),
            t(`${K}.list.reason`),
            t(`${K}.list.decision`),
            <span key="actions" className="sr-only">
              {t(`${K}.list.actions`)}
            </span>,
          ]}
        />
      }
    >
      {rows.map((row) => (
        <tr key={row.id} data-reference={row.original.reference}>
          <td className={`${TD} whitespace-nowrap`}>
            <span className="block tabular-nums">{formatDateTime(row.createdAt)}</span>
            <span className="text-xs text-slate-600">{t(`${K}.list.by`, { name: row.maker })}</span>
          </td>
          <td className={`${TD} whitespace-nowrap`}>
            <span className="block font-medium tabular-nums">{row.original.reference}</span>
            <span className="block font-semibold tabular-nums">{formatXof(row.original.amount, lang)}</span>
            <span className="text-xs text-slate-600">
              {typeLabel(t, row.original.type)} · {formatDateTime(row.original.createdAt)}
            </span>
          </td>
          <td className={`${TD} min-w-40`}>
            <span className="block">{row.original.from?.name ?? t(`${K}.tx.none`)}</span>
            <span className="block text-xs text-slate-600">→ {row.original.to?.name ?? t(`${K}.tx.none`)}</span>
          </td>
          <td className={`${TD} min-w-48 max-w-xs break-words`}>{row.reason}</td>
          <td className={`${TD} min-w-40`}>
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
          </td>
          <td className={`${TD} min-w-32`}>
            {row.canDecide ? (
              <div className="flex flex-col gap-2 xl:flex-row">
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
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
