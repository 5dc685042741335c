import type { TFunction } from '../../i18n/translator';
import type { Language } from '../../i18n';
import { FailureAlert } from '../../ui/parts';
import { BannerForm } from './BannerForm';
import { BannerReview } from './BannerReview';
import type { BannersActor } from './banners-view';
import { useBannerEditor } from './useBannerEditor';

/** A new banner or a change to one, with its image, then a preview on a phone-sized home screen before it is saved. */
export function BannerEditor({
  actor,
  t,
  lang,
  imageBase,
}: {
  actor: BannersActor;
  t: TFunction;
  lang: Language;
  imageBase: string;
}) {
  const view = useBannerEditor(actor, t, lang, imageBase);
  return (
    <section aria-labelledby="banner-editor-title" aria-busy={view.busy} className="mx-auto max-w-4xl space-y-4">
      <h2
        id="banner-editor-title"
        ref={view.headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-ink outline-none"
      >
        {view.heading}
      </h2>
      {view.saveFailure && <FailureAlert ref={view.alertRef} failure={view.saveFailure} />}
      {view.preview ? <BannerReview view={view} t={t} /> : <BannerForm view={view} t={t} lang={lang} />}
    </section>
  );
}
