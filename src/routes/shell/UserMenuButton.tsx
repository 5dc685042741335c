import type { ComponentProps } from 'react';

/** "Banque Islamique Checker" → "BI": what the avatar shows when the name does not fit. */
function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/**
 * The header's button for the user's own menu: an avatar always, the name beside it where there is
 * room (cut short with an ellipsis, whole in the tooltip and in the menu). On a phone only the
 * avatar shows, so the language switch and Logout keep their place.
 */
export function UserMenuButton({ name, ...props }: { name: string } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-label={name}
      title={name}
      className="flex min-w-0 shrink items-center gap-2 rounded-md p-1 text-sm hover:bg-brand-50/10 sm:px-2"
      {...props}
    >
      <span
        aria-hidden
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-800"
      >
        {initialsOf(name)}
      </span>
      <span data-testid="user-name" className="hidden max-w-40 truncate font-semibold sm:block lg:max-w-64">
        {name}
      </span>
    </button>
  );
}
