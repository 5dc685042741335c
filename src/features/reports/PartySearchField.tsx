/**
 * The report's search box. Its text filters the rows after a pause in typing, as before; it
 * also offers the customers, agents and merchants the text names (GET search/parties), since
 * one name is often several wallets. Choosing one sets the account filter and clears the text.
 * It is a combobox: Up and Down move through the people, Enter chooses, Escape closes.
 */
import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { PartySuggestion } from '../../../contract/details';
import { useServices } from '../../app/ServicesContext';
import { useTranslation } from '../../i18n/react';
import { CONTROL_CLASS } from '../../ui/DateRangeControl';
import { familyOf, valueLabel } from '../../ui/values';
import { reportsApi } from './reports-api';

export const SEARCH_DEBOUNCE_MS = 350;
const MIN_LENGTH = 2;

/** The people a text names, asked once the typing pauses; the last text's answer wins. */
function useParties(text: string): { text: string; parties: PartySuggestion[] } {
  const { api } = useServices();
  const [found, setFound] = useState<{ text: string; parties: PartySuggestion[] }>({ text: '', parties: [] });
  useEffect(() => {
    const q = text.trim();
    if (q.length < MIN_LENGTH) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      reportsApi(api)
        .parties(q, abort.signal)
        .then((parties) => setFound({ text: q, parties }))
        // A failed suggestion list leaves the plain search working: nothing to show.
        .catch(() => undefined);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [api, text]);
  return found;
}

export function PartySearchField({
  id,
  value,
  onSearch,
  onChoose,
}: {
  id: string;
  value: string;
  onSearch: (q: string) => void;
  onChoose: (party: PartySuggestion) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const sent = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const found = useParties(text);
  const parties = found.text === text.trim() && text.trim().length >= MIN_LENGTH ? found.parties : [];
  const open = !dismissed && parties.length > 0;
  const listId = `${id}-parties`;
  const list = useRef<HTMLDivElement>(null);

  // On a phone the field sits low in the filters: the people it offers come up into view.
  useEffect(() => {
    if (open) list.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open]);

  // The URL changed under us (Back, Clear filters, a party chosen): show what it says.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const q = text.trim();
    if (q === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = q;
      onSearchRef.current(q);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  function choose(party: PartySuggestion) {
    sent.current = '';
    setText('');
    setActive(-1);
    onChoose(party);
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setDismissed(true);
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp' && e.key !== 'Enter') return;
    if (e.key === 'Enter') {
      const party = open ? parties[active] : undefined;
      if (party) {
        e.preventDefault();
        choose(party);
      }
      return;
    }
    e.preventDefault();
    setDismissed(false);
    const step = e.key === 'ArrowDown' ? 1 : -1;
    // -1 (the typed text itself) sits between the last party and the first.
    setActive((i) => {
      const next = i + step;
      return next >= parties.length ? -1 : next < -1 ? parties.length - 1 : next;
    });
  }

  const activeIndex = active >= parties.length ? -1 : active;
  return (
    <div className="flex w-full flex-col gap-1 sm:w-72">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {t('reports.filter.search')}
      </label>
      <div className="relative">
        <Search size={16} aria-hidden className="pointer-events-none absolute top-2.5 left-2 text-muted" />
        <input
          id={id}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(-1);
            setDismissed(false);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setDismissed(true)}
          onFocus={() => setDismissed(false)}
          autoComplete="off"
          className={`${CONTROL_CLASS} pl-8`}
        />
        {open && (
          <div
            ref={list}
            id={listId}
            role="listbox"
            aria-label={t('reports.party.suggestions', { text: found.text })}
            className="absolute top-full right-0 left-0 z-30 mt-1 max-h-80 overflow-y-auto rounded-md border border-line bg-raised p-1 text-sm text-ink shadow-lg"
          >
            {parties.map((party, index) => (
              <div
                key={party.number}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === activeIndex}
                aria-label={t('reports.party.choose', { name: party.name, number: party.number })}
                // Chosen on mouse down, before the field's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(party);
                }}
                className={`cursor-pointer rounded px-2 py-1.5 ${index === activeIndex ? 'bg-brand-100 dark:bg-brand-900' : 'hover:bg-surface'}`}
              >
                <span className="flex items-baseline justify-between gap-2">
                  <span className="font-medium">{party.name}</span>
                  <span className="text-xs text-muted">{valueLabel(t, familyOf('kind'), party.kind)}</span>
                </span>
                <span className="block text-xs text-muted tabular-nums">
                  {[party.number, party.phone].filter(Boolean).join(' · ')}
                </span>
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
