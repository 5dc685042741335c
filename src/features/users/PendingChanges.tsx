/** Staff changes waiting for a second administrator: the maker sees them here, a checker decides in the inbox. */
import type { PendingUserChange } from '../../../contract/api/users';
import { AUTHORIZE_PATH } from '../../../contract/transfers';
import { ChangeRequestNotice } from '../../ui/managed-list/ChangeRequestNotice';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function PendingChanges({
  pending,
  k,
  canOpenInbox,
}: {
  pending: readonly PendingUserChange[];
  k: Translate;
  canOpenInbox: boolean;
}) {
  return (
    <ChangeRequestNotice
      id="pending-user-changes"
      changes={pending}
      title={k('pending.title')}
      text={k('pending.text')}
      mineLabel={k('pending.mine')}
      byLabel={(maker) => k('pending.by', { maker })}
      inbox={canOpenInbox ? { path: AUTHORIZE_PATH, label: k('pending.inbox') } : null}
    />
  );
}
