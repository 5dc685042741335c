/**
 * The header's search box: a phone, account number, reference or name, among what the user's
 * reports list (GET search). "/" focuses it unless the user is typing in a field. The matches
 * drop down below the box as a listbox: people first, then transactions, then "See all
 * results" (the user's transaction report searched by the same text); Up and Down move through
 * them, Enter opens the highlighted one (or the single match, or all results), Escape closes.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import { formatXof } from '../../i18n/format';
import { isLanguage } from '../../i18n/languages';
import { useTranslation } from '../../i18n/react';
import {
  headerSearchMachine,
  selectSearchActive,
  selectSearchBusy,
  selectSearchFailed,
  selectSearchOpen,
  selectSearchOptions,
  selectSearchResult,
  selectSearchText,
} from '../../machines/header-search';
import type { MenuSection } from '../../../contract/navigation/types';
import { accountPath, CanOpenProvider, DetailLink, transactionPath } from '../../ui/detail-links';
import { familyOf, valueLabel } from '../../ui/values';
import { searchMatches } from './header-search-api';
import { type AllResults, useAllResults } from './use-all-results';
import { useDetailCanOpen } from './use-detail-can-open';

/** A key press meant for a field (or with a modifier) is not the shortcut. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Shown to users whose reports list transactions or accounts, and so may open such a row. */
export default function HeaderSearchIfAllowed({ sections }: { sections: readonly MenuSection[] }) {
  const canOpen = useDetailCanOpen(sections);
  const allResults = useAllResults(sections);
  if (![transactionPath('-'), accountPath('-')].some(canOpen)) return null;
  return (
    <CanOpenProvider value={canOpen}>
      <HeaderSearch allResults={allResults} />
    </CanOpenProvider>
  );
}

