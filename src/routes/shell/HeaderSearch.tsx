/**
 * The header search's combobox (its box is HeaderSearchBox.tsx): a phone, account number,
 * reference or name, among what the user's reports list (GET search). The matches
 * drop down below the box as a listbox: people first, then transactions, then "See all
 * results" (the user's transaction report searched by the same text); Up and Down move through
 * them, Enter opens the highlighted one (or the single match, or all results), Escape closes.
 */
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import { formatXof } from '../../i18n/format';
import { isLanguage } from '../../i18n/languages';
import { useTranslation } from '../../i18n/react';
import {
  headerSearchMachine,
  type SearchOption,
  selectSearchActive,
  selectSearchBusy,
  selectSearchFailed,
  selectSearchOpen,
  selectSearchOptions,
  selectSearchResult,
  selectSearchText,
} from '../../machines/header-search';
import type { MenuSection } from '../../../contract/navigation/types';
import { CanOpenProvider } from '../../ui/detail-links';
import { familyOf, valueLabel } from '../../ui/values';
import { useNoMatch } from '../../ui/list/use-no-match';
import { searchMatches } from './header-search-api';
import type { SearchBoxHandle, SearchWiring } from './header-search-wiring';
import { type AllResults, useAllResults } from './use-all-results';

/** The combobox of the box HeaderSearchBox draws, loaded with the box's first focus. */
export default function HeaderSearchCombobox({
  sections,
  canOpen,
  box,
  wire,
}: {
  sections: readonly MenuSection[];
  canOpen: (path: string) => boolean;
  box: RefObject<SearchBoxHandle>;
  wire: (wiring: SearchWiring) => void;
}) {
  const allResults = useAllResults(sections);
  return (
    <CanOpenProvider value={canOpen}>
      <HeaderSearch allResults={allResults} box={box} wire={wire} />
    </CanOpenProvider>
  );
}

