/** The approval requests of one page; only rows the caller may decide get a checkbox and buttons. */
import { Check, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalView } from '../../contract/transfers';
import type { Language } from '../i18n';
import { formatXof } from '../i18n/format';
import { Badge, formatDateTime } from '../reports/values';
import type { Decision } from './authorize-machine';
import { flowLabelOf } from './flow-label';
import { PartyText } from './parts';

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
  const th = 'px-3 py-2 text-left whitespace-nowrap';
  const td = 'px-3 py-2 align-top';

  return (
    <section
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard.
      tabIndex={0}
      aria-label={t('approvals.table')}
    >
      <table className="min-w-full text-sm" aria-busy={busy}>
        <caption className="sr-only">{t('approvals.table')}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className={th}>
              {decidable.length > 0 && (
                <AllCheckbox
                  all={chosen === decidable.length}
                  some={chosen > 0}
                  label={t('approvals.selectAll')}
                  onChange={onToggleAll}
                />
              )}
            </th>
            <th scope="col" className={th}>
              {t('approvals.flow')}
            </th>
            <th scope="col" className={th}>
              {t('approvals.reference')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('approvals.amount')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('approvals.fee')}
            </th>
            <th scope="col" className={th}>
              {t('approvals.source')}
            </th>
            <th scope="col" className={th}>
              {t('approvals.beneficiary')}
            </th>
            <th scope="col" className={th}>
              {t('approvals.maker')}
            </th>
            <th scope="col" className={th}>
              {t('approvals.created')}
            </th>
            <th scope="col" className={th}>
              {t('approvals.expires')}
            </th>
            <th scope="col" className={th}>
              {t('approvals.status')}
            </th>
            <th scope="col" className={th}>
              {t('approvals.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={`approval-${row.id}`} className="border-t border-slate-100">
              <td className={td}>
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
              <td className={td}>{flowLabelOf(row.flow, lang)}</td>
              <th scope="row" className={`${td} text-left font-medium whitespace-nowrap tabular-nums`}>
                {row.reference}
              </th>
              <td className={`${td} text-right whitespace-nowrap tabular-nums`}>{formatXof(row.amount, lang)}</td>
              <td className={`${td} text-right whitespace-nowrap tabular-nums`}>{formatXof(row.fee, lang)}</td>
              <td className={td}>
                <PartyText party={row.source} />
              </td>
              <td className={td}>
                <PartyText party={row.destination} />
              </td>
              <td className={td}>{row.maker}</td>
              <td className={`${td} whitespace-nowrap`}>{formatDateTime(row.createdAt)}</td>
              <td className={`${td} whitespace-nowrap`}>{formatDateTime(row.expiresAt)}</td>
              <td className={td}>
                <Badge value={row.status} label={t(`approvals.statuses.${row.status}`)} />
                {row.checker && (
                  <span className="mt-1 block text-xs text-slate-600">
                    {t('approvals.decidedBy', { checker: row.checker })}
                  </span>
                )}
                {row.reason && <span className="mt-1 block text-xs text-slate-600">{row.reason}</span>}
              </td>
              <td className={td}>
                {row.canDecide && (
                  <div className="flex gap-2">
                    <button
                      type="button"
                      aria-label={t('approvals.approveRow', { reference: row.reference })}
                      onClick={() => onDecide('approve', row)}
                      className="flex h-8 items-center gap-1 rounded-md bg-emerald-700 px-2.5 text-xs font-semibold text-white hover:bg-emerald-800"
                    >
                      <Check size={14} aria-hidden />
                      {t('approvals.approve')}
                    </button>
                    <button
                      type="button"
                      aria-label={t('approvals.rejectRow', { reference: row.reference })}
                      onClick={() => onDecide('reject', row)}
                      className="flex h-8 items-center gap-1 rounded-md border border-red-300 bg-white px-2.5 text-xs font-semibold text-red-700 hover:bg-red-50"
                    >
                      <X size={14} aria-hidden />
                      {t('approvals.reject')}
                    </button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
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
