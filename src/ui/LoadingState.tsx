import { LoaderCircle } from 'lucide-react';
import { useTranslation } from '../i18n/react';

/** A region whose content is on its way; the words are announced once, politely. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted">
      <LoaderCircle size={18} aria-hidden className="animate-spin motion-reduce:animate-none" />
      {label ?? t('common.loading')}
    </div>
  );
}
