import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { KeyRound, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, LANGUAGES, type Language } from '../../i18n';
import { changeLanguage } from '../../i18n/lazy-messages';
import { useTranslation } from '../../i18n/react';
import { selectUser } from '../../machines/session';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuTrigger,
} from '../../ui/DropdownMenu';
import { chooseScheme, readScheme, type SchemeChoice } from '../../ui/scheme';
import { UserMenuButton } from '../shell/UserMenuButton';

/** Each language named in itself, so a reader of the other one still finds theirs. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

const SCHEMES = ['system', 'light', 'dark'] as const satisfies readonly SchemeChoice[];
const isScheme = (value: string): value is SchemeChoice => (SCHEMES as readonly string[]).includes(value);

/** Opened by the click that loaded it (UserMenu.tsx), then a Radix menu like any other. */
export default function UserMenuDropdown({ name }: { name: string }) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const username = useSelector(services.session, (s) => selectUser(s)?.profile.username);
  // A preference of the browser, not of the session: logout leaves it (decision 040).
  const [scheme, setScheme] = useState(() => readScheme(window.localStorage));
  return (
    <Menu defaultOpen>
      <MenuTrigger asChild>
        <UserMenuButton name={name} />
      </MenuTrigger>
      <MenuContent>
        <MenuLabel className="text-sm text-ink">
          <span className="block font-semibold break-words">{name}</span>
          {username && <span className="block font-normal text-muted">{username}</span>}
        </MenuLabel>
        <MenuSeparator />
        <MenuItem asChild>
          <Link to="/change-password">
            <KeyRound size={16} aria-hidden />
            {t('userMenu.changePassword')}
          </Link>
        </MenuItem>
        <MenuSeparator />
        <MenuLabel>{t('shell.language')}</MenuLabel>
        <MenuRadioGroup
          value={i18n.language}
          onValueChange={(lng) => {
            if (isLanguage(lng)) void changeLanguage(i18n, lng);
          }}
        >
          {LANGUAGES.map((lng) => (
            <MenuRadioItem key={lng} value={lng} lang={lng}>
              {LANGUAGE_NAMES[lng]}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
        <MenuSeparator />
        <MenuLabel>{t('userMenu.appearance')}</MenuLabel>
        <MenuRadioGroup
          value={scheme}
          onValueChange={(choice) => {
            if (!isScheme(choice)) return;
            chooseScheme(window.localStorage, choice);
            setScheme(choice);
          }}
        >
          {SCHEMES.map((choice) => (
            <MenuRadioItem key={choice} value={choice}>
              {t(`userMenu.scheme.${choice}`)}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
        <MenuSeparator />
        <MenuItem onSelect={() => services.session.send({ type: 'session.logout' })}>
          <LogOut size={16} aria-hidden />
          {t('shell.logout')}
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
