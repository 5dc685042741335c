/** The authorize page's filter bar: status (pending by default), flow, dates and a search. */
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPROVAL_STATUSES, type ApprovalStatus, TRANSFER_FLOWS, type TransferFlowId } from '../../contract/transfers';
import type { Language } from '../i18n';
import { CONTROL_CLASS, FIELD_CLASS, OptionalDayRange } from '../reports/DateRangeControl';
import type { ApprovalFilters as Filters } from './authorize-machine';
import { flowLabel } from './flow-label';

export function ApprovalFilters({
  filters,
  lang,
  onChange,
}: {
  filters: Filters;
  lang: Language;
  onChange: (change: Partial<Filters>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  // The search goes on Enter or the button, not per keystroke: one request on a slow link.
  const [q, setQ] = useState(filters.q);
  const label = 'text-xs font-medium text-slate-600';

  return (
    <form
      aria-label={t('approvals.filters')}
      className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ q: q.trim() });
      }}
    >
      <div className={FIELD_CLASS}>
        <label htmlFor={`${id}-status`} className={label}>
          {t('approvals.status')}
        </label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(e) => onChange({ status: e.target.value as ApprovalStatus | '' })}
          className={CONTROL_CLASS}
        >
          {APPROVAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`approvals.statuses.${s}`)}
            </option>
          ))}
          <option value="">{t('approvals.statusAll')}</option>
        </select>
      </div>
      <div className={FIELD_CLASS}>
        <label htmlFor={`${id}-flow`} className={label}>
          {t('approvals.flow')}
        </label>
        <select
          id={`${id}-flow`}
          value={filters.flow}
          onChange={(e) => onChange({ flow: e.target.value as TransferFlowId | '' })}
          className={CONTROL_CLASS}
        >
          <option value="">{t('approvals.flowAll')}</option>
          {TRANSFER_FLOWS.map((f) => (
            <option key={f.id} value={f.id}>
              {flowLabel(f, lang)}
            </option>
          ))}
        </select>
      </div>
      <OptionalDayRange
        from={filters.from}
        to={filters.to}
        fromLabel={t('approvals.from')}
        toLabel={t('approvals.to')}
        onChange={onChange}
      />
      <div className="flex w-full flex-col gap-1 sm:w-64">
        <label htmlFor={`${id}-q`} className={label}>
          {t('approvals.search')}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-q`}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className={CONTROL_CLASS}
          />
          <button
            type="submit"
            className="flex h-9 shrink-0 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            <Search size={16} aria-hidden />
            {t('approvals.searchButton')}
          </button>
        </div>
      </div>
    </form>
  );
}
