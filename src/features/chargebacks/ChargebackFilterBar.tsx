import type { TFunction } from '../../i18n/translator';
import { useState } from 'react';
import { CHARGEBACK_STATUSES } from '../../../contract/chargebacks';
import { OptionalDayRange } from '../../ui/DateRangeControl';
import { FilterBar, SearchButton, SelectFilter, TextFilter } from '../../ui/list/FilterBar';
import type { ChargebackFilters } from './list-machine';
import { statusLabel } from './chargeback-labels';
import { CHARGEBACK_MESSAGES_KEY as K } from './messages';

/** What narrows the list of chargebacks. */
export function ChargebackFilterBar({
  filters,
  t,
  onChange,
}: {
  filters: ChargebackFilters;
  t: TFunction;
  onChange: (change: Partial<ChargebackFilters>) => void;
}) {
  const [q, setQ] = useState(filters.q);
  return (
    <FilterBar label={t(`${K}.list.filters`)} className="" onSubmit={() => onChange({ q: q.trim() })}>
      <SelectFilter
        label={t(`${K}.list.status`)}
        value={filters.status}
        choices={[
          ...CHARGEBACK_STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) })),
          { value: '', label: t(`${K}.list.statusAll`) },
        ]}
        onChange={(status) => onChange({ status: status as ChargebackFilters['status'] })}
      />
      <OptionalDayRange
        from={filters.from}
        to={filters.to}
        fromLabel={t(`${K}.list.from`)}
        toLabel={t(`${K}.list.to`)}
        onChange={onChange}
      />
      <TextFilter
        label={t(`${K}.list.search`)}
        type="text"
        value={q}
        onChange={setQ}
        button={<SearchButton label={t(`${K}.list.searchButton`)} compact />}
      />
    </FilterBar>
  );
}