function HeaderSearch({
  allResults,
  box,
  wire,
}: {
  allResults: AllResults | null;
  box: RefObject<SearchBoxHandle>;
  wire: (wiring: SearchWiring) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const { api } = useServices();
  const navigate = useNavigate();
  const resultsId = useId();
  const actor = useActorRef(
    headerSearchMachine.provide({
      actors: {
        search: fromPromise(({ input: { text }, signal }) => searchMatches(api, text, signal)),
      },
      actions: {
        openMatch: (_, { path }) => {
          box.current.input?.blur();
          void navigate({ to: path });
        },
        openAll: (_, filter) => {
          box.current.input?.blur();
          if (allResults) void navigate(allResults(filter));
        },
      },
    }),
    { input: { canSeeAll: allResults !== null } },
  );
  const open = useSelector(actor, selectSearchOpen);
  const busy = useSelector(actor, selectSearchBusy);
  const result = useSelector(actor, selectSearchResult);
  const failed = useSelector(actor, selectSearchFailed);
  const options = useSelector(actor, selectSearchOptions);
  const active = useSelector(actor, selectSearchActive);
  const text = useSelector(actor, selectSearchText);
  const optionId = (index: number) => `${resultsId}-${index}`;

  // "/" opens the command palette (decision 057), which finds pages as well as people.
  const empty = result && result.accounts.length + result.transactions.length === 0;
  const listed = open && options.length > 0;

  // What was typed (and an Enter pressed) while this code was on its way counts as typed now.
  useEffect(() => {
    const typed = box.current.input?.value ?? '';
    if (typed) actor.send({ type: 'search.type', text: typed });
    if (box.current.submitted) actor.send({ type: 'search.submit' });
    box.current.submitted = false;
  }, [actor, box]);

  const activeDescendant = listed && active >= 0 ? optionId(active) : undefined;
  useLayoutEffect(() => {
    wire({
      input: {
        'aria-expanded': listed,
        // Only while the results are in the page: an id that points at nothing is invalid ARIA.
        'aria-controls': listed ? resultsId : undefined,
        'aria-activedescendant': activeDescendant,
        onChange: (e) => actor.send({ type: 'search.type', text: e.target.value }),
        onKeyDown: (e) => {
          const event = KEY_EVENTS[e.key];
          if (!event) return;
          // Escape on a closed list is left to the field, which clears its text.
          if (e.key !== 'Escape' || open) e.preventDefault();
          actor.send({ type: event });
        },
      },
      // Leaving the field and its list (options are picked on mouse down, before any blur) closes the list.
      onBlur: (e) => {
        if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) {
          actor.send({ type: 'search.close' });
        }
      },
    });
  }, [wire, actor, listed, open, resultsId, activeDescendant]);

  const optionsOf = (kind: SearchOption['kind']) =>
    options.flatMap((option, index) =>
      option.kind === kind ? [{ option, index, selected: index === active, id: optionId(index) }] : [],
    );
  const pick = (index: number) => actor.send({ type: 'search.pick', index });
  const accounts = optionsOf('account');
  const transactions = optionsOf('transaction');
  const [all] = optionsOf('all');
  const { nothingMatches } = useNoMatch();
  if (!open) return null;
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a list that may scroll must be reachable by keyboard.
      tabIndex={0}
      aria-label={t('headerSearch.results')}
      onKeyDown={(e) => e.key === 'Escape' && actor.send({ type: 'search.close' })}
      className="absolute top-full right-0 left-0 z-40 mt-1 max-h-[70vh] min-w-64 overflow-y-auto rounded-md border border-line bg-raised p-2 text-sm text-ink shadow-lg"
    >
      <div aria-live="polite">
        {busy && <p className="p-2 text-muted">{t('headerSearch.searching')}</p>}
        {failed && <p className="p-2 text-danger">{t('headerSearch.failed')}</p>}
        {empty && <p className="p-2 text-muted">{nothingMatches(text)}</p>}
      </div>
      {listed && (
        <div id={resultsId} role="listbox" aria-label={t('headerSearch.results')}>
          {accounts.length > 0 && (
            <OptionGroup id={`${resultsId}-accounts`} title={t('headerSearch.accounts')}>
              {accounts.map(({ option, index, ...props }) =>
                option.kind === 'account' ? (
                  <SearchOptionRow key={option.path} {...props} onPick={() => pick(index)}>
                    <span className="flex items-baseline justify-between gap-2">
                      <span className={LINK_LIKE}>{option.account.holder}</span>
                      <span className="text-xs text-muted">{valueLabel(t, familyOf('kind'), option.account.kind)}</span>
                    </span>
                    <span className="block text-xs text-muted tabular-nums">
                      {[option.account.number, option.account.phone].filter(Boolean).join(' · ')}
                    </span>
                  </SearchOptionRow>
                ) : null,
              )}
            </OptionGroup>
          )}
          {transactions.length > 0 && (
            <OptionGroup id={`${resultsId}-transactions`} title={t('headerSearch.transactions')}>
              {transactions.map(({ option, index, ...props }) =>
                option.kind === 'transaction' ? (
                  <SearchOptionRow key={option.path} {...props} onPick={() => pick(index)}>
                    <span className={LINK_LIKE}>{option.transaction.reference}</span>{' '}
                    <span className="tabular-nums">{formatXof(option.transaction.amount, lang)}</span>
                    <span className="block text-xs text-muted">
                      {[option.transaction.from, option.transaction.to].filter(Boolean).join(' → ')}
                    </span>
                  </SearchOptionRow>
                ) : null,
              )}
            </OptionGroup>
          )}
          {all && (
            <SearchOptionRow
              id={all.id}
              selected={all.selected}
              onPick={() => pick(all.index)}
              // Ten transactions run past the fold: the way to all of them stays in view below them.
              pinned
            >
              <span className={LINK_LIKE}>{t('headerSearch.seeAll', { text })}</span>
            </SearchOptionRow>
          )}
        </div>
      )}
    </section>
  );
}

/** Options show as links, though the listbox opens them: a link inside an option is a control inside a control. */
const LINK_LIKE = 'font-medium text-accent-strong underline decoration-brand-300 underline-offset-2';

function OptionGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of a listbox's options; a fieldset groups form fields
    <div role="group" aria-labelledby={id}>
      <div id={id} className={GROUP_HEADING}>
        {title}
      </div>
      {children}
    </div>
  );
}

function SearchOptionRow({
  id,
  selected,
  onPick,
  pinned = false,
  children,
}: {
  id: string;
  selected: boolean;
  onPick: () => void;
  /** Stays at the bottom of the list while the rest scrolls. */
  pinned?: boolean;
  children: ReactNode;
}) {
  const row = useRef<HTMLDivElement>(null);
  // The arrow keys may highlight an option below the fold: it scrolls into view.
  useEffect(() => {
    if (selected) row.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  return (
    <div
      ref={row}
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      // On mouse down, so the field keeps its focus and the list stays until the choice is made.
      onMouseDown={(e) => {
        e.preventDefault();
        onPick();
      }}
      className={`cursor-pointer rounded px-2 py-1.5 ${pinned ? 'sticky -bottom-2 border-t border-line' : ''} ${
        selected ? 'bg-brand-100 dark:bg-brand-900' : `hover:bg-surface ${pinned ? 'bg-raised' : ''}`
      }`}
    >
      {children}
    </div>
  );
}

const GROUP_HEADING = 'px-2 pt-1 text-xs font-semibold text-muted uppercase';

const KEY_EVENTS: Record<string, 'search.next' | 'search.previous' | 'search.submit' | 'search.close'> = {
  ArrowDown: 'search.next',
  ArrowUp: 'search.previous',
  Enter: 'search.submit',
  Escape: 'search.close',
};
