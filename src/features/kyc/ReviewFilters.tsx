/** The review list's filter bar: search, KYC status, registration dates, enrolling agent and region. */
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { KYC_STATUSES } from '../../../contract/ledger';
import { SENEGAL_REGIONS } from '../../../contract/senegal-formats';
import { CONTROL_CLASS, OptionalDayRange } from '../../ui/DateRangeControl';
import { FilterBar, FilterField, SearchButton, SelectFilter, TextFilter } from '../../ui/list/FilterBar';
import { ALL_STATUSES, isAgentNumber, type ReviewFilters as Filters, type StatusChoice } from './review-query';

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
    <FilterBar
      label={t('kyc.filters.label')}
      onSubmit={() => {
        setShowAgentError(agentWrong);
        if (agentWrong) {
          document.getElementById(`${id}-agent`)?.focus();
          return;
        }
        onChange({ q: q.trim(), agent: agent.trim().toUpperCase() });
      }}
    >
      <TextFilter
        label={t('kyc.filters.search')}
        value={q}
        placeholder={t('kyc.filters.searchHint')}
        width="sm:w-72"
        onChange={setQ}
      />
      <SelectFilter
        label={t('kyc.filters.status')}
        value={filters.kycStatus}
        choices={[
          { value: ALL_STATUSES, label: t('kyc.filters.allStatuses') },
          ...KYC_STATUSES.map((s) => ({ value: s, label: t(`reports.values.kyc.${s}`) })),
        ]}
        onChange={(kycStatus) => onChange({ kycStatus: kycStatus as StatusChoice })}
      />
      <OptionalDayRange
        from={filters.from}
        to={filters.to}
        fromLabel={t('kyc.filters.from')}
        toLabel={t('kyc.filters.to')}
        onChange={onChange}
      />
      <FilterField id={`${id}-agent`} label={t('kyc.filters.agent')}>
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
          className={`${CONTROL_CLASS} aria-[invalid=true]:border-danger`}
        />
        {showAgentError && agentWrong && (
          <p id={`${id}-agent-error`} className="text-xs font-medium text-danger">
            {t('kyc.filters.agentFormat')}
          </p>
        )}
      </FilterField>
      <SelectFilter
        label={t('kyc.filters.region')}
        value={filters.region}
        choices={[
          { value: '', label: t('kyc.filters.allRegions') },
          ...SENEGAL_REGIONS.map((r) => ({ value: r, label: r })),
        ]}
        onChange={(region) => onChange({ region })}
      />
      <SearchButton label={t('kyc.filters.apply')} />
    </FilterBar>
  );
}
