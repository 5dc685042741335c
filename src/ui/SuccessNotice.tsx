import clsx from 'clsx';
import { CircleCheck, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { IconButton } from './IconButton';

/** What the user's last action did, announced politely, until they dismiss it. */
export function SuccessNotice({
  onDismiss,
  className,
  children,
}: {
  onDismiss: () => void;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className={clsx(
        'flex items-start gap-3 rounded-lg border border-success-line bg-success-soft p-3 text-sm text-success',
        className,
      )}
    >
      <CircleCheck size={18} aria-hidden className="mt-0.5 shrink-0" />
      <div className="flex-1">{children}</div>
      {/* The negative margin keeps the notice one line tall around a full-size target. */}
      <IconButton
        size="sm"
        label={t('common.dismiss')}
        icon={<X size={16} aria-hidden className="text-success" />}
        onClick={onDismiss}
        className="-my-1.5 -mr-1.5"
      />
    </div>
  );
}
