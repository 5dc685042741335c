/**
 * The header's search box: a phone, account number, reference or name, among what the user's
 * reports list (GET search). "/" focuses it unless the user is typing in a field; Enter on a
 * single match opens it; the matches drop down below the box.
 */
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import { formatXof } from '../../i18n/format';
import { isLanguage } from '../../i18n/languages';
import { useTranslation } from '../../i18n/react';
import {
  headerSearchMachine,
  selectSearchBusy,
  selectSearchFailed,
  selectSearchOpen,
  selectSearchResult,
} from '../../machines/header-search';
import type { MenuSection } from '../../../contract/navigation/types';
import { accountPath, CanOpenProvider, DetailLink, transactionPath } from '../../ui/detail-links';
import { useNoMatch } from '../../ui/list/use-no-match';
import { searchMatches } from './header-search-api';
import { useDetailCanOpen } from './use-detail-can-open';

/** A key press meant for a field (or with a modifier) is not the shortcut. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Shown to users whose reports list transactions or accounts, and so may open such a row. */
export default function HeaderSearchIfAllowed({ sections }: { sections: readonly MenuSection[] }) {
  const canOpen = useDetailCanOpen(sections);
  if (![transactionPath('-'), accountPath('-')].some(canOpen)) return null;
  return (
    <CanOpenProvider value={canOpen}>
      <HeaderSearch />
    </CanOpenProvider>
  );
}

function HeaderSearch() {
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
      },
    }),
  );
  const open = useSelector(actor, selectSearchOpen);
  const busy = useSelector(actor, selectSearchBusy);
  const result = useSelector(actor, selectSearchResult);
  const failed = useSelector(actor, selectSearchFailed);

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
  const searched = useSelector(actor, (s) => s.context.text);
  const { nothingMatches } = useNoMatch();
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
          autoComplete="off"
          // Only while the results are in the page: an id that points at nothing is invalid ARIA.
          aria-controls={open ? resultsId : undefined}
          placeholder={t('headerSearch.placeholder')}
          onChange={(e) => actor.send({ type: 'search.type', text: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') actor.send({ type: 'search.submit' });
            if (e.key === 'Escape') close();
          }}
          className="w-full min-w-0 rounded-md border border-brand-50/20 bg-brand-50/10 py-1.5 pr-2 pl-8 text-sm text-brand-50 placeholder:text-brand-50/60 focus:bg-raised focus:text-ink focus:placeholder:text-muted focus:outline-none"
        />
      </label>
      {open && (
        <section
          id={resultsId}
          aria-label={t('headerSearch.results')}
          aria-live="polite"
          onClick={(e) => {
            if (e.target instanceof Element && e.target.closest('a')) close();
          }}
          onKeyDown={(e) => e.key === 'Escape' && close()}
          className="absolute top-full right-0 left-0 z-40 mt-1 max-h-[70vh] min-w-64 overflow-y-auto rounded-md border border-line bg-raised p-2 text-sm text-ink shadow-lg"
        >
          {busy && <p className="p-2 text-muted">{t('headerSearch.searching')}</p>}
          {failed && <p className="p-2 text-danger">{t('headerSearch.failed')}</p>}
          {empty && <p className="p-2 text-muted">{nothingMatches(searched)}</p>}
          {result && result.accounts.length > 0 && (
            <>
              <h2 className="px-2 pt-1 text-xs font-semibold text-muted uppercase">{t('headerSearch.accounts')}</h2>
              <ul>
                {result.accounts.map((a) => (
                  <li key={a.number} className="rounded px-2 py-1.5 hover:bg-surface">
                    <DetailLink to={accountPath(a.number)}>{a.holder}</DetailLink>
                    <span className="block text-xs text-muted tabular-nums">
                      {[a.number, a.phone].filter(Boolean).join(' · ')}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {result && result.transactions.length > 0 && (
            <>
              <h2 className="px-2 pt-1 text-xs font-semibold text-muted uppercase">{t('headerSearch.transactions')}</h2>
              <ul>
                {result.transactions.map((tx) => (
                  <li key={tx.reference} className="rounded px-2 py-1.5 hover:bg-surface">
                    <DetailLink to={transactionPath(tx.reference)}>{tx.reference}</DetailLink>{' '}
                    <span className="tabular-nums">{formatXof(tx.amount, lang)}</span>
                    <span className="block text-xs text-muted">{[tx.from, tx.to].filter(Boolean).join(' → ')}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </search>
  );
}
