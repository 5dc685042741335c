import { Link, useRouterState } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { ChevronDown, House } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useSignedInServices } from '../../app/SignedInServicesContext';
import { useMenuContext } from '../../app/use-menu-context';
import { isLanguage } from '../../i18n';
import { accordionMachine, selectOpenSection } from '../../machines/accordion';
import { selectMembersLoading } from '../../machines/associated-members';
import { iconFor } from '../../registry/icons';
import { menuLinks, sectionIdFor } from '../../../contract/navigation/menus';
import type { MenuItem, MenuSection } from '../../../contract/navigation/types';
import { AUTHORIZE_PATH } from '../../../contract/authorize-path';
import { usePageMessages } from '../../i18n/page-messages';
import { InboxBadge } from './InboxBadge';
import { filterMenu } from './menu-search';
import { PALETTE_MESSAGES_KEY, paletteMessages } from './palette/messages';

/** A menu with more links than this gets a filter field at its top. */
const FILTER_FROM_LINKS = 15;

function MenuLink({ item, lang, depth }: { item: MenuItem; lang: 'en' | 'fr'; depth: number }) {
  const Icon = iconFor(item.icon);
  return (
    <li>
      <Link
        to={item.to}
        activeOptions={{ exact: true }}
        activeProps={{ 'aria-current': 'page', className: 'bg-accent-soft font-semibold text-accent-strong' }}
        inactiveProps={{ className: 'text-ink hover:bg-sunken' }}
        className="flex items-center gap-2.5 rounded-md px-3 py-2 text-sm"
        style={{ paddingLeft: `${0.75 + depth * 0.75}rem` }}
      >
        <Icon size={16} aria-hidden className="shrink-0 opacity-80" />
        <span className="min-w-0">{item.title[lang]}</span>
        {item.to === AUTHORIZE_PATH && <InboxBadge />}
      </Link>
      {item.children && item.children.length > 0 && (
        <ul className="mt-0.5 space-y-0.5">
          {item.children.map((child) => (
            <MenuLink key={child.to} item={child} lang={lang} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The side menu: one section open at a time, driven by the accordion machine. */
export function SideMenu({ sections }: { sections: readonly MenuSection[] }) {
  const { t, i18n } = usePageMessages(PALETTE_MESSAGES_KEY, paletteMessages);
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  // Only the AFTU master's menu is built from its members (docs/product.md); for anyone else a
  // "loading members" line would only push the links down a row when the call ends.
  const dependsOnMembers = useMenuContext()?.group === 'aftuMaster';
  const membersLoading = useSelector(useSignedInServices().members, selectMembersLoading) && dependsOnMembers;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const currentSection = useMemo(() => sectionIdFor(sections, pathname), [sections, pathname]);
  const [state, send] = useMachine(accordionMachine, { input: { openSection: currentSection } });
  const openSection = selectOpenSection(state);
  const filterable = useMemo(() => menuLinks(sections).length > FILTER_FROM_LINKS, [sections]);
  // The field's own text, not the accordion's: while it holds some, the matches decide what shows,
  // and clearing it gives back the one section the accordion kept open.
  const [filter, setFilter] = useState('');
  const filtered = useMemo(
    () => (filterable && filter.trim() ? filterMenu(sections, filter) : null),
    [filterable, filter, sections],
  );

  useEffect(() => {
    send({ type: 'accordion.reveal', section: currentSection });
  }, [currentSection, send]);

  return (
    <div className="flex h-full flex-col overflow-y-auto px-2 py-3">
      <Link
        to="/"
        activeOptions={{ exact: true }}
        activeProps={{ 'aria-current': 'page', className: 'bg-accent-soft font-semibold text-accent-strong' }}
        inactiveProps={{ className: 'text-ink hover:bg-sunken' }}
        className="mb-2 flex items-center gap-2.5 rounded-md px-3 py-2 text-sm"
      >
        <House size={16} aria-hidden />
        {t('shell.home')}
      </Link>
      {membersLoading && (
        <p role="status" className="px-3 py-2 text-sm text-muted">
          {t('shell.loadingMembers')}
        </p>
      )}
      {filterable && (
        <label className="mb-2 block px-1">
          <span className="sr-only">{t('palette.menuFilter')}</span>
          <input
            type="search"
            autoComplete="off"
            value={filter}
            placeholder={t('palette.menuFilter')}
            onChange={(e) => setFilter(e.target.value)}
            className="w-full rounded-md border border-line bg-surface px-2.5 py-1.5 text-sm text-ink placeholder:text-muted focus:border-brand-600 focus:outline-none"
          />
        </label>
      )}
      {filtered === null ? (
        <MenuSections
          sections={sections}
          lang={lang}
          isOpen={(id) => id === openSection}
          onToggle={(section) => send({ type: 'accordion.toggle', section })}
        />
      ) : filtered.length === 0 ? (
        <p role="status" className="px-3 py-2 text-sm text-muted">
          {t('palette.menuNone', { text: filter.trim() })}
        </p>
      ) : (
        // Every section with a match shows open, so each matching link is in view at once.
        <MenuSections sections={filtered} lang={lang} isOpen={() => true} />
      )}
    </div>
  );
}

/** The keys that move between the section headers, as in the WAI-ARIA accordion pattern. */
function nextHeader(key: string, at: number, count: number): number | undefined {
  if (key === 'ArrowDown') return (at + 1) % count;
  if (key === 'ArrowUp') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * The sections as an accordion (the WAI-ARIA pattern, decision 061: no accordion library in the
 * first view's code): each header a button showing or hiding its links, which are in the page
 * only while shown; Up, Down, Home and End move between the headers. Without `onToggle` (the
 * filtered menu, every section open) the headers change nothing.
 */
function MenuSections({
  sections,
  lang,
  isOpen,
  onToggle,
}: {
  sections: readonly MenuSection[];
  lang: 'en' | 'fr';
  isOpen: (id: string) => boolean;
  onToggle?: (id: string) => void;
}) {
  const id = useId();
  const moveFocus = (e: KeyboardEvent<HTMLDivElement>) => {
    const headers = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-section-header]')];
    const to = nextHeader(e.key, headers.indexOf(e.target as HTMLButtonElement), headers.length);
    if (to === undefined || !headers.includes(e.target as HTMLButtonElement)) return;
    e.preventDefault();
    headers[to]?.focus();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys of the headers inside, which are buttons.
    <div className="space-y-1" onKeyDown={moveFocus}>
      {sections.map((section) => {
        const Icon = iconFor(section.icon);
        const open = isOpen(section.id);
        const state = open ? 'open' : 'closed';
        const headerId = `${id}-${section.id}-header`;
        const linksId = `${id}-${section.id}-links`;
        return (
          <div key={section.id} data-state={state} className="rounded-md">
            <h2 data-state={state}>
              <button
                type="button"
                id={headerId}
                data-section-header
                data-state={state}
                aria-expanded={open}
                // Only while the links are in the page: an id that points at nothing is invalid ARIA.
                aria-controls={open ? linksId : undefined}
                onClick={() => onToggle?.(section.id)}
                className="group flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm font-semibold text-ink hover:bg-sunken"
              >
                <Icon size={18} aria-hidden className="shrink-0 text-accent" />
                <span className="flex-1">{section.title[lang]}</span>
                <ChevronDown
                  size={16}
                  aria-hidden
                  className="shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180"
                />
              </button>
            </h2>
            {open && (
              <section id={linksId} aria-labelledby={headerId} data-state={state}>
                <ul className="mt-0.5 mb-1 space-y-0.5 border-l border-line pl-1 ml-4">
                  {section.items.map((item) => (
                    <MenuLink key={item.to} item={item} lang={lang} depth={0} />
                  ))}
                </ul>
              </section>
            )}
          </div>
        );
      })}
    </div>
  );
}
