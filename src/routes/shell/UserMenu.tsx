import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { ChevronDown, KeyRound } from 'lucide-react';
import { useTranslation } from '../../i18n/react';

/** The signed-in user's name in the header, opening what concerns their own account. */
export function UserMenu({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t('userMenu.label', { name })}
        className="flex min-w-0 items-center gap-1 rounded-md px-2 py-1.5 text-right text-sm leading-tight hover:bg-white/10"
      >
        <span className="min-w-0 truncate">
          <span className="hidden text-white/75 sm:inline">{t('shell.welcome')}, </span>
          <span data-testid="user-name" className="font-semibold">
            {name}
          </span>
        </span>
        <ChevronDown size={16} aria-hidden className="shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-40 min-w-48 rounded-lg border border-slate-200 bg-white p-1 text-sm text-slate-800 shadow-lg"
        >
          <DropdownMenu.Item asChild>
            <Link
              to="/change-password"
              className="flex items-center gap-2 rounded-md px-2 py-2 outline-none data-[highlighted]:bg-slate-100"
            >
              <KeyRound size={16} aria-hidden />
              {t('userMenu.changePassword')}
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
