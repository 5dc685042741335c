import clsx from 'clsx';
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { BUTTON_BASE, BUTTON_SECONDARY, BUTTON_SM } from './button-classes';
import { ErrorState } from './ErrorState';

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
      className={clsx('rounded-lg border border-line bg-raised p-4 shadow-sm', {
        'sm:col-span-2 lg:col-span-1 border-accent-line bg-accent-soft': big,
      })}
    >
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd
        className={clsx('mt-1 font-semibold tabular-nums', big ? 'text-2xl text-accent-strong' : 'text-lg', {
          'text-success': tone === 'credit',
          'text-danger': tone === 'debit',
          'text-ink': tone === 'plain' && !big,
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
  return <ErrorState message={message ?? ''} onRetry={onRetry} retryLabel={t('reports.retry')} />;
}

export function PrintButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className={`${BUTTON_BASE} ${BUTTON_SM} ${BUTTON_SECONDARY} print:hidden`}
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
        <div key={i} className="h-20 animate-pulse rounded-lg bg-line" />
      ))}
    </div>
  );
}
