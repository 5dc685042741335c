import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useTranslation } from '../i18n/react';
import { PageFrame } from './PageFrame';

/**
 * A page whose code or strings could not be fetched (a dropped mobile connection): say so in
 * the page's place, keep the menu, and offer to try again. Part of the main bundle, since
 * another chunk would fail to arrive for the same reason.
 */
export function PageLoadFailed({ reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <PageFrame title={t('pages.loadFailed')}>
      <button
        type="button"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
        className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('pages.retry')}
      </button>
    </PageFrame>
  );
}
