/**
 * The header's search box, drawn with the frame; its combobox (the machine, the list of matches
 * and the code it shares with the pages) comes with the first focus of the box (decision 061),
 * so the first signed-in view does not download it. The input stays the same element once the
 * combobox arrives: it takes over the input's events and attributes through `wire`, and picks
 * up what was typed meanwhile (and an Enter pressed meanwhile).
 */
import { Search } from 'lucide-react';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { MenuSection } from '../../../contract/navigation/types';
import { useTranslation } from '../../i18n/react';
import type { SearchBoxHandle, SearchWiring } from './header-search-wiring';
import { useDetailCanOpen } from './use-detail-can-open';

const HeaderSearchCombobox = lazy(() => import('./HeaderSearch'));

// The detail pages' paths (src/ui/detail-links.tsx), here so the frame does not import the kit.
const DETAIL_EXAMPLES = ['/transactions/-', '/accounts/-'];

/** Shown to users whose reports list transactions or accounts, and so may open such a row. */
export function HeaderSearchBox({ sections }: { sections: readonly MenuSection[] }) {
  const { t } = useTranslation();
  const canOpen = useDetailCanOpen(sections);
  const [wanted, setWanted] = useState(false);
  const [wiring, setWiring] = useState<SearchWiring | null>(null);
  const box = useRef<SearchBoxHandle>({ input: null, submitted: false });
  const inputRef = useCallback((element: HTMLInputElement | null) => {
    box.current.input = element;
  }, []);
  if (!DETAIL_EXAMPLES.some(canOpen)) return null;
  const want = () => setWanted(true);
  return (
    <search
      onBlur={wiring?.onBlur}
      className="relative min-w-10 flex-1 sm:max-w-sm max-sm:focus-within:absolute max-sm:focus-within:inset-x-2 max-sm:focus-within:top-2.5 max-sm:focus-within:z-40"
    >
      <label className="group relative block">
        <span className="sr-only">{t('headerSearch.label')}</span>
        <Search
          size={16}
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2 -translate-y-1/2 text-brand-50/70 group-focus-within:text-muted"
        />
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={false}
          placeholder={t('headerSearch.placeholder')}
          onFocus={want}
          onChange={want}
          onKeyDown={(e) => {
            if (e.key === 'Enter') box.current.submitted = true;
          }}
          {...wiring?.input}
          className="w-full min-w-0 rounded-md border border-brand-50/20 bg-brand-50/10 py-1.5 pr-2 pl-8 text-sm text-brand-50 placeholder:text-brand-50/60 focus:bg-raised focus:text-ink focus:placeholder:text-muted focus:outline-none"
        />
      </label>
      {wanted && (
        <Suspense fallback={null}>
          <HeaderSearchCombobox sections={sections} canOpen={canOpen} box={box} wire={setWiring} />
        </Suspense>
      )}
    </search>
  );
}
