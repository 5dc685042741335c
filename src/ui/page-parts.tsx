import clsx from 'clsx';
import { Printer, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';

export function StatCard({
  label,
  value,
  tone = 'plain',
  big = false,
  children,
}: {
  label: string;
  value: string;
  tone?: 'plain' | 'credit' | 'debit';
  big?: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      className={clsx('rounded-lg border border-slate-200 bg-white p-4 shadow-sm', {
        'sm:col-span-2 lg:col-span-1 border-brand-100 bg-brand-50': big,
      })}
    >
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd
        className={clsx('mt-1 font-semibold tabular-nums', big ? 'text-2xl text-brand-900' : 'text-lg', {
          'text-emerald-700': tone === 'credit',
          'text-red-700': tone === 'debit',
          'text-slate-900': tone === 'plain' && !big,
        })}
      >
        {value}
      </dd>
      {/* A <dl> group holds only <dt> and <dd>: the details are a second description of the term. */}
      {children && <dd>{children}</dd>}
    </div>
  );
}

export function LoadError({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4">
      <p className="flex-1 text-sm text-red-800">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="flex items-center gap-1.5 rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800"
      >
        <RotateCw size={16} aria-hidden />
        {t('reports.retry')}
      </button>
    </div>
  );
}

export function PrintButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="flex h-9 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 print:hidden"
    >
      <Printer size={16} aria-hidden />
      {t('reports.print')}
    </button>
  );
}

/** Grey blocks in place of the cards while the numbers load. */
export function CardsSkeleton({ count }: { count: number }) {
  return (
    <div aria-hidden className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={i} className="h-20 animate-pulse rounded-lg bg-slate-200" />
      ))}
    </div>
  );
}
