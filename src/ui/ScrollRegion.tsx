import type { ReactNode } from 'react';

/**
 * The frame of a table that may scroll sideways on a phone. It is focusable because a region
 * that scrolls must be reachable by keyboard (WCAG 2.1.1; axe: scrollable-region-focusable), and
 * it is named so a screen reader announces what the focus landed on.
 */
export function ScrollRegion({
  label,
  labelledBy,
  busy,
  className = 'relative overflow-x-auto rounded-lg border border-line bg-raised shadow-sm',
  children,
}: {
  label?: string;
  labelledBy?: string;
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={className}
      aria-busy={busy || undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard.
      tabIndex={0}
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      {children}
    </section>
  );
}
