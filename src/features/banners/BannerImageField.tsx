import type { TFunction } from '../../i18n/translator';
import { BANNER_ACCEPT } from '../../../contract/banners';
import type { Language } from '../../i18n';
import { formatFileSize } from '../../ui/files/document-file';
import { Field } from '../../ui/parts';
import { BANNER_MESSAGES_KEY as K } from './messages';
import { bannerFieldId, type BannerEditorView } from './useBannerEditor';

/** The banner's image: optional when changing a banner, which then keeps the one it has. */
export function BannerImageField({ view, t, lang }: { view: BannerEditorView; t: TFunction; lang: Language }) {
  const { editing, image, errors, maxSize } = view;
  return (
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
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void view.pickImage(file);
          }}
          className="block w-full text-sm text-ink file:mr-3 file:rounded-md file:border-0 file:bg-sunken file:px-3 file:py-2 file:text-sm file:font-medium file:text-ink hover:file:bg-sunken"
          {...aria}
        />
      )}
    </Field>
  );
}
