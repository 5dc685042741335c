/** Confirms an approval or a rejection (with its required reason) of one row or the selection. */
import * as Dialog from '@radix-ui/react-dialog';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../i18n';
import { formatXof } from '../i18n/format';
import type { PendingDecision } from './authorize-machine';
import type { RequestFailure } from './failure';
import { FailureAlert, Field, PRIMARY_BUTTON, SECONDARY_BUTTON } from './parts';

export function DecisionDialog({
  pending,
  reason,
  reasonMissing,
  failure,
  busy,
  lang,
  onReason,
  onCancel,
  onConfirm,
}: {
  pending: PendingDecision | null;
  reason: string;
  reasonMissing: boolean;
  failure: RequestFailure | null;
  busy: boolean;
  lang: Language;
  onReason: (reason: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const rejecting = pending?.decision === 'reject';
  const rows = pending?.rows ?? [];
  const total = rows.reduce((sum, r) => sum + r.amount, 0);

  return (
    <Dialog.Root
      open={pending !== null}
      onOpenChange={(open) => {
        // Escape or a click outside cancels, but not while the decision is on its way.
        if (!open && !busy) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {rejecting ? t('approvals.dialog.rejectTitle') : t('approvals.dialog.approveTitle')}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">
            {t('approvals.dialog.summary', { count: rows.length, total: formatXof(total, lang) })}
            {!rejecting && ` ${t('approvals.dialog.approveWarning')}`}
          </Dialog.Description>
          <ul className="mt-2 max-h-32 overflow-auto text-sm text-slate-700 tabular-nums">
            {rows.map((r) => (
              <li key={r.id}>
                {r.reference} · {formatXof(r.amount, lang)}
              </li>
            ))}
          </ul>
          <form
            noValidate
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              onConfirm();
            }}
          >
            {rejecting && (
              <Field
                id={`${id}-reason`}
                label={t('approvals.dialog.reason')}
                hint={t('approvals.dialog.reasonHint')}
                error={reasonMissing ? t('approvals.dialog.reasonRequired') : undefined}
              >
                {(aria) => (
                  <textarea
                    id={`${id}-reason`}
                    rows={3}
                    maxLength={500}
                    required
                    value={reason}
                    onChange={(e) => onReason(e.target.value)}
                    className="w-full rounded-md border border-slate-300 px-3 py-2 text-base aria-[invalid=true]:border-red-600"
                    {...aria}
                  />
                )}
              </Field>
            )}
            {failure && (
              <FailureAlert failure={failure}>
                <p>{t('approvals.dialog.failed')}</p>
              </FailureAlert>
            )}
            <div className="flex justify-end gap-3">
              <button type="button" className={SECONDARY_BUTTON} disabled={busy} onClick={onCancel}>
                {t('approvals.dialog.cancel')}
              </button>
              <button type="submit" className={PRIMARY_BUTTON} aria-disabled={busy || undefined}>
                {busy
                  ? t('approvals.dialog.working')
                  : rejecting
                    ? t('approvals.dialog.confirmReject')
                    : t('approvals.dialog.confirmApprove')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
