import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { BUTTON_VARIANTS, type ButtonSize } from './Button';
import { BUTTON_BASE, ICON_BUTTON_MD, ICON_BUTTON_SM } from './button-classes';

/**
 * A button that shows only an icon. Its name is required: with no words on it, `label` is all a
 * screen reader says, and it is the tooltip sighted users get too.
 */
export function IconButton({
  label,
  icon,
  size = 'md',
  variant = 'ghost',
  type = 'button',
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'children' | 'aria-label'> & {
  label: string;
  icon: ReactNode;
  size?: ButtonSize;
  variant?: 'ghost' | 'secondary' | 'danger';
}) {
  return (
    <button
      type={type}
      {...props}
      aria-label={label}
      title={label}
      className={clsx(
        BUTTON_BASE,
        size === 'sm' ? ICON_BUTTON_SM : ICON_BUTTON_MD,
        BUTTON_VARIANTS[variant],
        className,
      )}
    >
      {icon}
    </button>
  );
}
