/** Confirms one KYC decision; a rejection or a request for documents must say why. */
import * as Dialog from '@radix-ui/react-dialog';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycDecision } from '../../contract/kyc';
import type { Language } from '../i18n';
import type { RequestFailure } from '../transfers/failure';
import { FailureAlert, Field, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../transfers/parts';
import { decisionTitle } from './labels';
import type { ReasonProblem } from './review-machine';

export function KycDecisionDialog({
  decision,
  accountLabel,
  reason,
  reasonProblem,
  failure,
  busy,
  lang,
  onReason,
  onCancel,
  onConfirm,
}: {
  decision: KycDecision | null;
  accountLabel: string;
  reason: string;
  reasonProblem: ReasonProblem | null;
  failure: RequestFailure | null;
  busy: boolean;
  lang: Language;
  onReason: (reason: string) => void;
  onCancel: () => void;
  /** False when the dialog's input was refused in place. */
  onConfirm: () => boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const needsReason = decision !== null && decision !== 'approve';
  return (
    <Dialog.Root
      open={decision !== null}
      onOpenChange={(open) => {
        // Escape or a click outside cancels, but not while the decision is on its way.
        if (!open && !busy) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {decision
              ? t('kyc.decision.title', { decision: decisionTitle(decision, lang), account: accountLabel })
              : ''}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">
            {decision ? t(`kyc.decision.effect.${decision}`) : ''}
          </Dialog.Description>
          <form
            noValidate
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!onConfirm()) document.getElementById(`${id}-reason`)?.focus();
            }}
          >
            <Field
              id={`${id}-reason`}
              label={needsReason ? t('kyc.decision.reason') : t('kyc.decision.note')}
              optional={!needsReason}
              hint={needsReason ? t('kyc.decision.reasonHint') : undefined}
              error={reasonProblem ? t(`kyc.decision.reasonProblem.${reasonProblem}`) : undefined}
            >
              {(aria) => (
                <textarea
                  id={`${id}-reason`}
                  rows={3}
                  maxLength={500}
                  required={needsReason}
                  value={reason}
                  onChange={(e) => onReason(e.target.value)}
                  className="w-full rounded-md border border-slate-300 px-3 py-2 text-base aria-[invalid=true]:border-red-600"
                  {...aria}
                />
              )}
            </Field>
            {failure && <FailureAlert failure={failure} />}
            <div className="flex flex-wrap justify-end gap-3">
              <button type="button" className={SECONDARY_BUTTON} disabled={busy} onClick={onCancel}>
                {t('kyc.decision.cancel')}
              </button>
              <button type="submit" className={PRIMARY_BUTTON} aria-disabled={busy || undefined}>
                {busy ? t('kyc.decision.sending') : decision ? t(`kyc.decision.confirm.${decision}`) : ''}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
