import { useSelector } from '@xstate/react';
import type { TFunction } from '../../i18n/translator';
import { SuccessNotice } from '../../ui/SuccessNotice';
import { selectNotice } from './banners-machine';
import { BANNER_MESSAGES_KEY as K } from './messages';
import type { BannersActor } from './banners-view';

/** What the last change did, until dismissed. */
export function BannerNotice({ actor, t }: { actor: BannersActor; t: TFunction }) {
  const notice = useSelector(actor, selectNotice);
  if (!notice) return null;
  return (
    <SuccessNotice className="mb-4" onDismiss={() => actor.send({ type: 'notice.dismiss' })}>
      <p>{t(`${K}.done.${notice.key}`, { title: notice.title })}</p>
    </SuccessNotice>
  );
}
