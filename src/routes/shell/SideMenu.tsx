import * as Accordion from '@radix-ui/react-accordion';
import { Link, useRouterState } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { ChevronDown, House } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSignedInServices } from '../../app/SignedInServicesContext';
import { useMenuContext } from '../../app/use-menu-context';
import { isLanguage } from '../../i18n';
import { accordionMachine, selectOpenSection } from '../../machines/accordion';
import { selectMembersLoading } from '../../machines/associated-members';
import { iconFor } from '../../registry/icons';
import { menuLinks, sectionIdFor } from '../../../contract/navigation/menus';
import type { MenuItem, MenuSection } from '../../../contract/navigation/types';
import { AUTHORIZE_PATH } from '../../../contract/transfers';
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

/** The side menu: one Radix Accordion section open at a time, driven by the accordion machine. */
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
        <Accordion.Root
          type="single"
          collapsible
          value={openSection ?? ''}
          onValueChange={(value) => send({ type: 'accordion.toggle', section: value || openSection || '' })}
          className="space-y-1"
        >
          <MenuSections sections={sections} lang={lang} />
        </Accordion.Root>
      ) : filtered.length === 0 ? (
        <p role="status" className="px-3 py-2 text-sm text-muted">
          {t('palette.menuNone', { text: filter.trim() })}
        </p>
      ) : (
        // Every section with a match shows open, so each matching link is in view at once.
        <Accordion.Root type="multiple" value={filtered.map((section) => section.id)} className="space-y-1">
          <MenuSections sections={filtered} lang={lang} />
        </Accordion.Root>
      )}
    </div>
  );
}

function MenuSections({ sections, lang }: { sections: readonly MenuSection[]; lang: 'en' | 'fr' }) {
  return sections.map((section) => {
    const Icon = iconFor(section.icon);
    return (
      <Accordion.Item key={section.id} value={section.id} className="rounded-md">
        <Accordion.Header asChild>
          <h2>
            <Accordion.Trigger className="group flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm font-semibold text-ink hover:bg-sunken">
              <Icon size={18} aria-hidden className="shrink-0 text-accent" />
              <span className="flex-1">{section.title[lang]}</span>
              <ChevronDown
                size={16}
                aria-hidden
                className="shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180"
              />
            </Accordion.Trigger>
          </h2>
        </Accordion.Header>
        <Accordion.Content>
          <ul className="mt-0.5 mb-1 space-y-0.5 border-l border-line pl-1 ml-4">
            {section.items.map((item) => (
              <MenuLink key={item.to} item={item} lang={lang} depth={0} />
            ))}
          </ul>
        </Accordion.Content>
      </Accordion.Item>
    );
  });
}
