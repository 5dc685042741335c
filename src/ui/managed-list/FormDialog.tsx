/** A managed list's create / edit form, in a dialog over the list; its texts are `form.*` of the page's messages. */
import type { ReactNode, RefObject } from 'react';
import type { RequestFailure } from '../failure';
import { ConfirmDialog } from '../list/ConfirmDialog';
import { FailureAlert } from '../parts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function FormDialog({
  open,
  busy,
  editingName,
  failure,
  alertRef,
  k,
  onCancel,
  onSubmit,
  children,
}: {
  open: boolean;
  busy: boolean;
  /** The name of the row being edited; null when creating one. */
  editingName: string | null;
  failure: RequestFailure | null;
  alertRef: RefObject<HTMLDivElement | null>;
  k: Translate;
  onCancel: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const editing = editingName !== null;
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      wide
      title={editing ? k('form.editTitle', { name: editingName }) : k('form.addTitle')}
      description={k('form.description')}
      cancelLabel={k('form.cancel')}
      confirmLabel={editing ? k('form.save') : k('form.create')}
      busyLabel={k('form.saving')}
      onCancel={onCancel}
      onConfirm={onSubmit}
    >
      {failure && <FailureAlert ref={alertRef} failure={failure} />}
      {children}
    </ConfirmDialog>
  );
}
