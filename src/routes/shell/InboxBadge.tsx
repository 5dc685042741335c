import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ClipboardCheck } from 'lucide-react';
import { useSignedInServices } from '../../app/SignedInServicesContext';
import { useTranslation } from '../../i18n/react';
import { selectInboxCount } from '../../machines/inbox-count';
import { AUTHORIZE_PATH } from '../../../contract/authorize-path';

/** The count of requests waiting for the user's decision, on the inbox's menu item; nothing at zero. */
export function InboxBadge() {
  const { t } = useTranslation();
  const count = useSelector(useSignedInServices().inbox, selectInboxCount);
  if (!count) return null;
  return (
    <span
      data-testid="inbox-badge"
      title={t('inbox.badge', { count })}
      className="ml-auto shrink-0 rounded-full bg-danger px-2 py-0.5 text-xs font-semibold text-inverse"
    >
      {count}
      <span className="sr-only"> {t('inbox.badge', { count })}</span>
    </span>
  );
}

/** The home page's card: what waits for the user's decision, a link to the inbox. */
export function InboxCard() {
  const { t } = useTranslation();
  const count = useSelector(useSignedInServices().inbox, selectInboxCount);
  if (count === null) return null;
  return (
    <Link
      to={AUTHORIZE_PATH}
      data-testid="inbox-card"
      className="mb-6 flex items-center gap-3 rounded-lg border border-line bg-raised p-4 shadow-sm hover:border-brand-500"
    >
      <span className="rounded-md bg-accent-soft p-2 text-accent">
        <ClipboardCheck size={20} aria-hidden />
      </span>
      <span className="text-2xl font-semibold tabular-nums text-ink">{count}</span>
      <span className="text-sm text-ink">{t('inbox.badge', { count })}</span>
    </Link>
  );
}
