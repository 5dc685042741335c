/** Confirms one action on a row (deactivate, delete, reset…), and shows the server's refusal in place. */
import type { ComponentProps } from 'react';
import type { RequestFailure } from '../failure';
import { ConfirmDialog } from '../list/ConfirmDialog';
import { FailureAlert } from '../parts';

type Frame = Omit<ComponentProps<typeof ConfirmDialog>, 'children' | 'summary' | 'wide' | 'stickyActions'>;

export function ActionDialog({ failure, ...frame }: Frame & { failure: RequestFailure | null }) {
  return <ConfirmDialog {...frame}>{failure && <FailureAlert failure={failure} />}</ConfirmDialog>;
}
