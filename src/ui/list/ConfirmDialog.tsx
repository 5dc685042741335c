/**
 * The checker's confirmation of a decision taken from a list (approve, reject…): a modal with
 * what is about to happen, the fields the decision needs, Cancel and the confirm button.
 * Escape or a click outside cancels, but not while the decision is on its way.
 */
import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import type { Language } from '../../i18n';
import type { RequestFailure } from '../failure';
import { Button, type ButtonVariant } from '../Button';
import { TextAreaField } from '../form/FormField';

/** What a decision dialog with a reason takes from the machine behind it. */
export interface ReasonDialogProps {
  reason: string;
  failure: RequestFailure | null;
  busy: boolean;
  lang: Language;
  onReason: (reason: string) => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  busy,
  title,
  description,
  summary,
  wide = false,
  stickyActions = false,
  cancelLabel,
  confirmLabel,
  busyLabel,
  confirmVariant = 'primary',
  onCancel,
  onConfirm,
  children,
}: {
  open: boolean;
  busy: boolean;
  title: ReactNode;
  description: ReactNode;
  /** Under the description, before the form: what the decision is about. */
  summary?: ReactNode;
  wide?: boolean;
  /** A long form (rows the user adds): Cancel and the confirm button stay at the dialog's foot while it scrolls. */
  stickyActions?: boolean;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  /** The confirm button's look: `approve` or `danger` when the decision is one. */
  confirmVariant?: ButtonVariant;
  onCancel: () => void;
  onConfirm: () => void;
  /** The form's fields and its error. */
  children?: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-backdrop" />
        <Dialog.Content
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-raised p-5 shadow-xl',
            wide ? 'w-[min(36rem,calc(100vw-2rem))]' : 'w-[min(32rem,calc(100vw-2rem))]',
          )}
        >
          <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-ink">{description}</Dialog.Description>
          {summary}
          <form
            noValidate
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              onConfirm();
            }}
          >
            {children}
            <div
              className={clsx(
                'flex flex-wrap justify-end gap-3',
                stickyActions && 'sticky bottom-0 -mx-5 border-t border-line bg-raised px-5 py-3',
              )}
            >
              <Button variant="secondary" disabled={busy} onClick={onCancel}>
                {cancelLabel}
              </Button>
              <Button type="submit" variant={confirmVariant} loading={busy} loadingLabel={busyLabel}>
                {confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The reason of a decision or a request: a labelled textarea of at most 500 characters. */
export function ReasonField(props: Omit<ComponentProps<typeof TextAreaField>, 'rows' | 'maxLength'>) {
  return <TextAreaField rows={3} maxLength={500} {...props} />;
}
