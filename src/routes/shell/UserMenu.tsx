import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';

/**
 * The signed-in user's name in the header, opening what concerns their own account. Kept this
 * small on purpose: the header is part of the first signed-in view, whose JS has a budget
 * (bench/budgets.ts).
 */
export function UserMenu({ name }: { name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="relative min-w-0">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex min-w-0 gap-1 rounded-md px-2 py-1.5 text-sm hover:bg-white/10"
      >
        <span className="truncate">
          <span className="hidden text-white/75 sm:inline">{t('shell.welcome')}, </span>
          <span data-testid="user-name" className="font-semibold">
            {name}
          </span>
        </span>
        <span aria-hidden>▾</span>
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-40 w-48 rounded-md bg-white p-1 text-sm text-slate-800 shadow-lg"
        >
          <Link
            role="menuitem"
            to="/change-password"
            onClick={() => setOpen(false)}
            className="block p-2 hover:bg-slate-100"
          >
            {t('userMenu.changePassword')}
          </Link>
        </div>
      )}
    </div>
  );
}
