import type { ReactNode } from 'react';

export function PageFrame({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl">
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
