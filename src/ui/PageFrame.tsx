import type { ReactNode } from 'react';

/**
 * A page's title, its actions and its content. A page of lists is `wide`: its tables take the
 * whole width of the screen; other pages keep a width that reads well.
 */
export function PageFrame({
  title,
  children,
  actions,
  wide = false,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
}) {
  return (
    <section aria-labelledby="page-title" className={wide ? 'mx-auto max-w-full' : 'mx-auto max-w-6xl'}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold text-ink">
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
