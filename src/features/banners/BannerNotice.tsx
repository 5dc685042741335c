import { useSelector } from '@xstate/react';
import type { TFunction } from '../../i18n/translator';
import { CircleCheck, X } from 'lucide-react';
import { selectNotice } from './banners-machine';
import { BANNER_MESSAGES_KEY as K } from './messages';
import type { BannersActor } from './banners-view';

/** What the last change did, until dismissed. */
export function BannerNotice({ actor, t }: { actor: BannersActor; t: TFunction }) {
  const notice = useSelector(actor, selectNotice);
  if (!notice) return null;
  return (
    <div
      role="status"
      className="mb-4 flex items-start gap-3 rounded-lg border border-success-line bg-success-soft p-3 text-sm text-success"
    >
      <CircleCheck size={18} aria-hidden className="mt-0.5 shrink-0" />
      <p className="flex-1">{t(`${K}.done.${notice.key}`, { title: notice.title })}</p>
      <button
        type="button"
        aria-label={t('common.dismiss')}
        onClick={() => actor.send({ type: 'notice.dismiss' })}
        className="rounded p-0.5 hover:bg-success-soft"
      >
        <X size={16} aria-hidden />
      </button>
    </div>
  );
}
