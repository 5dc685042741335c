/** Staff changes waiting for a second administrator: the maker sees them here, a checker decides in the inbox. */
import { Link } from '@tanstack/react-router';
import { Hourglass } from 'lucide-react';
import { AUTHORIZE_PATH } from '../../../contract/transfers';
import type { PendingUserChange } from '../../../contract/api/users';
import { formatDateTime } from '../../ui/values';

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
  if (pending.length === 0) return null;
  return (
    <section
      aria-labelledby="pending-user-changes"
      data-testid="pending-user-changes"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h2 id="pending-user-changes" className="flex items-center gap-2 font-semibold">
        <Hourglass size={16} aria-hidden />
        {k('pending.title')}
      </h2>
      <p className="mt-1 text-amber-900">{k('pending.text')}</p>
      <ul className="mt-2 space-y-1">
        {pending.map((change) => (
          <li key={change.id} className="break-words">
            <span className="font-medium">{change.summary}</span>{' '}
            <span className="text-amber-900">
              — {change.mine ? k('pending.mine') : k('pending.by', { maker: change.maker })},{' '}
              {formatDateTime(change.createdAt)}
            </span>
          </li>
        ))}
      </ul>
      {canOpenInbox && (
        <Link to={AUTHORIZE_PATH} className="mt-2 inline-block font-medium underline">
          {k('pending.inbox')}
        </Link>
      )}
    </section>
  );
}
