/** The review list's filter bar: search, KYC status, registration dates, enrolling agent and region. */
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycStatus } from '../../contract/kyc';
import { KYC_STATUSES } from '../../contract/ledger';
import { SENEGAL_REGIONS } from '../../contract/registration';
import { CONTROL_CLASS, FIELD_CLASS, OptionalDayRange } from '../reports/DateRangeControl';
import { isAgentNumber, type ReviewFilters as Filters } from './review-query';

const LABEL = 'text-xs font-medium text-slate-600';

export function ReviewFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (change: Partial<Filters>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  // Typed values go on Enter or the button, not per keystroke: one request on a slow link.
  const [q, setQ] = useState(filters.q);
  const [agent, setAgent] = useState(filters.agent);
  const agentWrong = agent.trim() !== '' && !isAgentNumber(agent.trim());
  const [showAgentError, setShowAgentError] = useState(false);

  return (
    <form
      aria-label={t('kyc.filters.label')}
      noValidate
      className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        setShowAgentError(agentWrong);
        if (agentWrong) {
          document.getElementById(`${id}-agent`)?.focus();
          return;
        }
        onChange({ q: q.trim(), agent: agent.trim().toUpperCase() });
      }}
    >
      <div className="flex w-full flex-col gap-1 sm:w-72">
        <label htmlFor={`${id}-q`} className={LABEL}>
          {t('kyc.filters.search')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={q}
          maxLength={80}
          placeholder={t('kyc.filters.searchHint')}
          onChange={(e) => setQ(e.target.value)}
          className={CONTROL_CLASS}
        />
      </div>
      <div className={FIELD_CLASS}>
        <label htmlFor={`${id}-status`} className={LABEL}>
          {t('kyc.filters.status')}
        </label>
        <select
          id={`${id}-status`}
          value={filters.kycStatus}
          onChange={(e) => onChange({ kycStatus: e.target.value as KycStatus | '' })}
          className={CONTROL_CLASS}
        >
          <option value="">{t('kyc.filters.allStatuses')}</option>
          {KYC_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`reports.values.kyc.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <OptionalDayRange
        from={filters.from}
        to={filters.to}
        fromLabel={t('kyc.filters.from')}
        toLabel={t('kyc.filters.to')}
        onChange={onChange}
      />
      <div className={FIELD_CLASS}>
        <label htmlFor={`${id}-agent`} className={LABEL}>
          {t('kyc.filters.agent')}
        </label>
        <input
          id={`${id}-agent`}
          type="text"
          value={agent}
          placeholder="AGT-00012"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={showAgentError && agentWrong}
          aria-describedby={showAgentError && agentWrong ? `${id}-agent-error` : undefined}
          onChange={(e) => setAgent(e.target.value)}
          className={`${CONTROL_CLASS} aria-[invalid=true]:border-red-600`}
        />
        {showAgentError && agentWrong && (
          <p id={`${id}-agent-error`} className="text-xs font-medium text-red-700">
            {t('kyc.filters.agentFormat')}
          </p>
        )}
      </div>
      <div className={FIELD_CLASS}>
        <label htmlFor={`${id}-region`} className={LABEL}>
          {t('kyc.filters.region')}
        </label>
        <select
          id={`${id}-region`}
          value={filters.region}
          onChange={(e) => onChange({ region: e.target.value })}
          className={CONTROL_CLASS}
        >
          <option value="">{t('kyc.filters.allRegions')}</option>
          {SENEGAL_REGIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="flex h-9 shrink-0 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        <Search size={16} aria-hidden />
        {t('kyc.filters.apply')}
      </button>
    </form>
  );
}
