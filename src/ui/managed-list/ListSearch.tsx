/** A managed list's search bar: a search box, then the list's own filters. */
import { Search } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { CONTROL_CLASS } from '../DateRangeControl';
import { FilterField } from '../list/FilterBar';

export function ListSearch({
  label,
  searchLabel,
  searchHint,
  value,
  onSearch,
  children,
}: {
  /** Names the search landmark. */
  label: string;
  searchLabel: string;
  searchHint: string;
  value: string;
  onSearch: (q: string) => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <search
      aria-label={label}
      className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-line bg-raised p-3 shadow-sm"
    >
      <FilterField id={id} label={searchLabel} width="sm:w-72">
        <div className="relative">
          <Search size={16} aria-hidden className="pointer-events-none absolute top-2.5 left-2 text-muted" />
          <input
            id={id}
            type="search"
            value={value}
            maxLength={80}
            placeholder={searchHint}
            onChange={(e) => onSearch(e.target.value)}
            className={`${CONTROL_CLASS} pl-8`}
          />
        </div>
      </FilterField>
      {children}
    </search>
  );
}
