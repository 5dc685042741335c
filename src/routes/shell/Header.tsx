import { useSelector } from '@xstate/react';
import { LogOut, Menu as MenuIcon, Wallet } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { useServices } from '../../app/ServicesContext';
import { selectUser } from '../../machines/session';
import type { MenuSection } from '../../../contract/navigation/types';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { HeaderSearchBox } from './HeaderSearchBox';
import { PaletteLauncher } from './palette/PaletteLauncher';
import { UserMenu } from './UserMenu';

export function Header({
  menuOpen,
  onToggleMenu,
  menuId,
  menuToggleId,
  sections,
}: {
  menuOpen: boolean;
  menuToggleId: string;
  onToggleMenu: () => void;
  menuId: string;
  /** The user's menu: the search shows only to those whose reports list transactions or accounts. */
  sections: readonly MenuSection[];
}) {
  const { t } = useTranslation();
  const services = useServices();
  const user = useSelector(services.session, selectUser);
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 bg-brand-800 px-2 text-brand-50 shadow sm:gap-3 sm:px-4">
      <button
        id={menuToggleId}
        type="button"
        onClick={onToggleMenu}
        aria-label={t('shell.toggleMenu')}
        aria-expanded={menuOpen}
        aria-controls={menuId}
        className="rounded-md p-2 hover:bg-brand-50/10"
      >
        <MenuIcon size={20} aria-hidden />
      </button>
      <div className="flex min-w-0 items-center gap-2">
        <Wallet size={20} aria-hidden className="hidden shrink-0 sm:block" />
        <span className="hidden truncate font-semibold md:inline">{t('app.name')}</span>
      </div>
      <HeaderSearchBox sections={sections} />
      <PaletteLauncher sections={sections} />
      {/* The name gives way first: the language switch and Logout keep their size at every width. */}
      <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-4">
        <UserMenu name={user?.profile.name ?? ''} />
        {/* Sized here, not in the switch: the switch is also on /login, whose JS has a budget. */}
        <div className="shrink-0 [&_button]:min-h-8 [&_button]:min-w-8">
          <LanguageSwitch tone="light" />
        </div>
        <button
          type="button"
          onClick={() => services.session.send({ type: 'session.logout' })}
          aria-label={t('shell.logout')}
          className="flex min-h-10 min-w-10 shrink-0 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium hover:bg-brand-50/10"
        >
          <LogOut size={18} aria-hidden />
          <span aria-hidden className="hidden sm:inline">
            {t('shell.logout')}
          </span>
        </button>
      </div>
    </header>
  );
}
