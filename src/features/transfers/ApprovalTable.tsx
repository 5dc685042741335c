/** The approval requests of one page; only rows the caller may decide get a checkbox and buttons. */
import { Check, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ApprovalView } from '../../../contract/transfers';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { Badge, formatDateTime } from '../../ui/values';
import { ColumnHeads, DataTable, TD, TH } from '../../ui/list/ListFrame';
import type { Decision } from './authorize-machine';
import { flowLabelOf } from './flow-label';
import { PartyText } from '../../ui/parts';

const DECISIONS = [
  { decision: 'approve', Icon: Check, className: 'bg-emerald-700 text-white hover:bg-emerald-800' },
  { decision: 'reject', Icon: X, className: 'border border-red-300 bg-white text-red-700 hover:bg-red-50' },
] as const;

export function ApprovalTable({
  rows,
  selected,
  lang,
  busy,
  onToggle,
  onToggleAll,
  onDecide,
}: {
  rows: readonly ApprovalView[];
  selected: readonly number[];
  lang: Language;
  busy: boolean;
  onToggle: (id: number) => void;
  onToggleAll: (selected: boolean) => void;
  onDecide: (decision: Decision, row: ApprovalView) => void;
}) {
  const { t } = useTranslation();
  const decidable = rows.filter((r) => r.canDecide);
  const chosen = decidable.filter((r) => selected.includes(r.id)).length;

  return (
    <DataTable
      label={t('approvals.table')}
      busy={busy}
      head={
        <>
          <th scope="col" className={TH}>
            {decidable.length > 0 && (
              <AllCheckbox
                all={chosen === decidable.length}
                some={chosen > 0}
                label={t('approvals.selectAll')}
                onChange={onToggleAll}
              />
            )}
          </th>
          <ColumnHeads
            labels={[
              'flow',
              'reference',
              'amount',
              'fee',
              'source',
              'beneficiary',
              'maker',
              'created',
              'expires',
              'status',
              'actions',
            ].map((column) => t(`approvals.${column}`))}
            endAligned={[2, 3]}
          />
        </>
      }
    >
      {rows.map((row) => (
        <tr key={row.id} data-testid={`approval-${row.id}`}>
          <td className={TD}>
            {row.canDecide && (
              <input
                type="checkbox"
                className="size-4"
                aria-label={t('approvals.selectRow', { reference: row.reference })}
                checked={selected.includes(row.id)}
                onChange={() => onToggle(row.id)}
              />
            )}
          </td>
          <td className={TD}>{flowLabelOf(row.flow, lang)}</td>
          <th scope="row" className={`${TD} text-left font-medium whitespace-nowrap tabular-nums`}>
            {row.reference}
          </th>
          <td className={`${TD} text-right whitespace-nowrap tabular-nums`}>{formatXof(row.amount, lang)}</td>
          <td className={`${TD} text-right whitespace-nowrap tabular-nums`}>{formatXof(row.fee, lang)}</td>
          <td className={TD}>
            <PartyText party={row.source} />
          </td>
          <td className={TD}>
            <PartyText party={row.destination} />
          </td>
          <td className={TD}>{row.maker}</td>
          <td className={`${TD} whitespace-nowrap`}>{formatDateTime(row.createdAt)}</td>
          <td className={`${TD} whitespace-nowrap`}>{formatDateTime(row.expiresAt)}</td>
          <td className={TD}>
            <Badge value={row.status} label={t(`approvals.statuses.${row.status}`)} />
            {row.checker && (
              <span className="mt-1 block text-xs text-slate-600">
                {t('approvals.decidedBy', { checker: row.checker })}
              </span>
            )}
            {row.reason && <span className="mt-1 block text-xs text-slate-600">{row.reason}</span>}
          </td>
          <td className={TD}>
            {row.canDecide && (
              <div className="flex gap-2">
                {DECISIONS.map(({ decision, Icon, className }) => (
                  <button
                    key={decision}
                    type="button"
                    aria-label={t(`approvals.${decision}Row`, { reference: row.reference })}
                    onClick={() => onDecide(decision, row)}
                    className={`flex h-8 items-center gap-1 rounded-md px-2.5 text-xs font-semibold ${className}`}
                  >
                    <Icon size={14} aria-hidden />
                    {t(`approvals.${decision}`)}
                  </button>
                ))}
              </div>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function AllCheckbox({
  all,
  some,
  label,
  onChange,
}: {
  all: boolean;
  some: boolean;
  label: string;
  onChange: (selected: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some && !all;
  }, [all, some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="size-4"
      aria-label={label}
      checked={all}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
