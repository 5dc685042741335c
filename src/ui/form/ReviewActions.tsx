/**
 * The two buttons under a review step: back to the form (disabled while the request is on its
 * way) and confirm, which says it is working and ignores a second click meanwhile.
 */
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../parts';
import { ActionBar } from './ActionBar';

export function ReviewActions({
  busy,
  backLabel,
  confirmLabel,
  busyLabel,
  onBack,
  onConfirm,
}: {
  busy: boolean;
  backLabel: string;
  confirmLabel: string;
  busyLabel: string;
  onBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <ActionBar align="end">
      <button type="button" className={SECONDARY_BUTTON} disabled={busy} onClick={onBack}>
        {backLabel}
      </button>
      <button
        type="button"
        className={PRIMARY_BUTTON}
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) onConfirm();
        }}
      >
        {busy ? busyLabel : confirmLabel}
      </button>
    </ActionBar>
  );
}
