// What the parts of the banners page share: the actor they read, and a banner's language and dates in words.
import type { TFunction } from '../../i18n/translator';
import type { ActorRefFrom } from 'xstate';
import type { BannerLanguage } from '../../../contract/banners';
import { formatDay } from '../../i18n/format';
import type { bannersMachine } from './banners-machine';
import { BANNER_MESSAGES_KEY as K } from './messages';

export type BannersActor = ActorRefFrom<typeof bannersMachine>;

export const languageLabel = (t: TFunction, language: BannerLanguage) => t(`${K}.languages.${language}`);

export function datesText(t: TFunction, startsOn: string, endsOn: string | null) {
  return endsOn
    ? t(`${K}.list.fromTo`, { from: formatDay(startsOn), to: formatDay(endsOn) })
    : t(`${K}.list.from`, { date: formatDay(startsOn) });
}
