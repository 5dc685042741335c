import { History } from 'lucide-react';
import { usePageMessages } from '../i18n/page-messages';
import { formatDateTime } from './values';
import { draftNoticeMessages } from './draft-notice-messages';

/**
 * "Your unfinished form was restored", with "Discard draft": shown by a form page that
 * reopened a draft (src/session/use-form-draft.ts). A page may word the notice its own way.
 */
export function DraftNotice({
  savedAt,
  onDiscard,
  disabled,
  message,
  discardLabel,
}: {
  savedAt: string;
  onDiscard: () => void;
  disabled?: boolean;
  message?: string;
  discardLabel?: string;
}) {
  const { t } = usePageMessages('formDraft', draftNoticeMessages);
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-accent-line bg-accent-soft p-3 text-sm text-ink"
      data-testid="draft-notice"
    >
      <History size={18} aria-hidden className="shrink-0 text-accent" />
      <p className="flex-1">{message ?? t('formDraft.restored', { when: formatDateTime(savedAt) })}</p>
      <button
        type="button"
        disabled={disabled}
        onClick={onDiscard}
        className="h-9 rounded-md border border-edge bg-raised px-3 text-sm font-medium text-ink hover:bg-surface"
      >
        {discardLabel ?? t('formDraft.discard')}
      </button>
    </div>
  );
}
