import * as Accordion from '@radix-ui/react-accordion';
import { Link, useRouterState } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { ChevronDown, House } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../i18n/react';
import { useServices } from '../../app/ServicesContext';
import { useMenuContext } from '../../app/use-menu-context';
import { isLanguage } from '../../i18n';
import { accordionMachine, selectOpenSection } from '../../machines/accordion';
import { selectMembersLoading } from '../../machines/associated-members';
import { iconFor } from '../../registry/icons';
import { sectionIdFor } from '../../../contract/navigation/menus';
import type { MenuItem, MenuSection } from '../../../contract/navigation/types';
import { AUTHORIZE_PATH } from '../../../contract/transfers';
import { InboxBadge } from './InboxBadge';

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
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  // Only the AFTU master's menu is built from its members (docs/product.md); for anyone else a
  // "loading members" line would only push the links down a row when the call ends.
  const dependsOnMembers = useMenuContext()?.group === 'aftuMaster';
  const membersLoading = useSelector(services.members, selectMembersLoading) && dependsOnMembers;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const currentSection = useMemo(() => sectionIdFor(sections, pathname), [sections, pathname]);
  const [state, send] = useMachine(accordionMachine, { input: { openSection: currentSection } });
  const openSection = selectOpenSection(state);

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
      <Accordion.Root
        type="single"
        collapsible
        value={openSection ?? ''}
        onValueChange={(value) => send({ type: 'accordion.toggle', section: value || openSection || '' })}
        className="space-y-1"
      >
        {sections.map((section) => {
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
        })}
      </Accordion.Root>
    </div>
  );
}
