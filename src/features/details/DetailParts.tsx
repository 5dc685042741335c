/** What both detail pages share: sections, the headline figures, and the not-found and failure states. */
import clsx from 'clsx';
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TFunction } from '../../i18n/translator';
import { PageFrame } from '../../ui/PageFrame';
import { StatusPage } from '../../ui/StatusPages';
import type { RequestFailure } from '../../ui/failure';
import { LoadError } from '../../ui/page-parts';
import { DETAIL_MESSAGES_KEY as K } from './messages';

export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={clsx('rounded-lg border border-line bg-raised p-4 shadow-sm', className)}>
      <h2 className="mb-2 text-base font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

/** The figures a caller asks about first, in a grid that keeps them above the fold at 360 px. */
export function Headline({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">{children}</dl>;
}

export function Figure({ label, children, big = false }: { label: string; children: ReactNode; big?: boolean }) {
  return (
    <div
      className={clsx(
        'rounded-lg border p-3 shadow-sm',
        big ? 'col-span-2 border-accent-line bg-accent-soft sm:col-span-1' : 'border-line bg-raised',
      )}
    >
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className={clsx('mt-1 font-semibold tabular-nums', big ? 'text-2xl text-accent-strong' : 'text-lg text-ink')}>
        {children}
      </dd>
    </div>
  );
}

/** The row does not exist or none of the user's reports lists it: one answer for both. */
export function Missing({ t, text }: { t: TFunction; text: string }) {
  return <StatusPage title={t(`${K}.missingTitle`)} text={text} icon={SearchX} />;
}

export function Loading({ title, t }: { title: string; t: TFunction }) {
  return (
    <PageFrame title={title}>
      <p role="status" className="text-muted">
        {t(`${K}.loading`)}
      </p>
    </PageFrame>
  );
}

export function Failed({
  title,
  failure,
  onRetry,
}: {
  title: string;
  failure: RequestFailure | null;
  onRetry: () => void;
}) {
  return (
    <PageFrame title={title}>
      <LoadError message={failure?.message ?? null} onRetry={onRetry} />
    </PageFrame>
  );
}

/** A table that scrolls inside its own box, so a long row never widens the page. */
export function Table({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="-mx-4 overflow-x-auto px-4">
      <table className="w-full min-w-max text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line text-xs text-muted uppercase">{head}</thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}
