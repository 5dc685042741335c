import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from '../i18n/react';
import { useServices } from '../app/ServicesContext';
import { useMenuContext } from '../app/use-menu-context';
import { isLanguage, type Language } from '../i18n';
import { selectUser } from '../machines/session';
import { iconFor } from '../registry/icons';
import { menuFor, menuLinks } from '../../contract/navigation/menus';
import { AUTHORIZE_PATH } from '../../contract/authorize-path';
import type { MenuItem, MenuSection } from '../../contract/navigation/types';
import { HomeFigures } from './home/HomeFigures';
import { PageFrame } from '../ui/PageFrame';
import { InboxCard } from './shell/InboxBadge';

const leaves = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((i) => (i.children?.length ? leaves(i.children) : [i]));

export function HomePage() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const user = useSelector(services.session, selectUser);
  const ctx = useMenuContext();
  const sections = useMemo(() => (ctx ? menuFor(ctx) : []), [ctx]);
  // The shortcuts (a link per page of the menu, tens of them for an administrator) render after
  // the heading and the figures' places have been painted, and in pieces that leave the main
  // thread free between them (decision 061): they are below the fold on a phone, the heading is
  // what the page is first seen by.
  const shortcuts = useDeferredValue(sections, null);
  if (!user || !ctx) return null;
  return (
    <PageFrame title={t('home.greeting', { name: user.profile.name })}>
      <p className="mb-6 text-muted">{t('home.group', { group: t(`groups.${ctx.group}`) })}</p>
      <HomeFigures user={{ group: ctx.group, bankId: user.bankId }} />
      {/* The stream also runs for KYC reviewers without an inbox: the card is the inbox's only. */}
      {menuLinks(sections).includes(AUTHORIZE_PATH) && <InboxCard />}
      {shortcuts && <Shortcuts sections={shortcuts} lang={lang} />}
    </PageFrame>
  );
}

function Shortcuts({ sections, lang }: { sections: readonly MenuSection[]; lang: Language }) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="mb-3 text-lg font-semibold text-ink">{t('home.shortcuts')}</h2>
      {sections.length === 0 && <p className="text-muted">{t('home.noShortcuts')}</p>}
      <div className="space-y-6">
        {sections.map((section) => (
          <div key={section.id}>
            <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">{section.title[lang]}</h3>
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {leaves(section.items).map((item) => {
                const Icon = iconFor(item.icon);
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      className="flex h-full items-center gap-3 rounded-lg border border-line bg-raised p-3 text-sm font-medium text-ink shadow-sm hover:border-brand-500 hover:shadow"
                    >
                      <span className="rounded-md bg-accent-soft p-2 text-accent">
                        <Icon size={18} aria-hidden />
                      </span>
                      {item.title[lang]}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </>
  );
}
