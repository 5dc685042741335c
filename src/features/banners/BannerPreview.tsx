/** The banner as the wallet app shows it: a card across a phone-sized home screen. */
import type { TFunction } from '../../i18n/translator';
import { ExternalLink, ImageOff } from 'lucide-react';
import { BANNER_ASPECT } from '../../../contract/banners';
import { linkHost } from './banner-form';
import { BANNER_MESSAGES_KEY as K } from './messages';

export function PhonePreview({
  imageSrc,
  title,
  link,
  t,
}: {
  imageSrc: string | null;
  title: string;
  link: string;
  t: TFunction;
}) {
  const host = linkHost(link);
  return (
    <figure
      className="mx-auto w-[min(18rem,100%)]"
      aria-label={t(`${K}.preview.phone`)}
      data-testid="banner-phone-preview"
    >
      <div className="overflow-hidden rounded-[2rem] border-[10px] border-ink bg-sunken shadow-xl">
        <div className="bg-brand-700 px-4 pt-5 pb-4 text-brand-50" aria-hidden>
          <div className="mx-auto mb-3 h-1.5 w-16 rounded-full bg-ink/60" />
          <p className="text-sm opacity-90">{t(`${K}.preview.greeting`)}</p>
          <p className="text-xs opacity-75">{t(`${K}.preview.balance`)}</p>
          <p className="text-xl font-semibold tracking-wide">•••••• XOF</p>
        </div>
        <div className="space-y-3 p-3">
          <div className="overflow-hidden rounded-xl bg-raised shadow">
            <div
              className="flex w-full items-center justify-center bg-sunken"
              style={{ aspectRatio: `${BANNER_ASPECT.width} / ${BANNER_ASPECT.height}` }}
            >
              {imageSrc ? (
                <img src={imageSrc} alt={title} className="h-full w-full object-cover" />
              ) : (
                <ImageOff size={28} aria-hidden className="text-muted" />
              )}
            </div>
            <div className="px-3 py-2">
              <p className="text-sm font-semibold text-ink" data-testid="banner-preview-title">
                {title}
              </p>
              {host && (
                <p className="mt-0.5 flex items-center gap-1 text-xs text-brand-700">
                  <ExternalLink size={12} aria-hidden />
                  {t(`${K}.preview.opens`, { host })}
                </p>
              )}
            </div>
          </div>
          <div className="grid grid-cols-4 gap-2" aria-hidden>
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="flex flex-col items-center gap-1">
                <div className="h-9 w-9 rounded-full bg-raised shadow-sm" />
                <div className="h-1.5 w-8 rounded bg-sunken" />
              </div>
            ))}
          </div>
          <div className="space-y-2" aria-hidden>
            <div className="h-8 rounded-lg bg-raised shadow-sm" />
            <div className="h-8 rounded-lg bg-raised shadow-sm" />
          </div>
        </div>
      </div>
    </figure>
  );
}
