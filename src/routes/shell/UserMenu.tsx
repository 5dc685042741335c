import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { UserMenuButton } from './UserMenuButton';

// Outside routes/shell/ so the build does not fold it, and Radix with it, into the frame chunk.
const loadDropdown = () => import('../user-menu/UserMenuDropdown');
const UserMenuDropdown = lazy(loadDropdown);

/**
 * The signed-in user's own menu in the header. The menu itself (Radix, in its own chunk) loads
 * when the user reaches for the button, not with the first signed-in view, whose JS has a budget
 * (bench/budgets.ts); the first click opens it as soon as it has arrived.
 */
export function UserMenu({ name }: { name: string }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const button = (
    <UserMenuButton
      name={name}
      aria-expanded={false}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setWanted(true)}
    />
  );
  return (
    <div className="flex min-w-0 items-center gap-1">
      <span className="hidden shrink-0 text-sm text-brand-50/75 lg:inline">{t('shell.welcome')},</span>
      {wanted ? (
        <Suspense fallback={button}>
          <UserMenuDropdown name={name} />
        </Suspense>
      ) : (
        button
      )}
    </div>
  );
}
