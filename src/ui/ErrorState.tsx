import { RotateCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from '../i18n/react';
import { BUTTON_BASE, BUTTON_SECONDARY, BUTTON_SM } from './button-classes';

/**
 * Content that could not be loaded, with the way to ask again. The retry is a plain button in
 * the Button's looks: every list page may show one, and the whole Button would weigh on them all.
 */
export function ErrorState({
  message,
  onRetry,
  retryLabel,
}: {
  message: string;
  onRetry: () => void;
  retryLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-danger-line bg-danger-soft p-4 text-sm text-danger"
    >
      <TriangleAlert size={18} aria-hidden className="shrink-0" />
      <p className="min-w-0 flex-1">{message}</p>
      <RetryButton label={retryLabel ?? t('common.retry')} onRetry={onRetry} />
    </div>
  );
}

/** Asks again for what failed; also the button of the kit's other failure alerts. */
export function RetryButton({ label, onRetry }: { label: string; onRetry: () => void }) {
  return (
    <button type="button" onClick={onRetry} className={`${BUTTON_BASE} ${BUTTON_SM} ${BUTTON_SECONDARY}`}>
      <RotateCw size={16} aria-hidden />
      {label}
    </button>
  );
}
