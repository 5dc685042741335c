import { X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../i18n/react';
import type { TFunction } from '../../i18n/translator';
import type { FilterKind, ReportDef } from '../../../contract/reports';
import type { ValueFamily } from '../../../contract/report-values';
import type { Bank } from '../../api/types';
import { Button } from '../../ui/Button';
import { RANGE_PRESETS } from '../../ui/dates';
import { CONTROL_CLASS, DateRangeControl, FIELD_CLASS, type RangeValue } from '../../ui/DateRangeControl';
import { FILTER_PARAM, type FilterParam, filterOptions, hasDateRange, type ReportView } from './report-query';
import { familyOf, valueLabel } from '../../ui/values';
import { AccountFilterChip, rememberPartyName } from './AccountFilterChip';
import { PartySearchField } from './PartySearchField';

/** The filters chosen from a list of values; the search text and the account are typed or picked. */
type ChoiceFilter = Exclude<FilterKind, 'search' | 'account'>;

export { SEARCH_DEBOUNCE_MS } from './PartySearchField';
const REPORT_PRESETS = RANGE_PRESETS.filter((p) => p !== '30d');

/** The translation family of each select filter's values. */
const FILTER_FAMILY: Record<Exclude<ChoiceFilter, 'bank'>, ValueFamily | undefined> = {
  status: familyOf('status'),
  service: familyOf('service'),
  type: familyOf('type'),
  network: familyOf('network'),
  kycStatus: familyOf('kycStatus'),
  accountStatus: familyOf('status'),
};

/** How a select filter's value reads, on screen and on paper: a bank's name, a code's label. */
export function filterValueLabel(t: TFunction, kind: ChoiceFilter, value: string, banks: readonly Bank[]): string {
  return kind === 'bank'
    ? (banks.find((b) => b.code === value)?.name ?? value)
    : valueLabel(t, FILTER_FAMILY[kind], value);
}

export interface FilterChange {
  filters?: Partial<Record<FilterParam, string | undefined>>;
  range?: RangeValue;
}

/** The report's period and filters. Selects apply at once; the search waits for a pause in typing. */
export function ReportFilters({
  report,
  view,
  banks,
  onChange,
}: {
  report: ReportDef;
  view: ReportView;
  banks: readonly Bank[];
  /** `replace` is true for typing (no history entry per keystroke). */
  onChange: (change: FilterChange, options: { replace: boolean }) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const bankCodes = banks.map((b) => b.code);
  const selects = report.filters.filter((f): f is ChoiceFilter => f !== 'search' && f !== 'account');
  const hasSearch = report.filters.includes('search');
  const active = Object.values(view.filters).some(Boolean);

  return (
    <section
      aria-label={t('reports.filters')}
      className="mb-4 rounded-lg border border-line bg-raised p-3 shadow-sm print:hidden"
    >
      <div className="flex flex-wrap items-end gap-3">
        {hasDateRange(report) && (
          <DateRangeControl
            value={{ preset: view.preset, from: view.from, to: view.to }}
            presets={REPORT_PRESETS}
            onChange={(range) => onChange({ range }, { replace: false })}
          />
        )}
        {selects.map((kind) => {
          const param = FILTER_PARAM[kind];
          const options = filterOptions(report, kind, bankCodes) ?? [];
          const labelOf = (value: string) => filterValueLabel(t, kind, value, banks);
          const current = view.filters[param] ?? '';
          return (
            <div key={kind} className={FIELD_CLASS}>
              <label htmlFor={`${id}-${kind}`} className="text-xs font-medium text-muted">
                {t(`reports.filter.${kind}`)}
              </label>
              <select
                id={`${id}-${kind}`}
                value={current}
                onChange={(e) => onChange({ filters: { [param]: e.target.value || undefined } }, { replace: false })}
                className={CONTROL_CLASS}
              >
                <option value="">{t('reports.all')}</option>
                {current && !options.includes(current) && <option value={current}>{labelOf(current)}</option>}
                {options.map((value) => (
                  <option key={value} value={value}>
                    {labelOf(value)}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
        {hasSearch && (
          <PartySearchField
            id={`${id}-search`}
            value={view.filters.q ?? ''}
            onSearch={(q) => onChange({ filters: { q: q || undefined } }, { replace: true })}
            onChoose={(party) => {
              rememberPartyName(party.number, party.name);
              onChange({ filters: { q: undefined, account: party.number } }, { replace: false });
            }}
          />
        )}
        {view.filters.account && (
          <AccountFilterChip
            number={view.filters.account}
            onRemove={() => onChange({ filters: { account: undefined } }, { replace: false })}
          />
        )}
        {active && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              onChange(
                { filters: Object.fromEntries(Object.keys(view.filters).map((k) => [k, undefined])) },
                { replace: false },
              )
            }
          >
            <X size={16} aria-hidden />
            {t('reports.clearFilters')}
          </Button>
        )}
      </div>
    </section>
  );
}
