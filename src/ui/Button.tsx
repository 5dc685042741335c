import clsx from 'clsx';
import { LoaderCircle } from 'lucide-react';
import type { ComponentProps, MouseEvent } from 'react';
import {
  BUTTON_APPROVE,
  BUTTON_BASE,
  BUTTON_DANGER,
  BUTTON_GHOST,
  BUTTON_LINK,
  BUTTON_MD,
  BUTTON_PRIMARY,
  BUTTON_REJECT,
  BUTTON_SECONDARY,
  BUTTON_SM,
} from './button-classes';

export const BUTTON_VARIANTS = {
  primary: BUTTON_PRIMARY,
  secondary: BUTTON_SECONDARY,
  danger: BUTTON_DANGER,
  approve: BUTTON_APPROVE,
  reject: BUTTON_REJECT,
  ghost: BUTTON_GHOST,
  link: BUTTON_LINK,
} as const;
export type ButtonVariant = keyof typeof BUTTON_VARIANTS;
export type ButtonSize = 'sm' | 'md';

function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  return clsx(BUTTON_BASE, variant !== 'link' && (size === 'sm' ? BUTTON_SM : BUTTON_MD), BUTTON_VARIANTS[variant]);
}

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * The request it started is on its way: the button says so (aria-busy, a spinner and
   * `loadingLabel` if given) and ignores clicks. It stays focusable (aria-disabled rather than
   * disabled), so focus does not fall back to the page while the user waits.
   */
  loading?: boolean;
  loadingLabel?: string;
};

/** The kit's button. `ref` reaches the <button> (React 19 passes it as a prop). */
export function Button({
  variant,
  size,
  loading = false,
  loadingLabel,
  type = 'button',
  className,
  onClick,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      {...props}
      aria-busy={loading || undefined}
      aria-disabled={loading || props['aria-disabled'] || undefined}
      className={clsx(buttonClass(variant, size), className)}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        // A submit button would still send its form: the busy state must stop that too.
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {loading && <LoaderCircle size={16} aria-hidden className="animate-spin" />}
      {loading && loadingLabel ? loadingLabel : children}
    </button>
  );
}
