/**
 * The buttons that finish a step, held at the bottom of the window while the step is taller
 * than the window (a review on a 768 px laptop or a phone), so its primary action is always in
 * view; when the step fits, the bar sits under it as plain buttons would.
 */
import clsx from 'clsx';
import type { ReactNode } from 'react';

export function ActionBar({ children, align = 'between' }: { children: ReactNode; align?: 'between' | 'end' }) {
  return (
    <div
      data-testid="action-bar"
      className={clsx(
        'sticky bottom-0 z-10 flex flex-wrap gap-3 border-t border-line bg-surface py-3',
        align === 'end' ? 'justify-end' : 'justify-between',
      )}
    >
      {children}
    </div>
  );
}
