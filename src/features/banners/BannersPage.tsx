/**
 * /banner: the wallet app's banners. The banners machine is assembled here with the
 * API; the editor's preview shows the banner in a phone-sized home screen before it is saved.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { usePageMessages } from '../../i18n/page-messages';
import { PageFrame } from '../../ui/PageFrame';
import { AddButton } from '../../ui/managed-list/ManagedList';
import { bannersApi } from './banners-api';
import { bannersMachine, selectIsEditor, selectIsList } from './banners-machine';
import { BANNER_MESSAGES, BANNER_MESSAGES_KEY as K } from './messages';
import type { HostedPageProps } from '../../ui/hosted-page';
import { BannerEditor } from './BannerEditor';
import { BannerList } from './BannerList';
import { DeleteBannerDialog } from './DeleteBannerDialog';

export default function BannersPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(K, BANNER_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const api = useMemo(() => bannersApi(services.api), [services.api]);
  const imageBase = services.config.apiBase;
  const actor = useActorRef(
    bannersMachine.provide({
      actors: {
        listBanners: fromPromise(({ signal }) => api.list(signal)),
        saveBanner: fromPromise(({ input }) => api.save(input.id, input.values, input.file)),
        runAction: fromPromise(({ input }) => api.run(input)),
      },
    }),
  );
  const isList = useSelector(actor, selectIsList);
  const isEditor = useSelector(actor, selectIsEditor);

  return (
    <PageFrame
      title={title}
      actions={
        isList && (
          <AddButton label={t(`${K}.add`)} onClick={() => actor.send({ type: 'banner.new', today: new Date() })} />
        )
      }
    >
      {isList && <BannerList actor={actor} t={t} imageBase={imageBase} />}
      {isEditor && <BannerEditor actor={actor} t={t} lang={lang} imageBase={imageBase} />}
      <DeleteBannerDialog actor={actor} t={t} />
    </PageFrame>
  );
}
