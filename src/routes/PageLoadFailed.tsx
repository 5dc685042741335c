import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useTranslation } from '../i18n/react';
import { PageFrame } from '../ui/PageFrame';

/**
 * A page, or the signed-in frame, whose code or strings could not be fetched (a dropped mobile
 * connection): say so in its place (keeping the menu when it is there) and offer to try again.
 * It and its strings are part of the main bundle, since another chunk would fail to arrive
 * for the same reason.
 */
export function PageLoadFailed({ reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <PageFrame title={t('common.loadFailed')}>
      <button
        type="button"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
        className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-50 hover:bg-brand-800"
      >
        {t('common.retry')}
      </button>
    </PageFrame>
  );
}
