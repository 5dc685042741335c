/** The authorize page's filter bar: status (pending by default), flow, dates and a search. */
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import {
  APPROVAL_STATUSES,
  type ApprovalStatus,
  TRANSFER_FLOWS,
  type TransferFlowId,
} from '../../../contract/transfers';
import type { Language } from '../../i18n';
import { OptionalDayRange } from '../../ui/DateRangeControl';
import { FilterBar, SearchButton, SelectFilter, TextFilter } from '../../ui/list/FilterBar';
import type { ApprovalFilters as Filters } from './authorize-machine';
import { flowLabel } from './flow-label';
import { valueLabel } from '../../ui/values';

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
  // The search goes on Enter or the button, not per keystroke: one request on a slow link.
  const [q, setQ] = useState(filters.q);

  return (
    <FilterBar label={t('approvals.filters')} onSubmit={() => onChange({ q: q.trim() })}>
      <SelectFilter
        label={t('approvals.status')}
        value={filters.status}
        choices={[
          ...APPROVAL_STATUSES.map((s) => ({ value: s, label: valueLabel(t, 'status', s) })),
          { value: '', label: t('approvals.statusAll') },
        ]}
        onChange={(status) => onChange({ status: status as ApprovalStatus | '' })}
      />
      <SelectFilter
        label={t('approvals.flow')}
        value={filters.flow}
        choices={[
          { value: '', label: t('approvals.flowAll') },
          ...TRANSFER_FLOWS.map((f) => ({ value: f.id, label: flowLabel(f, lang) })),
        ]}
        onChange={(flow) => onChange({ flow: flow as TransferFlowId | '' })}
      />
      <OptionalDayRange
        from={filters.from}
        to={filters.to}
        fromLabel={t('approvals.from')}
        toLabel={t('approvals.to')}
        onChange={onChange}
      />
      <TextFilter
        label={t('approvals.search')}
        value={q}
        onChange={setQ}
        button={<SearchButton label={t('approvals.searchButton')} />}
      />
    </FilterBar>
  );
}
