import type { TFunction } from '../../i18n/translator';
import { BANNER_LANGUAGES } from '../../../contract/banners';
import type { Language } from '../../i18n';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/form/FormField';
import { DateField } from '../../ui/form/DayInput';
import { BannerImageField } from './BannerImageField';
import { languageLabel } from './banners-view';
import { BANNER_MESSAGES_KEY as K } from './messages';
import type { BannerEditorView } from './useBannerEditor';

/** The banner's fields, checked when the teller asks for the preview. */
export function BannerForm({ view, t, lang }: { view: BannerEditorView; t: TFunction; lang: Language }) {
  const { editing, values, field } = view;
  return (
    <form
      noValidate
      onSubmit={view.submit}
      className="grid gap-5 rounded-lg border border-line bg-raised p-4 shadow-sm sm:grid-cols-2 sm:p-6"
    >
      <div className="sm:col-span-2">
        <TextField {...field('title')} hint={t(`${K}.editor.titleHint`)} maxLength={120} />
      </div>
      <div className="sm:col-span-2">
        <BannerImageField view={view} t={t} lang={lang} />
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
        <label className="flex items-start gap-2 text-sm text-ink">
          <input
            type="checkbox"
            checked={values.active}
            onChange={(e) => view.setActive(e.target.checked)}
            className="mt-0.5 h-4 w-4 accent-brand-700"
            aria-describedby="banner-active-hint"
          />
          <span>
            <span className="font-medium">{t(`${K}.editor.active`)}</span>
            <span id="banner-active-hint" className="block text-xs text-muted">
              {t(`${K}.editor.activeHint`)}
            </span>
          </span>
        </label>
      </div>
      <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
        <Button variant="secondary" onClick={view.cancel}>
          {t(`${K}.editor.cancel`)}
        </Button>
        <Button type="submit">{t(`${K}.editor.preview`)}</Button>
      </div>
    </form>
  );
}
