/**
 * The button's looks as plain class strings, one constant each, so a module that needs only a
 * class (PRIMARY_BUTTON on a link, a Radix trigger) carries only the strings it names.
 * `Button` puts them together; aria-disabled is the busy state (see Button.tsx).
 */
export const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 rounded-md text-sm disabled:opacity-60 aria-disabled:cursor-progress aria-disabled:opacity-70';

export const BUTTON_MD = 'h-10 px-4';
export const BUTTON_SM = 'h-8 px-3';

export const BUTTON_PRIMARY = 'bg-brand-700 font-semibold text-brand-50 shadow-sm hover:bg-brand-800';
export const BUTTON_SECONDARY = 'border border-edge bg-raised font-medium text-ink hover:bg-surface';
export const BUTTON_DANGER = 'bg-danger font-semibold text-inverse shadow-sm hover:brightness-90';
export const BUTTON_APPROVE = 'bg-success font-semibold text-inverse shadow-sm hover:brightness-90';
export const BUTTON_REJECT = 'border border-danger-line bg-raised font-medium text-danger hover:bg-danger-soft';
export const BUTTON_GHOST = 'font-medium text-ink hover:bg-sunken';
/** A link's look: no height or padding of its own, so it sits in a sentence. */
export const BUTTON_LINK =
  'font-medium text-accent-strong underline decoration-brand-300 underline-offset-2 hover:text-brand-950 dark:decoration-brand-600 dark:hover:text-brand-100';
/** Square sizes of a button that shows only an icon. */
export const ICON_BUTTON_MD = 'size-10';
export const ICON_BUTTON_SM = 'size-8';
