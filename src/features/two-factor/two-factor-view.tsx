import type { ReactNode } from 'react';
import type { usePageMessages } from '../../i18n/page-messages';

// What the parts of the two-factor page share.

export type T = ReturnType<typeof usePageMessages>['t'];

/** One panel of the page: the caller's own two-factor, or the admin reset. */
export function TwoFactorCard({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <section aria-labelledby={labelledBy} className="rounded-lg border border-line bg-raised p-4 shadow-sm sm:p-6">
      {children}
    </section>
  );
}
