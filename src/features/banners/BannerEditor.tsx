import { useSelector } from '@xstate/react';
import type { TFunction } from '../../i18n/translator';
import { type FormEvent, useEffect, useRef } from 'react';
import { BANNER_ACCEPT, BANNER_LANGUAGES, MAX_BANNER_BYTES } from '../../../contract/banners';
import type { Language } from '../../i18n';
import { formatFileSize } from '../../ui/files/document-file';
import { Fact, Facts, FailureAlert, Field, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../ui/parts';
import { SelectField, TextField } from '../../ui/form/FormField';
import { DateField } from '../../ui/form/DayInput';
import { ReviewActions } from '../../ui/form/ReviewActions';
import { useObjectUrl } from '../../ui/use-object-url';
import { type BannerField, checkBannerImage, placeOf } from './banner-form';
import { PhonePreview } from './BannerPreview';
import {
  selectEditing,
  selectErrors,
  selectImage,
  selectIsBusy,
  selectIsPreview,
  selectSaveFailure,
  selectValues,
} from './banners-machine';
import { BANNER_MESSAGES_KEY as K } from './messages';
import { type BannersActor, datesText, languageLabel } from './banners-view';

const bannerFieldId = (name: string) => `banner-${name}`;

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
  const editing = useSelector(actor, selectEditing);
  const values = useSelector(actor, selectValues);
  const image = useSelector(actor, selectImage);
  const errors = useSelector(actor, selectErrors);
  const preview = useSelector(actor, selectIsPreview);
  const saveFailure = useSelector(actor, selectSaveFailure);
  const busy = useSelector(actor, selectIsBusy);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const objectUrl = useObjectUrl(image && image.problem === null ? image.file : null);
  const imageSrc = objectUrl ?? (editing ? `${imageBase}${editing.imageUrl}` : null);
  const maxSize = formatFileSize(MAX_BANNER_BYTES, lang);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to the heading when the step changes.
  useEffect(() => headingRef.current?.focus(), [preview]);
  useEffect(() => {
    if (saveFailure) alertRef.current?.focus();
  }, [saveFailure]);

  const heading = preview
    ? t(`${K}.preview.title`)
    : editing
      ? t(`${K}.editor.editTitle`)
      : t(`${K}.editor.createTitle`);
  const errorText = (name: BannerField) => (errors[name] ? t(`${K}.errors.${name}`) : undefined);
  const change = (name: BannerField) => (value: string) => actor.send({ type: 'field.change', name, value });
  /** A text field's id, label, error, value and change, by its name. */
  const field = (name: Exclude<BannerField, 'image'>) => ({
    id: bannerFieldId(name),
    label: t(`${K}.editor.${name}`),
    error: errorText(name),
    value: values[name],
    onValue: change(name),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'editor.preview' });
    const now = actor.getSnapshot().context.errors;
    const first = (['title', 'link', 'language', 'startsOn', 'endsOn', 'position', 'image'] as const).find(
      (f) => now[f],
    );
    if (first) document.getElementById(bannerFieldId(first))?.focus();
  }

  const place = placeOf(values);
  return (
    <section aria-labelledby="banner-editor-title" aria-busy={busy} className="mx-auto max-w-4xl space-y-4">
      <h2
        id="banner-editor-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 outline-none"
      >
        {heading}
      </h2>
      {saveFailure && <FailureAlert ref={alertRef} failure={saveFailure} />}
      {preview ? (
        <div className="grid gap-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 md:grid-cols-2">
          <PhonePreview imageSrc={imageSrc} title={values.title.trim()} link={values.link} t={t} />
          <div className="space-y-4">
            <p className="text-sm text-slate-600">{t(`${K}.preview.intro`)}</p>
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
              onBack={() => actor.send({ type: 'editor.back' })}
              onConfirm={() => actor.send({ type: 'editor.save' })}
            />
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          className="grid gap-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6"
        >
          <div className="sm:col-span-2">
            <TextField {...field('title')} hint={t(`${K}.editor.titleHint`)} maxLength={120} />
          </div>
          <div className="sm:col-span-2">
            <Field
              id={bannerFieldId('image')}
              label={t(`${K}.editor.image`)}
              optional={editing !== null}
              hint={
                <>
                  {t(`${K}.editor.imageHint`, { size: maxSize })}
                  {editing && ` ${t(`${K}.editor.imageKeep`)}`}
                  {image && (
                    <span className="block">
                      {t(`${K}.editor.imageChosen`, {
                        name: image.file.name,
                        size: formatFileSize(image.file.size, lang),
                      })}
                    </span>
                  )}
                </>
              }
              error={errors.image ? t(`${K}.errors.image.${errors.image}`, { size: maxSize }) : undefined}
            >
              {(aria) => (
                <input
                  id={bannerFieldId('image')}
                  type="file"
                  accept={BANNER_ACCEPT}
                  onChange={async (e) => {
                    const file = e.target.files?.[0];
                    if (file) actor.send({ type: 'image.pick', image: await checkBannerImage(file) });
                  }}
                  className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
                  {...aria}
                />
              )}
            </Field>
          </div>
          <div className="sm:col-span-2">
            <TextField
              {...field('link')}
              optional
              hint={t(`${K}.editor.linkHint`)}
              type="url"
              inputMode="url"
              placeholder="https://"
            />
          </div>
          <SelectField {...field('language')}>
            {BANNER_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {languageLabel(t, l)}
              </option>
            ))}
          </SelectField>
          <TextField
            {...field('position')}
            optional
            hint={t(`${K}.editor.positionHint`, {
              where: editing ? t(`${K}.editor.positionHere`) : t(`${K}.editor.positionLast`),
            })}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder={editing ? String(editing.position) : ''}
          />
          <DateField {...field('startsOn')} />
          <DateField {...field('endsOn')} optional hint={t(`${K}.editor.endsOnHint`)} />
          <div className="sm:col-span-2">
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={values.active}
                onChange={(e) => actor.send({ type: 'active.change', active: e.target.checked })}
                className="mt-0.5 h-4 w-4 accent-brand-700"
                aria-describedby="banner-active-hint"
              />
              <span>
                <span className="font-medium">{t(`${K}.editor.active`)}</span>
                <span id="banner-active-hint" className="block text-xs text-slate-600">
                  {t(`${K}.editor.activeHint`)}
                </span>
              </span>
            </label>
          </div>
          <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
            <button type="button" className={SECONDARY_BUTTON} onClick={() => actor.send({ type: 'editor.cancel' })}>
              {t(`${K}.editor.cancel`)}
            </button>
            <button type="submit" className={PRIMARY_BUTTON}>
              {t(`${K}.editor.preview`)}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
