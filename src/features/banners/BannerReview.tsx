import type { TFunction } from '../../i18n/translator';
import { Fact, Facts } from '../../ui/parts';
import { ReviewActions } from '../../ui/form/ReviewActions';
import { placeOf } from './banner-form';
import { PhonePreview } from './BannerPreview';
import { datesText, languageLabel } from './banners-view';
import { BANNER_MESSAGES_KEY as K } from './messages';
import type { BannerEditorView } from './useBannerEditor';

/** The banner on a phone beside what was typed, to check before it is saved. */
export function BannerReview({ view, t }: { view: BannerEditorView; t: TFunction }) {
  const { values, editing, busy } = view;
  const place = placeOf(values);
  return (
    <div className="grid gap-6 rounded-lg border border-line bg-raised p-4 shadow-sm sm:p-6 md:grid-cols-2">
      <PhonePreview imageSrc={view.imageSrc} title={values.title.trim()} link={values.link} t={t} />
      <div className="space-y-4">
        <p className="text-sm text-muted">{t(`${K}.preview.intro`)}</p>
        <Facts>
          <Fact label={t(`${K}.editor.title`)}>{values.title.trim()}</Fact>
          <Fact label={t(`${K}.editor.link`)}>
            <span className="break-all">{values.link.trim() || t(`${K}.list.noLink`)}</span>
          </Fact>
          <Fact label={t(`${K}.preview.shownTo`)}>{languageLabel(t, values.language)}</Fact>
          <Fact label={t(`${K}.preview.dates`)}>
            <span className="tabular-nums">{datesText(t, values.startsOn, values.endsOn || null)}</span>
          </Fact>
          <Fact label={t(`${K}.preview.place`)}>
            {place !== null
              ? t(`${K}.list.position`, { position: place })
              : editing
                ? t(`${K}.list.position`, { position: editing.position })
                : t(`${K}.preview.placeLast`)}
          </Fact>
          <Fact label={t(`${K}.editor.active`)}>
            {values.active ? t(`${K}.preview.active`) : t(`${K}.preview.inactive`)}
          </Fact>
        </Facts>
        <ReviewActions
          busy={busy}
          backLabel={t(`${K}.preview.back`)}
          confirmLabel={t(`${K}.preview.save`)}
          busyLabel={t(`${K}.preview.saving`)}
          onBack={view.back}
          onConfirm={view.save}
        />
      </div>
    </div>
  );
}