function HeaderSearch({ allResults }: { allResults: AllResults | null }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const { api } = useServices();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const resultsId = useId();
  const actor = useActorRef(
    headerSearchMachine.provide({
      actors: {
        search: fromPromise(({ input: { text }, signal }) => searchMatches(api, text, signal)),
      },
      actions: {
        openMatch: (_, { path }) => {
          input.current?.blur();
          void navigate({ to: path });
        },
        openAll: (_, { text }) => {
          input.current?.blur();
          if (allResults) void navigate(allResults.byText(text));
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

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      e.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const close = () => actor.send({ type: 'search.close' });
  const empty = result && result.accounts.length + result.transactions.length === 0;
  const indexed = options.map((option, index) => ({ option, index }));
  const accounts = indexed.filter((o) => o.option.kind === 'account');
  const transactions = indexed.filter((o) => o.option.kind === 'transaction');
  const all = indexed.find((o) => o.option.kind === 'all');
  const listed = open && options.length > 0;
  const option = (index: number, children: ReactNode) => (
    <div
      key={index}
      id={optionId(index)}
      role="option"
      tabIndex={-1}
      aria-selected={index === active}
      className={`rounded px-2 py-1.5 ${index === active ? 'bg-brand-100 dark:bg-brand-900' : 'hover:bg-surface'}`}
    >
      {children}
    </div>
  );
  return (
    <search className="relative min-w-10 flex-1 sm:max-w-sm max-sm:focus-within:absolute max-sm:focus-within:inset-x-2 max-sm:focus-within:top-2.5 max-sm:focus-within:z-40">
      <label className="group relative block">
        <span className="sr-only">{t('headerSearch.label')}</span>
        <Search
          size={16}
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2 -translate-y-1/2 text-brand-50/70 group-focus-within:text-muted"
        />
        <input
          ref={input}
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={listed}
          // Only while the results are in the page: an id that points at nothing is invalid ARIA.
          aria-controls={listed ? resultsId : undefined}
          aria-activedescendant={listed && active >= 0 ? optionId(active) : undefined}
          placeholder={t('headerSearch.placeholder')}
          onChange={(e) => actor.send({ type: 'search.type', text: e.target.value })}
          onKeyDown={(e) => {
            const event = KEY_EVENTS[e.key];
            if (!event) return;
            if (e.key !== 'Escape' || open) e.preventDefault();
            actor.send({ type: event });
          }}
          className="w-full min-w-0 rounded-md border border-brand-50/20 bg-brand-50/10 py-1.5 pr-2 pl-8 text-sm text-brand-50 placeholder:text-brand-50/60 focus:bg-raised focus:text-ink focus:placeholder:text-muted focus:outline-none"
        />
      </label>
      {open && (
        <section
          aria-label={t('headerSearch.results')}
          onClick={(e) => {
            if (e.target instanceof Element && e.target.closest('a')) close();
          }}
          onKeyDown={(e) => e.key === 'Escape' && close()}
          className="absolute top-full right-0 left-0 z-40 mt-1 max-h-[70vh] min-w-64 overflow-y-auto rounded-md border border-line bg-raised p-2 text-sm text-ink shadow-lg"
        >
          <div aria-live="polite">
            {busy && <p className="p-2 text-muted">{t('headerSearch.searching')}</p>}
            {failed && <p className="p-2 text-danger">{t('headerSearch.failed')}</p>}
            {empty && <p className="p-2 text-muted">{t('headerSearch.none')}</p>}
          </div>
          {listed && (
            <div id={resultsId} role="listbox" aria-label={t('headerSearch.results')}>
              {accounts.length > 0 && (
                // biome-ignore lint/a11y/useSemanticElements: a group of a listbox's options; a fieldset groups form fields
                <div role="group" aria-labelledby={`${resultsId}-accounts`}>
                  <div id={`${resultsId}-accounts`} className={GROUP_HEADING}>
                    {t('headerSearch.accounts')}
                  </div>
                  {accounts.map(({ option: o, index }) =>
                    o.kind === 'account'
                      ? option(
                          index,
                          <>
                            <span className="flex items-baseline justify-between gap-2">
                              <DetailLink to={o.path}>{o.account.holder}</DetailLink>
                              <span className="text-xs text-muted">
                                {valueLabel(t, familyOf('kind'), o.account.kind)}
                              </span>
                            </span>
                            <span className="flex items-baseline justify-between gap-2 text-xs text-muted">
                              <span className="tabular-nums">
                                {[o.account.number, o.account.phone].filter(Boolean).join(' · ')}
                              </span>
                              {allResults && (
                                <Link
                                  {...allResults.byAccount(o.account.number)}
                                  aria-label={t('headerSearch.accountTransactionsOf', {
                                    name: o.account.holder,
                                    number: o.account.number,
                                  })}
                                  className="text-accent-strong underline underline-offset-2"
                                >
                                  {t('headerSearch.accountTransactions')}
                                </Link>
                              )}
                            </span>
                          </>,
                        )
                      : null,
                  )}
                </div>
              )}
              {transactions.length > 0 && (
                // biome-ignore lint/a11y/useSemanticElements: a group of a listbox's options; a fieldset groups form fields
                <div role="group" aria-labelledby={`${resultsId}-transactions`}>
                  <div id={`${resultsId}-transactions`} className={GROUP_HEADING}>
                    {t('headerSearch.transactions')}
                  </div>
                  {transactions.map(({ option: o, index }) =>
                    o.kind === 'transaction'
                      ? option(
                          index,
                          <>
                            <DetailLink to={o.path}>{o.transaction.reference}</DetailLink>{' '}
                            <span className="tabular-nums">{formatXof(o.transaction.amount, lang)}</span>
                            <span className="block text-xs text-muted">
                              {[o.transaction.from, o.transaction.to].filter(Boolean).join(' → ')}
                            </span>
                          </>,
                        )
                      : null,
                  )}
                </div>
              )}
              {all &&
                allResults &&
                option(
                  all.index,
                  <Link
                    {...allResults.byText(text)}
                    className="font-medium text-accent-strong underline underline-offset-2"
                  >
                    {t('headerSearch.seeAll', { text })}
                  </Link>,
                )}
            </div>
          )}
        </section>
      )}
    </search>
  );
}

const GROUP_HEADING = 'px-2 pt-1 text-xs font-semibold text-muted uppercase';

const KEY_EVENTS: Record<string, 'search.next' | 'search.previous' | 'search.submit' | 'search.close'> = {
  ArrowDown: 'search.next',
  ArrowUp: 'search.previous',
  Enter: 'search.submit',
  Escape: 'search.close',
};
